import Foundation
import Testing
@testable import WellnessServer

/// `/readyz` answers within its limit even when the store never does.
@Suite("Readiness limit")
struct ReadinessLimitTests {
    struct Failure: Error, Equatable {}

    @Test("a check that answers in time: its result, success or error")
    func answersInTime() async throws {
        try await APIServer.finish(within: .seconds(300)) {}
        await #expect(throws: Failure()) {
            try await APIServer.finish(within: .seconds(300)) { throw Failure() }
        }
    }

    @Test("a check that hangs, ignoring cancellation: ReadinessTimeout at the limit, without waiting for it to end")
    func hangs() async throws {
        let ended = Flag()
        // A blocked call that cancellation cannot reach: it ends when the test opens the gate
        // (or after 900 s, so that a wrong implementation fails instead of hanging the run; a
        // busy machine can leave the limit's timer unscheduled for well over 120 s).
        let gate = Gate(opensAfter: 900)
        await #expect(throws: ReadinessTimeout.self) {
            try await APIServer.finish(within: .milliseconds(200)) {
                await gate.wait()
                ended.set()
            }
        }
        #expect(!ended.value, "finish waited for the hung check to end")
        gate.open()
    }

    @Test("a check that honours cancellation is cancelled at the limit")
    func cancelled() async throws {
        let cancelled = Flag()
        // Opened by the check once cancelled (or after 900 s, when it was not).
        let done = Gate(opensAfter: 900)
        await #expect(throws: ReadinessTimeout.self) {
            try await APIServer.finish(within: .milliseconds(100)) {
                do {
                    try await Task.sleep(for: .seconds(300))
                } catch {
                    cancelled.set()
                    done.open()
                    throw error
                }
            }
        }
        await done.wait()
        #expect(cancelled.value)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}

/// Holds its waiters until opened.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(opensAfter seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in open() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lock.withLock {
                if !isOpen { waiters.append(continuation) }
                return isOpen
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}
