import Foundation
import WellnessDomain

/// A supplement with whether it was taken on the day asked about.
public struct SupplementStatus: Sendable, Equatable {
    public let supplement: Supplement
    public let taken: Bool
    /// When the taken state was last set, if ever.
    public let recordedAt: Date?
}
