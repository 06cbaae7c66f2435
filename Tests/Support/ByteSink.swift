import Foundation

/// Collects the chunks a writer hands over (a CSV export, a backup archive), from any thread.
public final class ByteSink: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []
    private var chunkSizes: [Int] = []

    public init() {}

    public func append(_ chunk: [UInt8]) {
        lock.withLock {
            storage.append(contentsOf: chunk)
            chunkSizes.append(chunk.count)
        }
    }

    /// Every byte handed over, in order.
    public var bytes: [UInt8] { lock.withLock { storage } }
    /// How many chunks were handed over.
    public var writes: Int { lock.withLock { chunkSizes.count } }
    /// The size of each chunk, in the order they came.
    public var sizes: [Int] { lock.withLock { chunkSizes } }
}
