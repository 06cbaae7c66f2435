#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files. `wellness serve` raises it as far as it may before it
/// listens: each open account store holds several files, each client connection one, and the
/// usual soft limit (1,024 on Linux, 256 on macOS) is below what the defaults can reach.
enum OpenFilesLimit {
    /// Raises the soft limit to the hard one (on Darwin at most `OPEN_MAX`, which is what its
    /// `setrlimit` accepts); the soft limit in force afterwards, `nil` when it cannot be read.
    @discardableResult
    static func raise() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        var wanted = limit.rlim_max
        #if canImport(Darwin)
        wanted = Swift.min(wanted, rlim_t(OPEN_MAX))
        #endif
        guard wanted > limit.rlim_cur else { return UInt64(limit.rlim_cur) }
        var raised = limit
        raised.rlim_cur = wanted
        return setrlimit(resource, &raised) == 0 ? UInt64(wanted) : UInt64(limit.rlim_cur)
    }

    /// The soft and hard limits now.
    static func current() -> (soft: UInt64, hard: UInt64)? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    #if canImport(Darwin)
    static let resource = RLIMIT_NOFILE
    #else
    static let resource = Int32(RLIMIT_NOFILE.rawValue)
    #endif
}
