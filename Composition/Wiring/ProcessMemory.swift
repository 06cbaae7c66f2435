#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Settings of an executable's process, made first thing in its `main`.
public enum ProcessMemory {
    /// On Linux, lets glibc's allocator keep at most one arena per processor instead of eight:
    /// the threads of NIO's event loops, GRDB's queues and the concurrency pool each took an
    /// arena of their own, which held freed memory. A new device's first pull of three years
    /// and 400,000 health samples peaked at 195 MB that way, 125 MB with one arena a processor
    /// (bench `sync`). A `MALLOC_ARENA_MAX` in the environment is left to win. Elsewhere it does
    /// nothing.
    public static func limitArenas() {
        #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        // glibc's `int mallopt(int param, int value)`; `malloc.h` is not in Swift's Glibc module.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let arenaMax: Int32 = -8  // M_ARENA_MAX
        _ = unsafeBitCast(symbol, to: MallOpt.self)(arenaMax, Int32(max(2, min(ProcessInfo.processInfo.activeProcessorCount, 64))))
        #endif
    }
}
