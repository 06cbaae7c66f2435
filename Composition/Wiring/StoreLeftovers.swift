import Foundation
import Logging
import WellnessFileSystem

/// What a restore or a migrate keeps beside a store while it runs: a staging store
/// (`.wellness-restore-<uuid>/`) and a plaintext archive (`.wellness-migrate-<uuid>.json`), each
/// with a lock file (`<name>.lock`) its command holds until it ends. A command killed before its
/// cleanup leaves them; the next command that opens a store in that directory removes those no
/// live command holds — migrate archives first, as they are a whole plaintext copy — and never
/// touches anything else.
enum StoreLeftovers {
    static let restorePrefix = ".wellness-restore-"
    static let migratePrefix = ".wellness-migrate-"

    /// A new leftover-to-be named `prefix<uuid><suffix>` in `directory`, its lock held.
    static func claim(in directory: URL, prefix: String, suffix: String = "") throws -> (URL, FileLock.Held) {
        let url = directory.appendingPathComponent(prefix + UUID().uuidString + suffix)
        guard let held = try lock(of: url).tryAcquire() else {
            throw FileSystemError.io(path: url.path, operation: "lock", reason: "another process holds its lock")
        }
        return (url, held)
    }

    /// Removes `url` (a file or a directory) and then its lock file, releasing `held`.
    static func finish(_ url: URL, _ held: FileLock.Held) {
        try? FileManager.default.removeItem(at: url)
        unlink(lock(of: url).url.path)
        held.release()
    }

    /// The mark of a migrate to `kind` that has begun writing its target and not yet checked it
    /// (`.wellness-migrate-to-<kind>`): not a leftover, but what lets a rerun replace that target.
    static func pendingMigrate(in directory: URL, to kind: StoreKind) -> URL {
        directory.appendingPathComponent(".wellness-migrate-to-\(kind.rawValue)")
    }

    static func lock(of url: URL) -> FileLock { FileLock(URL(fileURLWithPath: url.path + ".lock")) }

    /// Removes the leftovers of killed restores and migrates in `directory`: those whose lock
    /// nobody holds. Logged at notice; a failure to remove one is logged, not thrown.
    static func removeAbandoned(in directory: URL, logger: Logger) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let leftovers = names.filter { !$0.hasSuffix(".lock") }
        let migrates = leftovers.filter { $0.hasPrefix(migratePrefix) && $0.hasSuffix(".json") }
        let restores = leftovers.filter { $0.hasPrefix(restorePrefix) }
        for name in migrates.sorted() + restores.sorted() {
            let url = directory.appendingPathComponent(name)
            guard let held = try? lock(of: url).tryAcquire() else { continue }
            logger.notice("removing what a killed restore or migrate left behind", metadata: ["path": "\(url.path)"])
            finish(url, held)
        }
    }
}
