import Foundation

/// Bytes held in memory, handed out in chunks of `chunkSize`.
public final class BytesSource: ByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private let position = NSLock()
    private nonisolated(unsafe) var offset = 0

    public init<Bytes: Sequence>(_ bytes: Bytes, chunkSize: Int = 1 << 16) where Bytes.Element == UInt8 {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.bytes = Array(bytes)
        self.chunkSize = chunkSize
    }

    public convenience init(_ text: String, chunkSize: Int = 1 << 16) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    public var totalBytes: Int? { bytes.count }

    public func nextChunk() throws -> [UInt8]? {
        position.withLock {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + chunkSize)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }
}
