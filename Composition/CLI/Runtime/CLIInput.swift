#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WellnessComposition

/// Where the command line reads from: the process's standard input, or bytes given up front
/// (a test, or an app running the CLI in-process). It is a ``ByteSource``, so `weight import -`
/// streams it like a file.
public final class CLIInput: ByteSource, @unchecked Sendable {
    private let fd: Int32?
    private let lock = NSLock()
    private var remaining: ArraySlice<UInt8>
    /// Whether this is a terminal (prompts and the interactive deck only then).
    public let isTerminal: Bool

    private init(fd: Int32?, bytes: [UInt8], isTerminal: Bool) {
        self.fd = fd
        remaining = bytes[...]
        self.isTerminal = isTerminal
    }

    /// The process's standard input.
    public static var standardInput: CLIInput {
        CLIInput(fd: STDIN_FILENO, bytes: [], isTerminal: isatty(STDIN_FILENO) == 1)
    }

    /// Input that holds `text` and then ends (empty: like /dev/null).
    public static func text(_ text: String = "") -> CLIInput {
        CLIInput(fd: nil, bytes: Array(text.utf8), isTerminal: false)
    }

    /// The file descriptor behind this input, if it is one.
    var fileDescriptor: Int32? { fd }

    public var totalBytes: Int? { fd == nil ? lock.withLock { remaining.count } : nil }

    public func nextChunk() throws -> [UInt8]? {
        try lock.withLock {
            guard let fd else {
                guard !remaining.isEmpty else { return nil }
                let chunk = Array(remaining.prefix(1 << 16))
                remaining = remaining.dropFirst(chunk.count)
                return chunk
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw CLIError.unreadableInput(String(cString: strerror(errno))) }
                return count == 0 ? nil : Array(buffer.prefix(count))
            }
        }
    }

    /// The next line without its line break (and a trailing CR), or `nil` at the end.
    func readLine() -> String? {
        lock.withLock {
            var line: [UInt8] = []
            while true {
                if let fd {
                    var byte: UInt8 = 0
                    let count = read(fd, &byte, 1)
                    if count < 0 && errno == EINTR { continue }
                    guard count == 1 else { return line.isEmpty ? nil : Self.text(line) }
                    if byte == 0x0A { return Self.text(line) }
                    line.append(byte)
                } else {
                    guard let byte = remaining.popFirst() else { return line.isEmpty ? nil : Self.text(line) }
                    if byte == 0x0A { return Self.text(line) }
                    line.append(byte)
                }
            }
        }
    }

    private static func text(_ line: [UInt8]) -> String {
        String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
    }
}
