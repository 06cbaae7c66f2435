import Foundation
import WellnessDomain

/// Today's check-in, or that there is none yet, and who said so.
public struct CheckinToday: Sendable, Equatable {
    /// Who answered.
    public enum Source: String, Sendable, Equatable, Codable {
        /// The server, logged in.
        case server
        /// This device's store.
        case local
    }

    /// Today's check-in; `nil`: not yet.
    public let checkin: Checkin?
    /// Who answered.
    public let source: Source
    /// The server could not be reached: the answer is the cache's (from `fetchedAt`) or this device's.
    public let offline: Bool
    /// When the server's answer was fetched, for an answer of the server.
    public let fetchedAt: Date?

    /// An answer of `source`.
    public init(checkin: Checkin?, source: Source, offline: Bool = false, fetchedAt: Date? = nil) {
        self.checkin = checkin
        self.source = source
        self.offline = offline
        self.fetchedAt = fetchedAt
    }
}
