#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which process holds something a store hands out to one process at a time (a queued
/// check-in being sent), so that another process can tell when the holder is gone: a process
/// that was killed or interrupted never releases what it held, but it stops running.
public enum ProcessLiveness {
    /// This process's identifier.
    public static var current: Int32 { ProcessInfo.processInfo.processIdentifier }

    /// Whether a process with identifier `process` is running on this machine (one that exists
    /// but belongs to someone else counts as running).
    public static func isRunning(_ process: Int32) -> Bool {
        guard process > 0 else { return false }
        return kill(pid_t(process), 0) == 0 || errno == EPERM
    }
}
