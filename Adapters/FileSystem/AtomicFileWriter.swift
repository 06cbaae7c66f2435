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
/// destroys the previous one). A new file is created readable by its owner only (0600): it holds
/// personal data.
///
/// What is at the path decides how it is written, and nothing there is ever destroyed:
/// - nothing, or a regular file: written beside it and renamed over it; a file replaced keeps
///   its permissions and (where the system lets us) its owner; a read-only file is refused;
/// - a symbolic link: followed (through every link, to a target that may not exist yet), and
///   the target replaced as above; the link stays a link;
/// - a FIFO or a character device (`/dev/stdout`, a terminal, `/dev/null`): written through, in
///   place, since it cannot be replaced (and must not be: renaming over `/dev/null` would replace
///   the machine's);
/// - a directory, a socket or a block device: refused, naming the path.
public final class AtomicFileWriter: Sendable {
    /// The file being written, as the caller named it (in errors).
    public let path: String
    /// Where the bytes go at last: `path`, its links followed.
    private let destination: String
    /// The temporary file renamed over `destination` by `commit()`; `nil` when written through.
    private let temporaryPath: String?
    private let handle: FileHandle

    /// How many links are followed before a path counts as a loop (as the system's own limit).
    static let maximumLinks = 40

    /// Starts writing `path`; throws an error naming the file when its directory is missing or
    /// not writable, or when what is there may not be written (see the type's rules).
    /// `ownerOnly`: a file replaced becomes 0600 too, instead of keeping its permissions (a
    /// server's backup holds password hashes).
    public init(path: String, ownerOnly: Bool = false) throws {
        self.path = path
        // `stat` follows every link, the kernel's own too (`/dev/stdout` is `/proc/self/fd/1`,
        // which names a pipe, not a path).
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw FileError.notWritable(path, reason: String(cString: strerror(errno))) }
            // Nothing there yet, or a link to nothing yet: the file it names is created.
            destination = try Self.followingLinks(path)
            (temporaryPath, handle) = try Self.temporary(beside: destination, path: path, keeping: nil)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_mode & 0o222 != 0 else { throw FileError.readOnly(path) }
            destination = Self.resolved(path)
            (temporaryPath, handle) = try Self.temporary(beside: destination, path: path, keeping: ownerOnly ? nil : info)
        case S_IFIFO, S_IFCHR:
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw FileError.notWritable(path, reason: String(cString: strerror(errno)))
            }
            destination = path
            temporaryPath = nil
            self.handle = handle
        case S_IFDIR:
            throw FileError.isDirectory(path)
        default:
            throw FileError.notAFile(path)
        }
    }

    /// `path`, an existing file, with its links followed.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Appends `bytes`; throws `FileError.notWritable` when that fails.
    public func write(_ bytes: [UInt8]) throws {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw FileError.notWritable(path, reason: error.localizedDescription)
        }
    }

    /// Flushes the file to disk and moves it into place (a FIFO or device: closes it).
    public func commit() throws {
        guard let temporaryPath else {
            try? handle.close()
            return
        }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            discard()
            throw FileError.notWritable(path, reason: error.localizedDescription)
        }
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw FileError.notReplaceable(path, reason: reason)
        }
    }

    /// Drops what was written; a file at `path` is left as it was. (What was written through to a
    /// FIFO or a device cannot be taken back.)
    public func discard() {
        try? handle.close()
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Writes `path` with what `body` hands to its `write`, committed when `body` returns and
    /// discarded when it throws; `ownerOnly` as in ``init(path:ownerOnly:)``.
    @discardableResult
    public static func write<Result>(to path: String, ownerOnly: Bool = false,
                                     _ body: (_ write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Result)
        async throws -> Result {
        let writer = try AtomicFileWriter(path: path, ownerOnly: ownerOnly)
        do {
            let result = try await body { try writer.write($0) }
            try writer.commit()
            return result
        } catch {
            writer.discard()
            throw error
        }
    }

    /// `path` with its symbolic links followed to what they name at last, which need not exist.
    static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw FileError.notWritable(path, reason: String(cString: strerror(errno))) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw FileError.notWritable(path, reason: String(cString: strerror(ELOOP)))
    }

    /// A new temporary file beside `destination`, 0600, or with the mode (and owner, where the
    /// system lets us) of the file it will replace.
    private static func temporary(beside destination: String, path: String, keeping original: stat?) throws
        -> (String, FileHandle) {
        let url = URL(fileURLWithPath: destination)
        let temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil,
                                             attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporaryPath) else {
            throw FileError.notWritable(path, reason: String(cString: strerror(errno)))
        }
        if let original {
            _ = fchown(handle.fileDescriptor, original.st_uid, original.st_gid)
            guard fchmod(handle.fileDescriptor, original.st_mode & 0o7777) == 0 else {
                let reason = String(cString: strerror(errno))
                try? handle.close()
                unlink(temporaryPath)
                throw FileError.notWritable(path, reason: reason)
            }
        }
        return (temporaryPath, handle)
    }
}
