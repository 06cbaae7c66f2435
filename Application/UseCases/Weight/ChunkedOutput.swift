import Foundation
import WellnessDomain

/// Collects text and hands it on in chunks (one writer at a time).
final class ChunkedOutput: Sendable {
    private let chunkSize: Int
    private let write: @Sendable ([UInt8]) throws -> Void
    private let state = NSLock()
    private nonisolated(unsafe) var buffer: [UInt8] = []
    private nonisolated(unsafe) var records = 0

    init(chunkSize: Int, write: @escaping @Sendable ([UInt8]) throws -> Void) {
        self.chunkSize = chunkSize
        self.write = write
        buffer.reserveCapacity(chunkSize + 256)
    }

    func append(_ text: String) throws {
        try state.withLock {
            buffer.append(contentsOf: text.utf8)
            records += 1
            if buffer.count >= chunkSize {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes what is left; returns the number of records after the header.
    func finish() throws -> Int {
        try state.withLock {
            if !buffer.isEmpty { try write(buffer) }
            buffer.removeAll()
            return records - 1
        }
    }
}
