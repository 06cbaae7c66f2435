import Foundation
import WellnessDomain

/// The client's side of the design's network state machine (``NetworkStateMachine``), for one
/// login to a server: getting the connection back goes online and sends the waiting check-ins.
///
/// A process starts not knowing, so offline: its first call to the server
/// (``willCallServer()``) is the `connected` event, whose effect sends the queue for at most
/// ``limit`` — so a check-in queued while offline goes out the next time the person does
/// anything online. A call that finds the server unreachable (``serverUnreachable()``) goes
/// offline again, and the next call sends the queue again. An app that watches the platform's
/// connectivity feeds its events to ``handle(_:)``.
public actor ServerConnectivity {
    private var machine: NetworkStateMachine
    /// Sends the queue.
    public nonisolated let flush: FlushCheckinQueue
    /// How long sending the queue may hold up the call that follows it.
    public let limit: Duration

    /// Connectivity that sends the queue with `flush`, for at most `limit` (3 seconds by default); it
    /// starts offline.
    public init(flush: FlushCheckinQueue, limit: Duration = .seconds(3)) {
        self.flush = flush
        self.limit = limit
        machine = NetworkStateMachine(state: .offline)
    }

    /// Whether the last call reached the server.
    public var isOnline: Bool { machine.isOnline }

    /// Before a call to the server: from offline, the `connected` event and its effects. When
    /// the queue cannot be sent for want of a connection, the machine goes back offline.
    public func willCallServer() async {
        await handle(.connected)
    }

    /// A call found the server unreachable.
    public func serverUnreachable() {
        _ = machine.handle(.disconnected)
    }

    /// A connectivity event (a platform's report, or one of the calls above).
    public func handle(_ event: NetworkStateMachine.Event) async {
        for effect in machine.handle(event) {
            switch effect {
            case .flushCheckinQueue:
                if await flush.sendWaiting(within: limit)?.offline == true { serverUnreachable() }
            }
        }
    }
}

/// Tips from the server, asked only after ``ServerConnectivity`` had the chance to send the
/// waiting check-ins (every call to the server goes the same way); a tips service that cannot be
/// reached takes the connectivity offline.
public struct ConnectedGoalTipsService: GoalTipsService {
    let service: any GoalTipsService
    let connectivity: ServerConnectivity

    /// Asks `service` for tips, through `connectivity` first.
    public init(_ service: any GoalTipsService, connectivity: ServerConnectivity) {
        self.service = service
        self.connectivity = connectivity
    }

    /// Lets `connectivity` send the waiting check-ins, then asks the service; an `.unavailable` failure
    /// also takes `connectivity` offline.
    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        await connectivity.willCallServer()
        do {
            return try await service.tips(for: goal, context: context)
        } catch .unavailable(let reason) {
            await connectivity.serverUnreachable()
            throw .unavailable(reason)
        }
    }
}
