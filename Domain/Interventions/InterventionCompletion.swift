import Foundation

/// One logged completion of an intervention, at an explicit moment, on a local day.
public struct InterventionCompletion: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<InterventionCompletion, UUID>

    /// Where a completion came from.
    public enum Source: String, Sendable, Codable, CaseIterable {
        /// Ticked off when it happened.
        case tracked
        /// Settled later as "done" from the catch-up deck (and replaced if decided again).
        case catchUp
    }

    public let id: ID
    public let interventionID: Intervention.ID
    /// The local day it counts for.
    public let day: LocalDay
    public let timestamp: Date
    public let count: Int
    public let source: Source

    /// The counts one completion may carry: what the CLI, the deck and a restore accept.
    public static let counts = 1...1000

    public init(id: ID = ID(), interventionID: Intervention.ID, day: LocalDay, timestamp: Date, count: Int,
                source: Source) {
        self.id = id
        self.interventionID = interventionID
        self.day = day
        self.timestamp = timestamp
        self.count = count
        self.source = source
    }
}
