import Foundation
import WellnessFileSystem

/// Compares bytes handed over in chunks with a file's, remembering the line of the first
/// difference.
final class ArchiveComparison: @unchecked Sendable {
    private let lock = NSLock()
    private let file: FileByteSource
    private var pending: ArraySlice<UInt8> = []
    private var line = 1
    private var difference: Int?

    init(file path: String) throws {
        file = try FileByteSource(path: path)
    }

    func compare(_ bytes: [UInt8]) throws {
        try lock.withLock {
            var offset = 0
            while difference == nil, offset < bytes.count {
                if pending.isEmpty {
                    guard let chunk = try file.nextChunk() else {
                        difference = line
                        return
                    }
                    pending = chunk[...]
                }
                let count = min(pending.count, bytes.count - offset)
                for (mine, theirs) in zip(bytes[offset..<offset + count], pending.prefix(count)) {
                    if mine != theirs {
                        difference = line
                        return
                    }
                    if mine == 0x0A { line += 1 }
                }
                pending = pending.dropFirst(count)
                offset += count
            }
        }
    }

    /// The line where the two first differ (one ended before the other included); `nil` when
    /// they are the same.
    func firstDifference() throws -> Int? {
        try lock.withLock {
            if difference == nil, try !pending.isEmpty || file.nextChunk() != nil { difference = line }
            return difference
        }
    }
}
