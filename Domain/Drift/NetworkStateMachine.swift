/// Connectivity as the design's network state machine sees it: the app starts online; losing
/// the connection goes offline; getting it back goes online and flushes the check-in queue.
public struct NetworkStateMachine: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        case online, offline
    }

    public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
        /// The platform reports a connection.
        case connected
        /// The platform reports no connection.
        case disconnected
    }

    public enum Effect: String, Sendable, Hashable, Codable, CaseIterable {
        /// Send the queued check-ins.
        case flushCheckinQueue
    }

    public private(set) var state: State

    /// A machine in `state`; the app starts `online`.
    public init(state: State = .online) {
        self.state = state
    }

    /// Whether the offline banner is hidden.
    public var isOnline: Bool { state == .online }

    /// Moves to the state `event` leads to. Only the offline → online transition has an effect
    /// (flush the queue); a repeated report of the current state does nothing.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch (state, event) {
        case (.offline, .connected):
            state = .online
            return [.flushCheckinQueue]
        case (.online, .disconnected):
            state = .offline
            return []
        case (.online, .connected), (.offline, .disconnected):
            return []
        }
    }
}
