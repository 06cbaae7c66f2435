#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file-system operation on a store's files failed; names the path and the reason.
public enum FileSystemError: Error, Sendable, Equatable, LocalizedError {
    case posix(path: String, operation: String, errno: Int32)
    case io(path: String, operation: String, reason: String)
    case notADirectory(String)
    /// Writing to the file or directory at this path is not allowed (its permissions, or a
    /// read-only file system).
    case readOnly(String)
    /// The directory at this path can be written by every user of the machine, who could plant
    /// or replace Wellness's files in it.
    case writableByOthers(String)

    /// The error for a file at `path` that could not be opened for writing or created: when
    /// the system says writing is not allowed (`EACCES`, `EPERM`, `EROFS`), ``readOnly(_:)``
    /// naming the file if it exists, else its directory; any other reason as ``posix(path:operation:errno:)``.
    public static func notWritable(_ path: String, operation: String, errno code: Int32) -> FileSystemError {
        guard code == EACCES || code == EPERM || code == EROFS else { return .posix(path: path, operation: operation, errno: code) }
        if access(path, F_OK) == 0 { return .readOnly(path) }
        return .readOnly(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    public var errorDescription: String? {
        switch self {
        case let .posix(path, operation, code):
            "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case let .io(path, operation, reason):
            "cannot \(operation) \(path): \(reason)"
        case let .notADirectory(path):
            "\(path) exists but is not a directory"
        case let .readOnly(path):
            "\(path) is read-only: Wellness cannot write its data there (change its permissions or choose another data directory)"
        case let .writableByOthers(path):
            "\(path) can be written by other users, who could change or plant Wellness's files there: "
                + "make it yours alone with chmod 700 \(path), or choose another data directory"
        }
    }
}
