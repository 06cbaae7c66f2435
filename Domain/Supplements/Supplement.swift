import Foundation

/// A supplement in the person's morning or evening stack.
public struct Supplement: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<Supplement, UUID>

    /// When in the day it is taken.
    public enum TimeOfDay: String, Sendable, Codable, CaseIterable, Comparable {
        case morning
        case evening

        public var name: LocalizedText { LocalizedText("supplement.time.\(rawValue)") }

        public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs == .morning && rhs == .evening }

        public static func parse(_ text: String) throws(InvalidValue) -> TimeOfDay {
            guard let time = TimeOfDay(rawValue: text.lowercased()) else {
                throw InvalidValue(kind: .timeOfDay, value: text, valid: allCases.map(\.rawValue))
            }
            return time
        }
    }

    public let id: ID
    public var name: String
    public var timeOfDay: TimeOfDay
    public var dosage: String
    public var isActive: Bool
    /// Position within its time of day (lower first).
    public var sortOrder: Int

    public init(id: ID = ID(), name: String, timeOfDay: TimeOfDay, dosage: String, isActive: Bool = true,
                sortOrder: Int = 0) {
        self.id = id
        self.name = name
        self.timeOfDay = timeOfDay
        self.dosage = dosage
        self.isActive = isActive
        self.sortOrder = sortOrder
    }

    /// Morning before evening, then by sort order, then name.
    public static func displayOrder(_ a: Supplement, _ b: Supplement) -> Bool {
        (a.timeOfDay, a.sortOrder, a.name) < (b.timeOfDay, b.sortOrder, b.name)
    }
}

/// Whether a supplement was taken on a day, and when that was recorded.
public struct SupplementLog: Sendable, Equatable, Codable {
    public let day: LocalDay
    public let supplementID: Supplement.ID
    public let taken: Bool
    public let timestamp: Date

    public init(day: LocalDay, supplementID: Supplement.ID, taken: Bool, timestamp: Date) {
        self.day = day
        self.supplementID = supplementID
        self.taken = taken
        self.timestamp = timestamp
    }
}
