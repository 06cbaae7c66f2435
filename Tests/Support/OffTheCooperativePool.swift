import Dispatch

/// Runs blocking `work` (waiting for a child process, polling a socket) on a Dispatch thread and
/// awaits its result, so it never holds one of Swift's cooperative threads. There is one of
/// those per core (two on CI), and the in-process servers and stores of the tests running in
/// parallel need them to make progress: a test that blocks one starves the others.
public func offTheCooperativePool<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
        }
    }
    return try result.get()
}
