import ArgumentParser
import Foundation
import WellnessComposition

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Storage: sqlite (default), json or memory. Env: WELLNESS_STORE.",
            transform: parsed { try StoreKind.parse($0) })
    var store: StoreKind?

    @Option(name: .customLong("data-dir"),
            help: "Data directory. Env: WELLNESS_DATA_DIR; default $XDG_DATA_HOME/wellness or ~/.local/share/wellness.")
    var dataDir: String?

    /// Read while parsing, so a malformed moment is a usage error (exit 64) like any other
    /// refused flag; `WELLNESS_NOW` is read with the rest of the environment (exit 1).
    @Option(help: "Pretend it is this moment (ISO 8601, e.g. 2026-11-21T09:30:00Z). Env: WELLNESS_NOW.",
            transform: parsedInstant("--now", clock: true))
    var now: Date?

    @Option(help: "Language: en or nl. Default: from LC_ALL, LC_MESSAGES or LANG, else en.", transform: parsed { try WellnessLocale.parse($0) })
    var locale: WellnessLocale?

    @Option(help: "An intervention catalog (JSON) replacing the built-in one. Env: WELLNESS_CATALOG.")
    var catalog: String?

    @Flag(help: "Machine-readable JSON on stdout.")
    var json = false

    /// The data directory from `--data-dir`, `WELLNESS_DATA_DIR` or the default, in `context`.
    func dataDirectory(_ context: CLIContext) -> URL {
        DataDirectory.resolve(explicit: dataDir.map(context.path), environment: context.environment.merging(
            context.variable("WELLNESS_DATA_DIR").map { ["WELLNESS_DATA_DIR": context.path($0)] } ?? [:]) { $1 })
    }

    /// The container configuration from these options and the run's environment; `tips` are
    /// the AI tips flags of the command, when it has them; its logger writes `logFormat`.
    func configuration(_ context: CLIContext, serving: Bool = false, tips: TipsOptions? = nil,
                       logFormat: LogFormat = .text) throws -> WellnessConfiguration {
        let timeZone = try Self.timeZone(context.environment["TZ"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let clock = try now.map(FixedWallClock.init) ?? context.variable("WELLNESS_NOW").map {
            FixedWallClock(try Self.clock($0, source: "WELLNESS_NOW", calendar: calendar))
        }
        let catalogPath = catalog ?? context.variable("WELLNESS_CATALOG")
        var configuration = WellnessConfiguration(
            store: try store ?? context.variable("WELLNESS_STORE").map {
                do { return try StoreKind.parse($0) } catch {
                    throw CLIError.invalidValue(source: "WELLNESS_STORE", value: $0, expected: LocalizedText("cli.expected.store"))
                }
            } ?? .sqlite,
            dataDirectory: dataDirectory(context),
            clock: clock ?? SystemWallClock(),
            calendar: calendar,
            locale: locale ?? WellnessLocale.fromEnvironment(context.environment),
            logger: context.logger("wellness", serving: serving, format: logFormat),
            catalog: try catalogPath.map { try InterventionCatalog.load(URL(fileURLWithPath: context.path($0))) },
            tierOverride: try context.variable("WELLNESS_TIER").map {
                do { return try Tier.parse($0) } catch {
                    throw CLIError.invalidValue(source: "WELLNESS_TIER", value: $0, expected: LocalizedText("cli.expected.tier"))
                }
            })
        configuration.tipsService = try TipsOptions.settings(tips, in: context)?.service(for: configuration)
        return configuration
    }

    /// `TZ` as an IANA zone name (a leading `:` allowed); the system zone when unset.
    static func timeZone(_ tz: String?) throws -> TimeZone {
        guard var name = tz, !name.isEmpty else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        guard let zone = TimeZone(identifier: name) else {
            throw CLIError.invalidValue(source: "TZ", value: tz ?? "", expected: LocalizedText("cli.expected.timeZone"))
        }
        return zone
    }

    /// The moment to pretend it is: an ``instant(_:source:calendar:)`` a year away from the ends
    /// of the years accepted, so that what is derived from it (tomorrow, a snooze, an expiry)
    /// is still a date the stores can read back.
    static func clock(_ text: String, source: String, calendar: Calendar) throws -> Date {
        let date = try instant(text, source: source, calendar: calendar)
        let year = CivilTime.local(date, in: calendar.timeZone).day.year
        guard year > CivilTime.years.lowerBound, year < CivilTime.years.upperBound else {
            throw CLIError.invalidValue(source: source, value: text, expected: LocalizedText("cli.expected.clock"))
        }
        return date
    }

    /// An ISO 8601 instant; without an offset it is read as local time in `calendar`'s zone.
    /// It must lie in the years 1…9999 in UTC and in that zone (``CivilTime/checkRange(_:in:given:)``).
    static func instant(_ text: String, source: String, calendar: Calendar) throws -> Date {
        func inRange(_ date: Date) throws -> Date {
            guard CivilTime.isInRange(date, in: calendar.timeZone) else {
                throw CLIError.invalidValue(source: source, value: text, expected: LocalizedText("cli.expected.instantInRange"))
            }
            return date
        }
        if let date = Timestamp.parseIgnoringRange(text) { return try inRange(date) }
        let parts = text.split(separator: "T")
        if parts.count == 2, let day = LocalDay(String(parts[0])) {
            let clock = parts[1].split(separator: ":").map { Int($0) }
            if (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }),
               let hour = clock[0], let minute = clock[1], (0..<24).contains(hour), (0..<60).contains(minute),
               clock.count == 2 || clock[2].map({ (0..<60).contains($0) }) == true {
                let seconds = clock.count == 3 ? clock[2] ?? 0 : 0
                let date = CivilTime.instant(day, millisecondOfDay: ((hour * 60 + minute) * 60 + seconds) * 1000,
                                             in: calendar.timeZone)
                return try inRange(date)
            }
        }
        throw CLIError.invalidValue(source: source, value: text, expected: LocalizedText("cli.expected.instant"))
    }
}

/// A local `YYYY-MM-DD` argument, parsed with an error that names the value.
func parseDay(_ text: String) throws -> LocalDay {
    guard let day = LocalDay(text) else {
        throw CLIError.invalidValue(source: "date", value: text, expected: LocalizedText("cli.expected.day"))
    }
    return day
}

/// A day argument: `YYYY-MM-DD`, `today`, `yesterday` or `-N` (``DayReference``), parsed with an
/// error that names the value; resolved against the run's today by ``Console/day(_:)``.
func parseDayReference(_ text: String) throws -> DayReference {
    guard let day = DayReference(text) else {
        throw CLIError.invalidValue(source: "date", value: text, expected: LocalizedText("cli.expected.dayReference"))
    }
    return day
}

/// A `free`/`pro` argument, parsed with an error that names the value.
@Sendable func parseTier(_ text: String) throws -> Tier {
    do { return try Tier.parse(text) } catch {
        throw CLIError.invalidValue(source: "tier", value: text, expected: LocalizedText("cli.expected.tier"))
    }
}

/// An instant flag (`--now`, `--at`) read while parsing: ``GlobalOptions/instant(_:source:calendar:)``
/// (``GlobalOptions/clock(_:source:calendar:)`` for the moment to pretend it is) in the zone of
/// the run's `TZ`, so a malformed one is a usage error. With a `TZ` that names no zone it is
/// read in UTC; the configuration then refuses `TZ` before anything runs.
func parsedInstant(_ source: String, clock: Bool = false) -> @Sendable (String) throws -> Date {
    parsed { text in
        var calendar = Calendar(identifier: .gregorian)
        do {
            calendar.timeZone = try GlobalOptions.timeZone(CLIContext.current.environment["TZ"])
        } catch {
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        }
        return clock ? try GlobalOptions.clock(text, source: source, calendar: calendar)
            : try GlobalOptions.instant(text, source: source, calendar: calendar)
    }
}

/// An id (or its start) of an entity whose ids are UUIDs, as typed: one that cannot be any
/// id's start is a usage error naming it (``IDReference``); the use case matches it.
func idReference(_ text: String) throws -> String {
    _ = try IDReference.uuidPrefix(text)
    return text
}

/// Refuses a `--days` value outside ``LocalDay/dayCounts`` in `validate()` (usage, exit 64).
func refusedDays(_ days: Int?) throws {
    guard let days else { return }
    try refused("--days") { try LocalDay.checkDayCount(days) }
}

/// A parser for `@Option`/`@Argument(transform:)` whose refusal ArgumentParser shows as it is:
/// the error worded in the run's language (``CLIContext/locale``), with the usage, exit 64.
func parsed<Value>(_ parse: @escaping @Sendable (String) throws -> Value) -> @Sendable (String) throws -> Value {
    { text in
        do {
            return try parse(text)
        } catch {
            throw ParseRefusal(message: CLIMessages(locale: CLIContext.current.locale).message(for: error))
        }
    }
}

/// A refused value, already worded (ArgumentParser shows a `LocalizedError`'s description).
struct ParseRefusal: Error, LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

/// Runs a check of the core in `validate()`: its refusal becomes ArgumentParser's (usage shown,
/// exit 64), worded like every other error and led by the `option` it is about (`--days: …`),
/// so the CLI never restates the core's rules.
func refused(_ option: String? = nil, _ check: () throws -> Void) throws {
    do {
        try check()
    } catch {
        let message = CLIMessages(locale: CLIContext.current.locale).message(for: error)
        throw ValidationError(option.map { "\($0): \(message)" } ?? message)
    }
}
