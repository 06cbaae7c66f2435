import WellnessDomain
import WellnessFileSystem

/// A file error is worded like every other: `error.file.<code>` with the path (and the
/// system's reason).
extension FileError: WellnessError {
    public enum Code: String, CaseIterable, Sendable {
        case noSuchFile
        case isDirectory
        case notReadable
        case notReadableBecause
        case notWritable
        case notReplaceable
        case readOnly
        case notAFile
    }

    public static let family = "file"

    public var code: Code {
        switch self {
        case .noSuchFile: .noSuchFile
        case .isDirectory: .isDirectory
        case .notReadable(_, let reason): reason == nil ? .notReadable : .notReadableBecause
        case .notWritable: .notWritable
        case .notReplaceable: .notReplaceable
        case .readOnly: .readOnly
        case .notAFile: .notAFile
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .noSuchFile(let path), .isDirectory(let path), .notReadable(let path, nil), .readOnly(let path),
             .notAFile(let path):
            [.verbatim(path)]
        case .notReadable(let path, let reason?), .notWritable(let path, let reason), .notReplaceable(let path, let reason):
            [.verbatim(path), .verbatim(reason)]
        }
    }
}
