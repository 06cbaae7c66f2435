#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process started with `posix_spawn`, its stdout and stderr on pipes and its stdin
/// from `input` (or /dev/null).
///
/// Every test that starts a process uses this, never Foundation's `Process`: on Linux (Swift
/// 6.3.1) `Process.run()` reads 256 bytes from each `/proc/self/fd` entry, past the end of
/// glibc's directory buffer, and crashes once the test process holds over a thousand file
/// descriptors, which the parallel store and server suites reach (swift-corelibs-foundation
/// pull request 5472). A child gets its three standard streams and nothing else: the spawn
/// closes every other descriptor, so a child never holds open a pipe another test reads.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Read ends of the child's stdout and stderr (closed by `readAll`).
    public let standardOutput: Int32
    public let standardError: Int32

    public enum SpawnError: Error, CustomStringConvertible {
        case failed(String, Int32)
        public var description: String {
            switch self {
            case let .failed(what, code): "\(what) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// What a child that ran to its end wrote and how it ended.
    public struct Finished: Sendable {
        /// Its exit status, or 128 + the signal that ended it.
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// Starts `executable` with exactly `environment` (nothing inherited).
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], input: String?) throws {
        func pipePair() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError.failed("pipe", errno) }
            // Close-on-exec (Swift's Glibc has no pipe2): until it is set, a process spawned
            // by another thread could inherit the pipe, which is why every spawn in the tests
            // also closes all but its standard streams (closeOtherDescriptors).
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return (fds[0], fds[1])
        }
        let output = try pipePair(), errors = try pipePair()
        let inputPipe = try input.map { _ in try pipePair() }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe?.read ?? null, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        Self.closeOtherDescriptors(&actions)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        close(output.write)
        close(errors.write)
        if let inputPipe { close(inputPipe.read) }
        guard code == 0 else {
            close(output.read)
            close(errors.read)
            if let inputPipe { close(inputPipe.write) }
            throw SpawnError.failed("posix_spawn \(executable.path)", code)
        }
        self.pid = pid
        standardOutput = output.read
        standardError = errors.read
        if let inputPipe, let input {
            // Small inputs (a password line) fit in the pipe's buffer: write, then close for EOF.
            let bytes = Array(input.utf8)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(inputPipe.write, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                written += count
            }
            close(inputPipe.write)
        }
    }

    /// Runs `executable` to its end on the calling thread, killing it after `timeout` seconds;
    /// nil when it had to be killed.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String],
                           input: String? = nil, timeout: TimeInterval) throws -> Finished? {
        let child = try ChildProcess(executable, arguments, environment: environment, input: input)
        // Drain stderr on another thread while this one drains stdout, so a child that fills
        // one pipe never blocks while we wait on the other.
        let errorData = DataBox()
        let group = DispatchGroup()
        group.enter()
        onThreadOfItsOwn {
            errorData.set(child.readAll(child.standardError))
            group.leave()
        }
        let killed = TimeoutFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            // Until it is reaped the child's pid is its own, so the signal never reaches another.
            if killed.timeOut() { child.signal(SIGKILL) }
        }
        let outputData = child.readAll(child.standardOutput)
        group.wait()
        child.waitUntilExited()
        let timedOut = killed.finish()
        let status = child.wait()
        if timedOut { return nil }
        return Finished(status: status,
                        standardOutput: String(decoding: outputData, as: UTF8.self),
                        standardError: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// Everything until end of file on `fd`, which is then closed.
    public func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fd)
        return data
    }

    /// Reads from `fd` until `done` says the text so far is enough, end of file, or the
    /// deadline; the descriptor stays open.
    public func collect(_ fd: Int32, until done: (String) -> Bool, deadline: Date) -> String {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(text), Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return text
    }

    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits until the child has ended, without reaping it (its pid stays taken).
    public func waitUntilExited() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }

    /// Adds "close every descriptor from 3 up" to `actions` (glibc's `addclosefrom_np`, looked
    /// up at run time; else each descriptor open now). Add it after the `dup2`s it must keep.
    public static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 && fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Waits for the child; its exit status, or 128 + the signal that ended it.
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

/// Whether a child ran out of time, decided once: by the timer or by the child ending first.
private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var timedOut = false
    /// The timer: true (and timed out) unless the child has already ended.
    func timeOut() -> Bool {
        lock.withLock {
            if !finished { timedOut = true }
            return timedOut
        }
    }
    /// The child ended: whether the timer had fired first.
    func finish() -> Bool {
        lock.withLock {
            finished = true
            return timedOut
        }
    }
}
