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

    /// Waits until `holds` is true of the changes read so far (checked every 10 ms, for at most
    /// `seconds`) and returns them; on time-out returns them as they are, for the test's
    /// expectation to fail with.
    @discardableResult
    public func wait(atMost seconds: Double = 10, until holds: @Sendable ([StoreChange]) -> Bool)
        async -> [StoreChange] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let now = await received.changes
            if holds(now) { return now }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await received.changes
    }

    /// Waits (as ``wait(atMost:until:)``) for a change that touches `collection` from `origin`.
    @discardableResult
    public func wait(for collection: RecordCollection, from origin: StoreChange.Origin = .thisProcess,
                     atMost seconds: Double = 10) async -> [StoreChange] {
        await wait(atMost: seconds) { changes in
            changes.contains { $0.origin == origin && $0.touches(collection) }
        }
    }

    /// Waits (at most `seconds`) until the sequence ended; whether it did.
    public func waitUntilFinished(atMost seconds: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await received.finished { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await received.finished
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
