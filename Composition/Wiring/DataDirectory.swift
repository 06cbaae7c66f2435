import Foundation

/// Where a store keeps its files.
public enum DataDirectory {
    /// The data directory: `explicit` (a `--data-dir` flag) if given, else
    /// `$WELLNESS_DATA_DIR`, else `$XDG_DATA_HOME/wellness` (an absolute `XDG_DATA_HOME`
    /// only, as the XDG spec says), else `~/.local/share/wellness`.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = explicit.nonEmpty {
            return URL(fileURLWithPath: expandingTilde(explicit, environment), isDirectory: true)
        }
        if let dir = environment["WELLNESS_DATA_DIR"].nonEmpty {
            return URL(fileURLWithPath: expandingTilde(dir, environment), isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"].nonEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wellness", isDirectory: true)
        }
        let home = environment["HOME"].nonEmpty ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/wellness", isDirectory: true)
    }

    private static func expandingTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"].nonEmpty else { return path }
        return home + path.dropFirst()
    }
}

private extension Optional where Wrapped == String {
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
