#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Creates directories and files only their owner can read: the stores hold health data.
public enum PrivateFiles {
    /// Owner read/write (0600), for data files.
    public static let fileMode: mode_t = 0o600
    /// Owner read/write/search (0700), for the data directory.
    public static let directoryMode: mode_t = 0o700

    /// Creates `directory` (and missing parents) as 0700 when it does not exist yet.
    /// An existing directory keeps its permissions: it may be one the person chose.
    public static func ensureDirectory(_ directory: URL) throws(FileSystemError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(directory.path) }
            try refuseWritableByOthers(directory)
            return
        }
        // The nearest directory that exists must let us create the rest.
        var existing = directory.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            existing = existing.deletingLastPathComponent()
        }
        if access(existing.path, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
            throw .readOnly(existing.path)
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: Int(directoryMode)])
        } catch {
            throw .io(path: directory.path, operation: "create directory", reason: error.localizedDescription)
        }
    }

    /// Refuses a directory every user may write (mode `o+w`, sticky or not): another user could
    /// plant a file, a link or a journal where Wellness reads and writes.
    public static func refuseWritableByOthers(_ directory: URL) throws(FileSystemError) {
        var status = stat()
        guard stat(directory.path, &status) == 0 else {
            throw .posix(path: directory.path, operation: "stat", errno: errno)
        }
        if status.st_mode & S_IWOTH != 0 { throw .writableByOthers(directory.path) }
    }

    /// Creates `file` empty with mode 0600 if it is missing, and sets 0600 if it exists.
    public static func ensureFile(_ file: URL) throws(FileSystemError) {
        let fd = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw .notWritable(file.path, operation: "create", errno: errno) }
        defer { close(fd) }
        guard fchmod(fd, fileMode) == 0 else { throw .posix(path: file.path, operation: "chmod", errno: errno) }
    }

    /// Sets mode 0600 on an existing file.
    public static func restrict(_ file: URL) throws(FileSystemError) {
        guard chmod(file.path, fileMode) == 0 else {
            throw .posix(path: file.path, operation: "chmod", errno: errno)
        }
    }

    /// The permission bits of a file (for checks and tests).
    public static func mode(of file: URL) throws(FileSystemError) -> mode_t {
        var info = stat()
        guard stat(file.path, &info) == 0 else { throw .posix(path: file.path, operation: "stat", errno: errno) }
        return info.st_mode & 0o777
    }
}
