import Foundation

/// A file read in chunks of `chunkSize` bytes (standard input when the path is `-`). It is a
/// `ByteSource` (WellnessApplication's port) through `WellnessComposition`, which declares the
/// conformance, so that this target needs nothing from Application.
public final class FileByteSource: Sendable {
    private let handle: FileHandle
    private let chunkSize: Int
    private let lock = NSLock()
    /// The file's size in bytes, for progress; `nil` for standard input or when the size cannot be read.
    public let totalBytes: Int?
    /// The file, for messages.
    public let path: String

    /// Opens `path` for reading; throws an error that names the file when it cannot.
    public init(path: String, chunkSize: Int = 1 << 18) throws {
        self.path = path
        self.chunkSize = chunkSize
        if path == "-" {
            handle = FileHandle.standardInput
            totalBytes = nil
            return
        }
        try FileError.checkFile(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError.notReadable(path, reason: nil)
        }
        self.handle = handle
        totalBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    deinit { if path != "-" { try? handle.close() } }

    /// The next chunk of at most `chunkSize` bytes, or `nil` at the end; throws `FileError.notReadable`
    /// when reading fails.
    public func nextChunk() throws -> [UInt8]? {
        try lock.withLock {
            let data: Data?
            do {
                data = try handle.read(upToCount: chunkSize)
            } catch {
                throw FileError.notReadable(path, reason: error.localizedDescription)
            }
            guard let data, !data.isEmpty else { return nil }
            return [UInt8](data)
        }
    }
}
