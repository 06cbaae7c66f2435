import Foundation
import WellnessDomain

/// A supplement with whether it was taken on the day asked about.
public struct SupplementStatus: Sendable, Equatable {
    /// The supplement.
    public let supplement: Supplement
    /// Whether it was taken on that day.
    public let taken: Bool
    /// When the taken state was last set, if ever.
    public let recordedAt: Date?
}
