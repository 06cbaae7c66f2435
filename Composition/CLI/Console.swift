import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// A command's view of the world: the container built from its options, the run's streams,
/// and output helpers, so commands only say what to show.
struct Console {
    let wellness: Wellness
    let client: WellnessClient
    /// The store's sync with the server, when logged in.
    var sync: ClientSync? = nil
    /// Whether the command sent its writes itself (``sendWrites(_:)``), so the run does not again.
    let sentWrites = OnceFlag()
    let json: Bool
    let context: CLIContext
    /// The core's strings with the CLI's own on top, in the person's language.
    let text: Localizer

    var messages: CLIMessages { CLIMessages(localizer: text) }
    var calendar: Calendar { wellness.time.calendar }
    /// Now, on the container's clock (`--now` when given).
    var now: Date { wellness.time.now() }

    /// Runs `body` with a container built from `options`. Any error is worded here, in the
    /// person's language with the CLI's hints, and ends the run with status 1.
    /// `tips` are the command's AI tips flags, when it has them.
    static func run(_ options: GlobalOptions, tips: TipsOptions? = nil, _ body: (Console) async throws -> Void) async throws {
        let context = CLIContext.current
        var messages = CLIMessages(locale: options.locale ?? WellnessLocale.fromEnvironment(context.environment))
        var login: StoredCredentials?
        do {
            let configuration = try options.configuration(context, tips: tips)
            messages = CLIMessages(locale: configuration.locale)
            let client = try WellnessClient(configuration, trustedCertificates: context.variable("WELLNESS_CA_FILE").map {
                URL(fileURLWithPath: context.path($0))
            }, timeouts: ServerTimeoutSetting.timeouts(in: context))
            let wellness = try await client.wellness()
            login = wellness.drift.login
            let sync = login == nil ? nil : try await client.syncing(wellness)
            let console = Console(wellness: wellness, client: client, sync: sync, json: options.json, context: context,
                                  text: messages.text)
            guard let sync else { return try await body(console) }
            // Logged in, the command runs as the store's one sync (another process's sync waits
            // for it), and what it wrote goes to the server as it ends, if the server answers quickly.
            try await sync.exclusively {
                try await sync.prepare()
                let written = try await wellness.repositories.changes.recording { try await body(console) }.collections
                if !console.sentWrites.isSet, written?.isEmpty != true { _ = await console.sendWrites(written) }
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            // A 401 already cleared the token (see `ForgetRefusedSession`): say the session ended.
            if let login, Self.isUnauthorized(error) {
                throw CLIFailure(message: messages.message(for: ClientSessionError.sessionEnded(server: login.server,
                                                                                                email: login.email)),
                                 status: 1)
            }
            throw CLIFailure(message: messages.message(for: error), status: 1)
        }
    }

    /// Sends what the command wrote in `collections` (`nil`: anything), with every change still
    /// pending, if the server takes it within a second; otherwise it stays for the next sync.
    /// A record the server refuses, or a session it ended, is told on standard error. `nil` when
    /// not logged in.
    @discardableResult
    func sendWrites(_ collections: Set<RecordCollection>?) async -> ClientSync.Delivery? {
        guard let sync else { return nil }
        sentWrites.set()
        do {
            let delivery = try await sync.send(collections, within: .seconds(1))
            if delivery == .sessionEnded {
                warn(messages.message(for: ClientSessionError.sessionEnded(server: sync.login.server, email: sync.login.email)))
            }
            return delivery
        } catch {
            warn(messages.message(for: error))
            if case SyncError.refused = error { return .refused }
            return .pending
        }
    }

    /// Whether the server refused the session, whichever port reported it.
    static func isUnauthorized(_ error: any Error) -> Bool {
        switch error {
        case ApiFailure.unauthorized, GoalTipsError.serviceFailed(.unauthorized): true
        default: false
        }
    }

    // MARK: - Output

    func print(_ line: String = "") {
        context.output.write(line + "\n")
    }

    /// A line on standard error that is not an error (`wellness: …`), so `--json` output stays data.
    func warn(_ line: String) {
        context.errors.write("wellness: \(line)\n")
    }

    /// Prints `value` as JSON (sorted keys, days as YYYY-MM-DD, instants as ISO 8601).
    /// Writes `file` with what `body` hands to its `write`: `-` is standard output, anything else
    /// goes through ``AtomicFileWriter`` (complete or not at all, links followed, a device or a
    /// FIFO written through, never replaced). The one way every command writes a file.
    /// The date `day` names today.
    func day(_ day: DayReference) -> LocalDay {
        day.resolved(today: wellness.time.today())
    }

    /// The date `day` names today (`nil` stays `nil`: the use case's default, today).
    func day(_ day: DayReference?) -> LocalDay? {
        day.map(self.day)
    }

    @discardableResult
    func writeFile<Result>(_ file: String,
                           _ body: (_ write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Result)
        async throws -> Result {
        try await context.writeFile(file, body)
    }

    func printJSON(_ value: some Encodable) throws {
        try JSONOutput.print(value, to: context.output)
    }

    /// Prints rows as columns aligned on their widest cell; the last column is not padded.
    func printTable(header: [String], rows: [[String]]) {
        TableOutput.print(header: header, rows: rows, to: context.output)
    }

    /// A local wall-clock time, `YYYY-MM-DD HH:MM`, in the person's time zone.
    func localTime(_ date: Date?) -> String {
        LocalTime.format(date, calendar: calendar, never: text.string("cli.never"))
    }

    func yesNo(_ value: Bool) -> String {
        text.string(value ? "cli.yes" : "cli.no")
    }
}

/// A flag set once, shared by the copies of a ``Console``.
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }

    var isSet: Bool { lock.withLock { value } }
}
