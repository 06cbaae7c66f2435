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

    public var errorDescription: String? {
        switch self {
        case let .posix(path, operation, code):
            "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case let .io(path, operation, reason):
            "cannot \(operation) \(path): \(reason)"
        case let .notADirectory(path):
            "\(path) exists but is not a directory"
        }
    }
}
