import Foundation

/// Runs blocking `work` (waiting for a child process, polling a socket) on a thread of its own
/// and awaits its result, so it never holds one of Swift's cooperative threads. There is one of
/// those per core (two on CI), and the in-process servers and stores of the tests running in
/// parallel need them to make progress: a test that blocks one starves the others.
public func offTheCooperativePool<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        onThreadOfItsOwn {
            continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
        }
    }
    return try result.get()
}

/// Starts `work` on a new thread. Not Dispatch's global queue: on Linux it runs about as many
/// threads as there are cores (two on CI), so work that blocks for long (draining a server's
/// output for its whole life, waiting for a child) would leave nothing for the stores, which
/// do their file work there, and their reads would wait for minutes.
public func onThreadOfItsOwn(_ work: @escaping @Sendable () -> Void) {
    let thread = Thread { work() }
    thread.start()
}
