#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WellnessDomain
import WellnessFileSystem

/// A store's file-system error is worded like every other: `error.fileSystem.<code>` with the
/// path (and the operation and the system's reason), so that `WellnessFileSystem` needs nothing
/// from Domain.
extension FileSystemError: WellnessError {
    public enum Code: String, CaseIterable, Sendable {
        case posix, io, notADirectory, readOnly, writableByOthers
    }

    public static let family = "fileSystem"

    public var code: Code {
        switch self {
        case .posix: .posix
        case .io: .io
        case .notADirectory: .notADirectory
        case .readOnly: .readOnly
        case .writableByOthers: .writableByOthers
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .posix(path, operation, code): [.verbatim(operation), .verbatim(path), .verbatim(String(cString: strerror(code)))]
        case let .io(path, operation, reason): [.verbatim(operation), .verbatim(path), .verbatim(reason)]
        case let .notADirectory(path), let .readOnly(path): [.verbatim(path)]
        case let .writableByOthers(path): [.verbatim(path), .verbatim(path)]
        }
    }
}
