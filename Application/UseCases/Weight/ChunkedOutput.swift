import Foundation
import WellnessDomain

/// Collects records and hands them on in chunks (one writer at a time). Each record is
/// written straight into the buffer, with `State` kept here between records (under the same
/// lock), e.g. what one record learned that the next can use.
final class ChunkedOutput<State: Sendable>: Sendable {
    private let chunkSize: Int
    private let write: @Sendable ([UInt8]) throws -> Void
    private let lock = NSLock()
    private nonisolated(unsafe) var buffer: [UInt8] = []
    private nonisolated(unsafe) var state: State
    private nonisolated(unsafe) var records = 0

    init(chunkSize: Int, state: State, write: @escaping @Sendable ([UInt8]) throws -> Void) {
        self.chunkSize = chunkSize
        self.state = state
        self.write = write
        buffer.reserveCapacity(chunkSize + 256)
    }

    /// Appends one record, which `encode` appends to the buffer.
    func append(_ encode: (inout State, inout [UInt8]) -> Void) throws {
        try lock.withLock {
            encode(&state, &buffer)
            records += 1
            if buffer.count >= chunkSize {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes what is left; returns the number of records after the first (the header).
    func finish() throws -> Int {
        try lock.withLock {
            if !buffer.isEmpty { try write(buffer) }
            buffer.removeAll()
            return records - 1
        }
    }
}
