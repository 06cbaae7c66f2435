import Foundation
import WellnessDomain

/// A file that could not be read or written (an import, an export, a chart); names the path.
public enum FileError: WellnessError, Equatable {
    case noSuchFile(String)
    case isDirectory(String)
    /// The file cannot be opened or read (the system's reason, when it gave one).
    case notReadable(String, reason: String?)
    /// The file (or its temporary twin beside it) cannot be written.
    case notWritable(String, reason: String)
    /// The finished file cannot be moved into place.
    case notReplaceable(String, reason: String)

    public enum Code: String, CaseIterable, Sendable {
        case noSuchFile
        case isDirectory
        case notReadable
        case notReadableBecause
        case notWritable
        case notReplaceable
    }

    public static let family = "file"

    public var code: Code {
        switch self {
        case .noSuchFile: .noSuchFile
        case .isDirectory: .isDirectory
        case .notReadable(_, let reason): reason == nil ? .notReadable : .notReadableBecause
        case .notWritable: .notWritable
        case .notReplaceable: .notReplaceable
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .noSuchFile(let path), .isDirectory(let path), .notReadable(let path, nil): [.verbatim(path)]
        case .notReadable(let path, let reason?), .notWritable(let path, let reason), .notReplaceable(let path, let reason):
            [.verbatim(path), .verbatim(reason)]
        }
    }
}

extension FileError {
    /// Throws ``noSuchFile(_:)`` or ``isDirectory(_:)`` unless `path` is a file.
    static func checkFile(_ path: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchFile(path) }
        guard !isDirectory.boolValue else { throw .isDirectory(path) }
    }
}
