#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file in chunks to a temporary file beside it and moves it into place only when
/// everything was written, so a failed or interrupted export never leaves half a file (or
/// destroys the previous one). The file is created readable by its owner only (0600): it holds
/// personal data.
public final class AtomicFileWriter: Sendable {
    /// The file being written (where `commit()` moves it), named in errors.
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle

    /// Starts writing `path`; throws an error naming the file when its directory is missing or
    /// not writable.
    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FileError.isDirectory(path)
        }
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil,
                                             attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporaryPath) else {
            throw FileError.notWritable(path, reason: String(cString: strerror(errno)))
        }
        self.handle = handle
    }

    /// Appends `bytes` to the temporary file; throws `FileError.notWritable` when that fails.
    public func write(_ bytes: [UInt8]) throws {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw FileError.notWritable(path, reason: error.localizedDescription)
        }
    }

    /// Flushes the file to disk and moves it into place.
    public func commit() throws {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            discard()
            throw FileError.notWritable(path, reason: error.localizedDescription)
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw FileError.notReplaceable(path, reason: reason)
        }
    }

    /// Drops what was written; the file at `path` is left as it was.
    public func discard() {
        try? handle.close()
        unlink(temporaryPath)
    }
}
