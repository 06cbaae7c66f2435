import Foundation

/// Work with a time limit that never waits for work which ignores cancellation: a call blocked
/// on a database that hangs, say.
public enum Deadline {
    /// Returns what `body` returns, or throws `timeout()` once `limit` has passed, whichever
    /// comes first. Work still running then is cancelled and left to end on its own; the caller
    /// does not wait for it. Cancelling the caller cancels the work.
    public static func run<Result: Sendable>(
        within limit: Duration, orThrow timeout: @escaping @Sendable () -> any Error,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let answer = FirstAnswer<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                answer.start(continuation)
                let work = Task {
                    do {
                        answer.resume(with: .success(try await body()))
                    } catch {
                        answer.resume(with: .failure(error))
                    }
                }
                let timer = Task {
                    try await Task.sleep(for: limit)
                    if answer.resume(with: .failure(timeout())) { work.cancel() }
                }
                answer.whenResumed { timer.cancel() }
                answer.whenCancelled { work.cancel() }
            }
        } onCancel: {
            answer.cancel()
        }
    }
}

/// Resumes a continuation with the first result given; later ones are ignored.
private final class FirstAnswer<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result, any Error>?
    private var resumed = false
    private var cancelled = false
    private var onResume: [@Sendable () -> Void] = []
    private var onCancel: [@Sendable () -> Void] = []

    func start(_ continuation: CheckedContinuation<Result, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Runs `action` once the continuation is resumed (at once when it already is).
    func whenResumed(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if !resumed { onResume.append(action) }
            return resumed
        }
        if now { action() }
    }

    /// Runs `action` once the caller is cancelled (at once when it already is).
    func whenCancelled(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if !cancelled { onCancel.append(action) }
            return cancelled
        }
        if now { action() }
    }

    func cancel() {
        let actions = lock.withLock {
            cancelled = true
            defer { onCancel = [] }
            return onCancel
        }
        for action in actions { action() }
    }

    /// Whether this result was the first.
    @discardableResult
    func resume(with result: Swift.Result<Result, any Error>) -> Bool {
        let taken: (CheckedContinuation<Result, any Error>, [@Sendable () -> Void])? = lock.withLock {
            guard let continuation, !resumed else { return nil }
            self.continuation = nil
            resumed = true
            defer { onResume = [] }
            return (continuation, onResume)
        }
        guard let (continuation, actions) = taken else { return false }
        continuation.resume(with: result)
        for action in actions { action() }
        return true
    }
}
