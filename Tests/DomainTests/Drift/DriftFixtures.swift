import Foundation
import WellnessDomain
import WellnessTestSupport

/// Check-ins and days for the Drift tests.
enum DriftFixtures {
    /// Sunday 2026-03-29 (the day Amsterdam moves to summer time, which must not matter).
    static let today = Fixtures.day("2026-03-29")

    /// A valid check-in; traps when the ratings are out of range.
    static func checkin(_ day: String, energy: Int, stress: Int, social: Int, contact: String? = nil) -> Checkin {
        do {
            return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social,
                               keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a test: \(error)")
        }
    }

    /// A check-in whose drift index is `total / 3`, made of energy 6 − a, stress b, social 6 − c
    /// with a + b + c = total (3...15).
    static func checkin(_ day: String, driftTotal total: Int) -> Checkin {
        precondition((3...15).contains(total), "a drift total is 3...15")
        let fromEnergy = min(5, total - 2)
        let fromStress = min(5, total - fromEnergy - 1)
        let fromSocial = total - fromEnergy - fromStress
        return checkin(day, energy: 6 - fromEnergy, stress: fromStress, social: 6 - fromSocial)
    }

    /// JSON with sorted keys, as a string.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
