#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which file a path names now (its device and inode): a file replaced by a rename, or removed
/// and put back, is another file under the same path.
public struct FileIdentity: Equatable, Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of the file at `path` (symbolic links followed), or `nil` when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// How much space is left for an unprivileged writer on a file system.
public enum FreeSpace {
    /// The bytes an unprivileged process may still write on the file system holding `path`, or
    /// `nil` when the system does not say.
    public static func available(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let (bytes, overflow) = Int64(clamping: info.f_bavail).multipliedReportingOverflow(by: Int64(clamping: info.f_frsize))
        return overflow ? .max : bytes
    }
}
