#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An advisory, exclusive lock on a lock file (`flock`), held for the duration of a closure.
///
/// `flock` locks belong to an open file description, so two processes, and two threads of one
/// process that each call `withLock`, exclude each other. The lock is released when the
/// closure returns or throws, and by the kernel if the process dies.
public struct FileLock: Sendable {
    /// The lock file; `withLock(_:)` creates it (mode 0600) if it is missing.
    public let url: URL

    /// A lock on the file at `url`; nothing is opened until `withLock(_:)`.
    public init(_ url: URL) {
        self.url = url
    }

    /// Runs `body` while holding the lock, waiting for other holders first.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFiles.fileMode)
        guard fd >= 0 else { throw FileSystemError.notWritable(url.path, operation: "open lock file", errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw FileSystemError.posix(path: url.path, operation: "lock", errno: errno)
            }
        }
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }
}

extension FileLock {
    /// Takes the lock without waiting and holds it until ``Held/release()`` (or the process
    /// ends); `nil` when another holder has it.
    public func tryAcquire() throws -> Held? {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFiles.fileMode)
        guard fd >= 0 else { throw FileSystemError.notWritable(url.path, operation: "open lock file", errno: errno) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EINTR else {
                close(fd)
                if failure == EWOULDBLOCK { return nil }
                throw FileSystemError.posix(path: url.path, operation: "lock", errno: failure)
            }
        }
        return Held(descriptor: fd)
    }

    /// A lock taken by ``tryAcquire()``, for work that spans suspension points (a restore).
    public final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptor: Int32

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Releases the lock (once; later calls do nothing).
        public func release() {
            lock.withLock {
                guard descriptor >= 0 else { return }
                _ = flock(descriptor, LOCK_UN)
                close(descriptor)
                descriptor = -1
            }
        }

        deinit { release() }
    }
}

extension FileLock {
    /// Takes the lock as ``tryAcquire()`` does, trying again every 10 ms while another holder
    /// has it, for at most `limit`, without blocking a thread; `nil` when it was not let go in
    /// that time.
    public func acquire(within limit: Duration) async throws -> Held? {
        let interval = Duration.milliseconds(10)
        let tries = max(1, Int(limit / interval))
        let deadline = ContinuousClock.now + limit
        for _ in 0..<tries {
            if let held = try tryAcquire() { return held }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: interval)
        }
        return try tryAcquire()
    }
}
