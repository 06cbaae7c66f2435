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

    /// Each supplement of `stack` with its taken state from `logs` (one day's; the last log of a
    /// supplement decides).
    static func statuses(of stack: SupplementStack, logs: [SupplementLog]) -> [SupplementStatus] {
        stack.supplements.map { supplement in
            let log = logs.last { $0.supplementID == supplement.id }
            return SupplementStatus(supplement: supplement, taken: log?.taken ?? false, recordedAt: log?.timestamp)
        }
    }
}
