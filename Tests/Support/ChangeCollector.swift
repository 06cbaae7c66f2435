import Foundation
import WellnessApplication
import WellnessDomain

/// Reads a store's change sequence in a task of its own and keeps what arrives, so a test can
/// wait (bounded) for the changes it expects. ``stop()`` cancels the reading task.
public final class ChangeCollector: Sendable {
    private let received = Received()
    private let reader: Task<Void, Never>

    /// Starts reading `changes`.
    public init(_ changes: AsyncStream<StoreChange>) {
        let received = received
        reader = Task {
            for await change in changes { await received.append(change) }
            await received.finish()
        }
    }

    /// Every change read so far.
    public var changes: [StoreChange] {
        get async { await received.changes }
    }

    /// Whether the sequence ended (its task was cancelled).
    public var finished: Bool {
        get async { await received.finished }
    }

    /// Waits until `holds` is true of the changes read so far and returns them; after `checks`
    /// checks 10 ms apart (or `seconds`, whichever comes first) returns them as they are, for the
    /// test's expectation to fail with. Counting checks rather than only time keeps the wait
    /// fair when the whole suite crowds the machine: the polling tasks get as many turns.
    @discardableResult
    public func wait(checks: Int = 30_000, atMost seconds: Double = 300,
                     until holds: @Sendable ([StoreChange]) -> Bool) async -> [StoreChange] {
        await poll(checks: checks, atMost: seconds) { holds(await self.received.changes) }
        return await received.changes
    }

    /// Waits (as ``wait(checks:atMost:until:)``) for a change that touches `collection` from `origin`.
    @discardableResult
    public func wait(for collection: RecordCollection, from origin: StoreChange.Origin = .thisProcess)
        async -> [StoreChange] {
        await wait { changes in
            changes.contains { $0.origin == origin && $0.touches(collection) }
        }
    }

    /// Waits (as ``wait(checks:atMost:until:)``) until the sequence ended; whether it did.
    public func waitUntilFinished(checks: Int = 30_000, atMost seconds: Double = 300) async -> Bool {
        await poll(checks: checks, atMost: seconds) { await self.received.finished }
        return await received.finished
    }

    /// Checks `done` every 10 ms until it holds, at most `checks` times and `seconds` long.
    private func poll(checks: Int, atMost seconds: Double, until done: @Sendable () async -> Bool) async {
        let deadline = Date().addingTimeInterval(seconds)
        for _ in 0..<checks where Date() < deadline {
            if await done() { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Cancels the reading task, which ends the sequence.
    public func stop() {
        reader.cancel()
    }

    private actor Received {
        var changes: [StoreChange] = []
        var finished = false

        func append(_ change: StoreChange) { changes.append(change) }
        func finish() { finished = true }
    }
}
