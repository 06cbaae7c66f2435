import Foundation
import WellnessDomain

/// The one owner of "online" for a client process (the design's ``NetworkStateMachine``): every
/// call to the server goes through ``call(sendingFirst:_:)``, by way of one decorator per
/// remote port (``ConnectedCheckinAPI``, ``ConnectedDriftRemote``, ``ConnectedSessionAPI``,
/// ``ConnectedGoalTipsService``), and no command decides it by hand.
///
/// The machine starts online. A call the server does not answer (``ApiFailure/isUnreachable``:
/// refused, not connected in time, no answer within the response timeout) takes it offline,
/// and from then on every call fails at once with ``ApiFailure/offline`` — the rest of the
/// command does not try again: reads answer from the cache, writes wait in the queue. The first
/// call of a process that is not itself sending the queue gives the waiting check-ins their
/// chance to go out first, for at most ``limit``, and then the changes a syncing store holds
/// for the server (``sendingFirst(_:)``). An app that watches the platform's connectivity feeds
/// its events to ``handle(_:sendingWith:)``.
public actor ServerConnectivity {
    private var machine = NetworkStateMachine(state: .online)
    private var sentWaiting = false
    /// Sends the changes a syncing store holds for the server, within a limit.
    private var pendingChanges: (@Sendable (Duration) async -> Void)?
    /// How long sending the queue may hold up the call that follows it.
    public let limit: Duration

    /// Connectivity of a process that has not yet called the server; the queue is sent for at
    /// most `limit` (3 seconds by default) before the first call.
    public init(limit: Duration = .seconds(3)) {
        self.limit = limit
    }

    /// Whether no call has found the server unreachable (since the platform last reported a
    /// connection).
    public var isOnline: Bool { machine.isOnline }

    /// Runs one call to the server: offline, it throws ``ApiFailure/offline`` without trying;
    /// the first call of the process sends the waiting check-ins with `flush` first; a failure
    /// that means the server is unreachable takes the machine offline before it is rethrown.
    public func call<Value: Sendable>(sendingFirst flush: FlushCheckinQueue? = nil,
                                      _ body: @Sendable () async throws -> Value) async throws -> Value {
        if let flush { await sendWaiting(with: flush) }
        guard machine.isOnline else { throw ApiFailure.offline }
        do {
            return try await body()
        } catch {
            record(error)
            throw error
        }
    }

    /// ``call(sendingFirst:_:)`` for a tips service, whose errors are typed as
    /// ``GoalTipsServiceError``; offline, it throws `.unavailable`.
    public func callTipsService<Value: Sendable>(
        sendingFirst flush: FlushCheckinQueue? = nil,
        _ body: @Sendable () async throws(GoalTipsServiceError) -> Value
    ) async throws(GoalTipsServiceError) -> Value {
        if let flush { await sendWaiting(with: flush) }
        guard machine.isOnline else { throw .unavailable("the server could not be reached") }
        do {
            return try await body()
        } catch {
            if ApiFailure(error).isUnreachable { _ = machine.handle(.disconnected) }
            throw error
        }
    }

    /// Once per process (and again after the platform reported the connection back): sends
    /// the waiting check-ins with `flush`, then the changes of ``sendingFirst(_:)``, each for at
    /// most ``limit``. Does nothing while offline.
    public func sendWaiting(with flush: FlushCheckinQueue) async {
        guard !sentWaiting, machine.isOnline else { return }
        sentWaiting = true
        await flush.sendWaiting(within: limit)
        if let pendingChanges, machine.isOnline { await pendingChanges(limit) }
    }

    /// What a syncing store sends before the process's first read from the server, after the
    /// check-in queue: `send` is given the most time it may take, and gives up after it (what
    /// it did not send stays pending). A change made while the server could not be reached so
    /// goes out with the next command that reaches it, not only with the next write or sync.
    /// Setting it again replaces the earlier one.
    public func sendingFirst(_ send: @escaping @Sendable (_ limit: Duration) async -> Void) {
        pendingChanges = send
    }

    /// A platform's connectivity report. Back online, the queue is sent with `flush`.
    public func handle(_ event: NetworkStateMachine.Event, sendingWith flush: FlushCheckinQueue? = nil) async {
        for effect in machine.handle(event) {
            switch effect {
            case .flushCheckinQueue:
                sentWaiting = false
                if let flush { await sendWaiting(with: flush) }
            }
        }
    }

    private func record(_ error: any Error) {
        if ApiFailure.isUnreachable(error) { _ = machine.handle(.disconnected) }
    }
}
