import Foundation

/// A value a person typed that is not one of the values its field accepts.
public struct InvalidValue: WellnessError, Equatable {
    /// What was being read.
    public enum Field: String, CaseIterable, Sendable {
        case module
        case nudgeID
        case store
        case locale
        case journalTag
        case timeOfDay
        case supplement
        case ambiguousSupplement
        case intervention
        case muscleGroup
        case equipment
        case tier
        case adherenceWindow
        case dayCount
        case idReference
        case healthType
        /// A time of day on the wall clock (`HH:MM`).
        case wallTime
        /// What a puppy met, by category (`socialization log --category`).
        case socializationCategory
        /// A milestone's id (`milestones reach ID`).
        case milestone
        /// A document's kind (`vaccination`, `vet`, …).
        case documentKind
    }

    /// The field whose value was refused.
    public let kind: Field
    /// The text that was given.
    public let value: String
    /// What would have been accepted (values or forms).
    public let valid: [String]

    public init(kind: Field, value: String, valid: [String]) {
        self.kind = kind
        self.value = value
        self.valid = valid
    }

    public typealias Code = Field

    public static let family = "invalidValue"

    public var code: Field { kind }

    public var details: [LocalizedText.Argument] { [.verbatim(value), .verbatim(valid.joined(separator: ", "))] }
}
