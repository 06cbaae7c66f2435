import ArgumentParser
import Foundation
import WellnessComposition

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Storage: sqlite (default), json or memory. Env: WELLNESS_STORE.",
            transform: { try StoreKind.parse($0) })
    var store: StoreKind?

    @Option(name: .customLong("data-dir"),
            help: "Data directory. Env: WELLNESS_DATA_DIR; default $XDG_DATA_HOME/wellness or ~/.local/share/wellness.")
    var dataDir: String?

    @Option(help: "Pretend it is this moment (ISO 8601, e.g. 2026-11-21T09:30:00Z). Env: WELLNESS_NOW.")
    var now: String?

    @Option(help: "Language: en or nl. Default: from LANG, else en.", transform: { try WellnessLocale.parse($0) })
    var locale: WellnessLocale?

    @Option(help: "An intervention catalog (JSON) replacing the built-in one. Env: WELLNESS_CATALOG.")
    var catalog: String?

    @Flag(help: "Machine-readable JSON on stdout.")
    var json = false

    /// The container configuration from these options and the environment.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> WellnessConfiguration
    {
        let timeZone = try Self.timeZone(environment["TZ"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let clock = try (now ?? environment["WELLNESS_NOW"].flatMap { $0.isEmpty ? nil : $0 }).map {
            FixedWallClock(try Self.instant($0, source: now == nil ? "WELLNESS_NOW" : "--now", calendar: calendar))
        }
        let catalogPath = catalog ?? environment["WELLNESS_CATALOG"].flatMap { $0.isEmpty ? nil : $0 }
        return WellnessConfiguration(
            store: try store ?? environment["WELLNESS_STORE"].map { try StoreKind.parse($0) } ?? .sqlite,
            dataDirectory: DataDirectory.resolve(explicit: dataDir, environment: environment),
            clock: clock ?? SystemWallClock(),
            calendar: calendar,
            locale: locale ?? WellnessLocale.fromEnvironment(environment),
            catalog: try catalogPath.map { try InterventionCatalog.load(URL(fileURLWithPath: $0)) },
            tierOverride: try environment["WELLNESS_TIER"].flatMap { $0.isEmpty ? nil : $0 }.map {
                do { return try Tier.parse($0) } catch {
                    throw CLIError.invalidValue(source: "WELLNESS_TIER", value: $0, expected: "free or pro")
                }
            })
    }

    /// `TZ` as an IANA zone name (a leading `:` allowed); the system zone when unset.
    static func timeZone(_ tz: String?) throws -> TimeZone {
        guard var name = tz, !name.isEmpty else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        guard let zone = TimeZone(identifier: name) else {
            throw CLIError.invalidValue(source: "TZ", value: tz ?? "", expected: "an IANA time zone such as Europe/Amsterdam")
        }
        return zone
    }

    /// An ISO 8601 instant; without an offset it is read as local time in `calendar`'s zone.
    static func instant(_ text: String, source: String, calendar: Calendar) throws -> Date {
        if let date = Timestamp.parse(text) { return date }
        let parts = text.split(separator: "T")
        if parts.count == 2, let day = LocalDay(String(parts[0])) {
            let clock = parts[1].split(separator: ":").map { Int($0) }
            if (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }),
               let hour = clock[0], let minute = clock[1], (0..<24).contains(hour), (0..<60).contains(minute),
               clock.count == 2 || (0..<60).contains(clock[2]!) {
                let seconds = clock.count == 3 ? clock[2]! : 0
                return day.at(hour: hour, minute: minute, in: calendar).addingTimeInterval(Double(seconds))
            }
        }
        throw CLIError.invalidValue(source: source, value: text,
                                    expected: "an ISO 8601 date-time such as 2026-11-21T09:30:00Z or 2026-11-21T09:30")
    }
}

/// A local `YYYY-MM-DD` argument, parsed with an error that names the value.
func parseDay(_ text: String) throws -> LocalDay {
    guard let day = LocalDay(text) else {
        throw CLIError.invalidValue(source: "date", value: text, expected: "a real date in the form YYYY-MM-DD")
    }
    return day
}
