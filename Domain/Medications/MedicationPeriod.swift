import Foundation

/// How often a medication falls due (`--every 12h|1d|4w|3mo`): a count of hours, days, weeks or
/// months. Hours are elapsed time from the first dose; days and weeks keep the local time of day
/// across changes of clocks; months keep the day of the month of the first dose (the month's last
/// day when it has fewer days). Written and stored as its ``description`` (`12h`, `3mo`).
public struct MedicationPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The unit a period counts in.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        /// Elapsed hours (`h`).
        case hours = "h"
        /// Calendar days (`d`).
        case days = "d"
        /// Calendar weeks (`w`).
        case weeks = "w"
        /// Calendar months (`mo`).
        case months = "mo"
    }

    /// How many units, within ``counts``.
    public let count: Int
    /// What it counts.
    public let unit: Unit

    /// The counts a period may have: at least one, at most 999.
    public static let counts = 1...999

    /// `count` `unit`s, or `nil` when `count` is not in ``counts``.
    public init?(count: Int, unit: Unit) {
        guard Self.counts.contains(count) else { return nil }
        self.count = count
        self.unit = unit
    }

    /// Reads `12h`, `1d`, `4w`, `3mo` (digits, then the unit; no spaces, no sign); `nil` for anything
    /// else, a count of 0 included.
    public init?(_ text: String) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let count = Int(digits),
              let unit = Unit(rawValue: String(text.dropFirst(digits.count))) else { return nil }
        self.init(count: count, unit: unit)
    }

    /// Parses `text` (``init(_:)``, surrounding spaces ignored), or throws an error that names it.
    public static func parse(_ text: String) throws(MedicationError) -> MedicationPeriod {
        guard let period = MedicationPeriod(text.trimmingCharacters(in: .whitespaces)) else {
            throw .invalidPeriod(text)
        }
        return period
    }

    public var description: String { "\(count)\(unit.rawValue)" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = MedicationPeriod(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a period (12h, 1d, 4w, 3mo): \(text)")
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
