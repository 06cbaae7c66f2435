import Foundation

/// Bytes read in chunks: a file, a pipe, or memory.
public protocol ByteSource: AnyObject, Sendable {
    /// The total size when known up front (for progress).
    var totalBytes: Int? { get }

    /// The next chunk, or `nil` at the end.
    func nextChunk() throws -> [UInt8]?
}
