import WellnessDomain

/// What became of a check-in: where it is kept, and whether the server has it.
public struct CheckinReceipt: Sendable, Equatable {
    /// Where the check-in went besides this device.
    public enum Delivery: Sendable, Equatable {
        /// Kept on this device only: no server is set up.
        case local
        /// The server has it.
        case sent
        /// The server already had a check-in for the day (409) and kept its own; it left the
        /// queue, as there is nothing left to send.
        case alreadyThere
        /// Queued: the server could not take it now; the next sync sends it.
        case queued
        /// Queued: the server asked to wait (429); the next sync sends it, no try was used up.
        case rateLimited
        /// Queued, and the server refused the session (401): the token is cleared, and the
        /// check-in is sent once the person logs in again.
        case sessionEnded
    }

    /// The check-in as saved.
    public let checkin: Checkin
    /// Where it went besides this device.
    public let delivery: Delivery

    /// A receipt for `checkin`, delivered as `delivery` says.
    public init(checkin: Checkin, delivery: Delivery) {
        self.checkin = checkin
        self.delivery = delivery
    }
}
