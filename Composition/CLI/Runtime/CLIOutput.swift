#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WellnessComposition

/// Where the command line writes: a file descriptor (the process's stdout or stderr) or a
/// buffer in memory (a test, or an app that runs the CLI in-process).
public final class CLIOutput: @unchecked Sendable {
    private enum Sink {
        case descriptor(Int32, buffered: Bool)
        case memory
    }

    private let sink: Sink
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var captured: [UInt8] = []
    /// Whether this is a terminal (colour, progress bars and interactive prompts only then).
    public let isTerminal: Bool

    private init(sink: Sink, isTerminal: Bool) {
        self.sink = sink
        self.isTerminal = isTerminal
    }

    /// The process's standard output: buffered, flushed when full and by ``flush()``.
    public static var standardOutput: CLIOutput {
        CLIOutput(sink: .descriptor(STDOUT_FILENO, buffered: true), isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// The process's standard error: written at once.
    public static var standardError: CLIOutput {
        CLIOutput(sink: .descriptor(STDERR_FILENO, buffered: false), isTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// A buffer in memory; read it with ``text`` or ``bytes``.
    public static func memory(isTerminal: Bool = false) -> CLIOutput {
        CLIOutput(sink: .memory, isTerminal: isTerminal)
    }

    /// The file descriptor behind this output, if it is one.
    var fileDescriptor: Int32? {
        if case .descriptor(let fd, _) = sink { return fd }
        return nil
    }

    /// Writes text for people. Every control character but tab and line feed (ESC, BEL, CR,
    /// the C1 controls…) is shown as a visible stand-in (``PlainText/visible(_:)``), so text
    /// that came from a store, a file or a server can never drive the terminal. The CLI's own
    /// colours and progress bar go through ``writeControl(_:)``.
    public func write(_ text: String) {
        write(Array(PlainText.visible(text).utf8))
    }

    /// Writes the CLI's own terminal control sequences (colour, cursor, progress bar) as given.
    func writeControl(_ sequence: String) {
        write(Array(sequence.utf8))
    }

    /// Writes bytes exactly as given: data (a CSV export), not text for people.
    public func write(_ bytes: [UInt8]) {
        lock.withLock {
            switch sink {
            case .memory:
                captured += bytes
            case .descriptor(let fd, let buffered):
                pending += bytes
                if !buffered || pending.count >= 1 << 16 { drain(fd) }
            }
        }
    }

    /// Writes out anything buffered.
    public func flush() {
        lock.withLock {
            if case .descriptor(let fd, _) = sink { drain(fd) }
        }
    }

    /// What was written to a memory buffer, as bytes.
    public var bytes: [UInt8] { lock.withLock { captured } }

    /// What was written to a memory buffer, as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `pending` to `fd`, retrying on interruption; a closed pipe drops the rest.
    private func drain(_ fd: Int32) {
        var offset = 0
        while offset < pending.count {
            let written = pending[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        pending.removeAll(keepingCapacity: true)
    }
}

/// The C library's `write` (inside ``CLIOutput`` the name is its own method's).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
