import Foundation
import WellnessDomain

/// A goal reference that matches no goal, or more than one.
public struct GoalReferenceError: WellnessError, Equatable {
    /// The reference as given.
    public let reference: String
    /// Whether it matched several goals (else none).
    public let ambiguous: Bool

    /// The error for `reference`, which matched several goals when `ambiguous`, else none.
    public init(reference: String, ambiguous: Bool) {
        self.reference = reference
        self.ambiguous = ambiguous
    }

    public enum Code: String, CaseIterable, Sendable {
        case notFound
        case ambiguous
    }

    public static let family = "goalReference"

    public var code: Code { ambiguous ? .ambiguous : .notFound }

    public var details: [LocalizedText.Argument] { [.verbatim(reference)] }
}
