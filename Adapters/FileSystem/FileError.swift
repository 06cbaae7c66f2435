import Foundation

/// A file that could not be read or written (an import, an export, a chart); names the path. It
/// is a `WellnessError` (its codes and the values its message shows) through
/// `WellnessComposition`, which words it, so that this target needs nothing from Domain.
public enum FileError: Error, Sendable, Equatable {
    case noSuchFile(String)
    case isDirectory(String)
    /// The file cannot be opened or read (the system's reason, when it gave one).
    case notReadable(String, reason: String?)
    /// The file (or its temporary twin beside it) cannot be written.
    case notWritable(String, reason: String)
    /// The finished file cannot be moved into place.
    case notReplaceable(String, reason: String)
    /// The file is read-only: it is not written over.
    case readOnly(String)
    /// What is at the path is no file to write (a socket, a block device).
    case notAFile(String)
}

extension FileError {
    /// Throws ``noSuchFile(_:)`` or ``isDirectory(_:)`` unless `path` is a file.
    public static func checkFile(_ path: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchFile(path) }
        guard !isDirectory.boolValue else { throw .isDirectory(path) }
    }
}
