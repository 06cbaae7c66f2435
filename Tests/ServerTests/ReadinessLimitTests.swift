import Foundation
import Testing
@testable import WellnessServer

/// `/readyz` answers within its limit even when the store never does.
@Suite("Readiness limit")
struct ReadinessLimitTests {
    struct Failure: Error, Equatable {}

    @Test("a check that answers in time: its result, success or error")
    func answersInTime() async throws {
        try await APIServer.finish(within: .seconds(30)) {}
        await #expect(throws: Failure()) {
            try await APIServer.finish(within: .seconds(30)) { throw Failure() }
        }
    }

    @Test("a check that hangs, ignoring cancellation: ReadinessTimeout at the limit, without waiting for it")
    func hangs() async throws {
        let started = ContinuousClock.now
        await #expect(throws: ReadinessTimeout.self) {
            try await APIServer.finish(within: .milliseconds(200)) {
                // A blocked call that cancellation cannot reach, ending on its own 30 s later.
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 30) { continuation.resume() }
                }
            }
        }
        #expect(ContinuousClock.now - started < .seconds(20), "it did not wait for the hung check")
    }

    @Test("a check that honours cancellation is cancelled at the limit")
    func cancelled() async throws {
        let cancelled = Flag()
        await #expect(throws: ReadinessTimeout.self) {
            try await APIServer.finish(within: .milliseconds(100)) {
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    cancelled.set()
                    throw error
                }
            }
        }
        // The cancelled sleep ends at once; give its task a bounded moment to record it.
        for _ in 0..<100 where !cancelled.value { try await Task.sleep(for: .milliseconds(50)) }
        #expect(cancelled.value)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}
