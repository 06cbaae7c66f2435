import Foundation

/// Bytes held in memory, handed out in chunks of `chunkSize`.
public final class InMemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private let position = NSLock()
    private nonisolated(unsafe) var offset = 0

    /// Hands out `bytes` in chunks of `chunkSize` (64 KiB by default), which must be positive.
    public init<Bytes: Sequence>(_ bytes: Bytes, chunkSize: Int = 1 << 16) where Bytes.Element == UInt8 {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.bytes = Array(bytes)
        self.chunkSize = chunkSize
    }

    /// Hands out the UTF-8 bytes of `text` in chunks of `chunkSize`.
    public convenience init(_ text: String, chunkSize: Int = 1 << 16) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    /// The number of bytes held.
    public var totalBytes: Int? { bytes.count }

    /// The next chunk of at most `chunkSize` bytes, or `nil` at the end.
    public func nextChunk() throws -> [UInt8]? {
        position.withLock {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + chunkSize)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }
}
