import Foundation

/// A JSON-file store failure, naming the file involved.
public enum JSONFileStoreError: Error, Sendable, Equatable, LocalizedError {
    /// The file exists but does not hold what this store wrote; it is left untouched.
    case corruptFile(path: String, reason: String)
    /// The file could not be read or written.
    case io(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .corruptFile(path, reason):
            "the data file \(path) is corrupt (\(reason)); it was left untouched — repair it or move it away"
        case let .io(path, reason):
            "cannot access \(path): \(reason)"
        }
    }
}
