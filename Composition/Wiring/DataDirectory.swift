import Foundation

/// Where a store keeps its files.
public enum DataDirectory {
    /// The data directory: `explicit` (a `--data-dir` flag) if given, else
    /// `$WELLNESS_DATA_DIR`, else the platform's place for an app's data:
    ///
    /// - On Apple platforms, `Wellness` in the app's Application Support directory (inside its
    ///   sandbox on iOS, tvOS and watchOS).
    /// - Elsewhere (Linux), as the XDG Base Directory spec says: `$XDG_DATA_HOME/wellness` (an
    ///   absolute `XDG_DATA_HOME` only), else `$HOME/.local/share/wellness`, else the same under
    ///   the account's home directory.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = explicit.nonEmpty {
            return URL(fileURLWithPath: expandingTilde(explicit, environment), isDirectory: true)
        }
        if let dir = environment["WELLNESS_DATA_DIR"].nonEmpty {
            return URL(fileURLWithPath: expandingTilde(dir, environment), isDirectory: true)
        }
        return platformDefault(environment: environment)
    }

    #if canImport(Darwin)
    private static func platformDefault(environment: [String: String]) -> URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
                .appendingPathComponent("Library/Application Support", isDirectory: true)
        return support.appendingPathComponent("Wellness", isDirectory: true)
    }
    #else
    private static func platformDefault(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"].nonEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wellness", isDirectory: true)
        }
        let home = environment["HOME"].nonEmpty ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/wellness", isDirectory: true)
    }
    #endif

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
