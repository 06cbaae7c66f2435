import Foundation

/// Bytes handed over in chunks, kept in memory.
final class ByteCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt8] = []

    func append(_ bytes: [UInt8]) {
        lock.withLock { collected += bytes }
    }

    var bytes: [UInt8] { lock.withLock { collected } }
}
