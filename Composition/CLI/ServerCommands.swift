#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Logging
import WellnessClient
import WellnessComposition
import WellnessServerHost

/// `wellness serve [--host 127.0.0.1] [--port 8080]`: the Wellness API for the accounts in the
/// data directory, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Wellness server (accounts from `wellness users`) until interrupted.",
        discussion: "Request logs go to stderr at level info (WELLNESS_LOG_LEVEL changes it).")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The address to listen on; loopback by default.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one (printed).") var port = 8080
    @Option(name: .customLong("rate-limit"), help: "Requests per minute allowed per login.") var rateLimit = 120
    @Option(name: .customLong("max-body"), help: "The largest request body accepted, in bytes.") var maxBody = 64 * 1024
    @Option(name: .customLong("idle-timeout"),
            help: "Seconds a connection may wait without a whole request head before it is closed.") var idleTimeout = 30
    @Option(name: .customLong("max-connections"), help: "Connections served at once; more wait until one closes.")
    var maxConnections = 512
    @Option(name: .customLong("max-open-stores"),
            help: "Account stores kept open at once; the least recently used idle one is closed first.")
    var maxOpenStores = ServerHost.defaultMaxOpenStores
    @Option(name: .customLong("tls-cert"), help: "Serve https: the certificate chain (PEM); needs --tls-key.")
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: "Serve https: the certificate's private key (PEM); needs --tls-cert.")
    var tlsKey: String?
    @Option(name: .customLong("trusted-proxy"),
            help: ArgumentHelp("A proxy in front of the server (repeatable): its address, or a CIDR range holding only "
                               + "proxies. For its requests, X-Forwarded-For names the client.", valueName: "address"))
    var trustedProxy: [String] = []
    @OptionGroup var database: DatabaseOption
    @OptionGroup(title: "AI tips") var tips: TipsOptions

    /// The `--trusted-proxy` entries, or the error naming the first that is no address or range.
    func trustedProxies() throws -> TrustedProxies {
        do {
            return try TrustedProxies(trustedProxy)
        } catch .invalid(let entry) {
            throw CLIError.invalidValue(source: "--trusted-proxy", value: entry, expected: LocalizedText("cli.expected.trustedProxy"))
        }
    }

    func validate() throws {
        let text = CLIMessages(locale: CLIContext.current.locale).text
        guard (0...65535).contains(port) else {
            throw ValidationError(text.string("cli.error.range", .verbatim("--port"), .number(0), .number(65535)))
        }
        guard rateLimit > 0 else { throw ValidationError(text.string("cli.error.atLeast", .verbatim("--rate-limit"), .number(1))) }
        guard maxBody >= 1024 else { throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-body"), .number(1024))) }
        guard idleTimeout >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--idle-timeout"), .number(1)))
        }
        guard maxConnections >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-connections"), .number(1)))
        }
        guard maxOpenStores >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-open-stores"), .number(1)))
        }
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError(text.string("cli.error.together", .verbatim("--tls-cert"), .verbatim("--tls-key")))
        }
        try refused { _ = try trustedProxies() }
    }

    func run() async throws {
        OpenFilesLimit.raise()
        try await ServerConsole.run(options, database: database, serving: true, tips: tips,
                                    maxOpenStores: maxOpenStores) { host, console in
            if let settings = try TipsOptions.settings(tips, in: console.context) {
                let key = settings.isLoopback || settings.allowRemote ? "cli.serve.tips" : "cli.serve.tipsRemote"
                console.context.errors.write("wellness: " + console.text.string(key, .verbatim(settings.destination),
                                                                              .verbatim(settings.model)) + "\n")
            }
            let address = self.host
            let location = host.location
            let output = console.context.output
            let tls: ServerConfiguration.TLSFiles? = if let tlsCertificate, let tlsKey {
                ServerConfiguration.TLSFiles(certificateChain: URL(fileURLWithPath: tlsCertificate),
                                             privateKey: URL(fileURLWithPath: tlsKey))
            } else {
                nil
            }
            let configuration = ServerConfiguration(host: address, port: port,
                                                    rateLimit: RateLimit(limit: rateLimit, window: 60), maxBodyBytes: maxBody,
                                                    idleTimeout: .seconds(idleTimeout), maxConnections: maxConnections, tls: tls,
                                                    trustedProxies: try trustedProxies())
            let scheme = tls == nil ? "http" : "https"
            try await host.serve(configuration, messages: console.messages.presenter, onRunning: { port in
                // Flushed at once: scripts and tests wait for this line.
                output.write("Wellness server listening on \(scheme)://\(address):\(port) (data: \(location))\n")
                output.flush()
            })
        }
    }
}

/// `wellness users add|list|remove|tier`: the server's accounts.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Accounts of the server in this data directory (or its PostgreSQL database).",
        subcommands: [Add.self, List.self, Remove.self, SetTier.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an account; the password is read from stdin (or asked for, hidden, on a terminal).")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email address.") var email: String
        @Option(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier = .free

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let password = try PasswordInput(console.context).read(confirm: true)
                let account = try await host.addAccount(email: email, password: password, tier: tier)
                if console.json { return try console.printJSON(AccountOutput(account, tier: tier)) }
                console.print(console.text.string("cli.users.added", .verbatim(account.email.rawValue), .text(tier.name)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every account, by email.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let accounts = try await host.accounts()
                var rows: [AccountOutput] = []
                for account in accounts { rows.append(AccountOutput(account, tier: try await host.tier(of: account.id))) }
                if console.json { return try console.printJSON(rows) }
                if rows.isEmpty { return console.print(console.text.string("cli.users.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.email"), text.string("cli.column.tier"),
                                            text.string("cli.column.created"), text.string("cli.column.id")],
                                   rows: rows.map { [$0.email, $0.tier.rawValue, console.localTime($0.createdAt), $0.id] })
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an account, its sessions and all its data.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let removed = try await host.removeAccount(account)
                if console.json { return try console.printJSON(["removed": removed.email.rawValue]) }
                console.print(console.text.string("cli.users.removed", .verbatim(removed.email.rawValue)))
            }
        }
    }

    struct SetTier: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tier", abstract: "Set an account's tier.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String
        @Argument(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let changed = try await host.setTier(tier, of: account)
                if console.json { return try console.printJSON(AccountOutput(changed, tier: tier)) }
                console.print(console.text.string("cli.users.tier", .verbatim(changed.email.rawValue), .text(tier.name)))
            }
        }
    }
}

/// `wellness login --server URL --email E`.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a Wellness server; check-ins then sync to it and tips, insights and trends come from it.",
        discussion: "The password is read from stdin, or asked for (hidden) on a terminal; never from the command line.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The server, e.g. http://127.0.0.1:8080.") var server: String
    @Option(help: "Your account's email address.") var email: String
    @Flag(help: "Allow http:// to a server that is not this machine (the password and token travel unencrypted).")
    var insecure = false

    func run() async throws {
        try await Console.run(options) { console in
            guard console.client.configuration.store != .memory else { throw CLIError.loginNeedsStore }
            let url = try LogIn.serverURL(server, allowInsecure: insecure)
            if LogIn.isInsecure(url) {
                console.warn(console.text.string("cli.login.insecure", .verbatim(url.host ?? server)))
            }
            let password = try PasswordInput(console.context).read(confirm: false)
            let stored = try await console.client.session.logIn(server: url, email: email, password: password)
            if console.json { return try console.printJSON(LoginOutput(stored)) }
            console.print(console.text.string("cli.login.done", .verbatim(stored.server.absoluteString),
                                              .verbatim(stored.email)))
        }
    }
}

/// `wellness logout`.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the session on the server and forget the token.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            // Check-ins still waiting go out before the session ends (they could not after).
            await console.wellness.drift.sendWaiting()
            let stored = try await console.client.session.logOut()
            if console.json { return try console.printJSON(["loggedOut": stored != nil]) }
            guard let stored else { return console.print(console.text.string("cli.session.none")) }
            console.print(console.text.string("cli.logout.done", .verbatim(stored.server.absoluteString)))
        }
    }
}

/// `wellness session`: whether the stored login still holds.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "Show the login and check it with the server.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            await console.wellness.drift.sendWaiting()
            let status = try await console.client.session.status()
            if console.json { return try console.printJSON(SessionOutput(status)) }
            let text = console.text
            switch status {
            case .signedOut:
                console.print(text.string("cli.session.none"))
            case .active(let stored, let info):
                console.print(text.string("cli.session.active", .verbatim(stored.server.absoluteString),
                                          .verbatim(info.email), .text(info.tier.name),
                                          .verbatim(console.localTime(info.expiresAt))))
            case .unverified(let stored):
                console.print(text.string("cli.session.unverified", .verbatim(stored.server.absoluteString),
                                          .verbatim(stored.email)))
            }
        }
    }
}

/// `wellness sync`: sends the queued check-ins.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send the check-ins queued while offline to the server.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let summary = try await console.wellness.drift.sync()
            if console.json { return try console.printJSON(summary) }
            console.showSync(summary)
        }
    }
}

extension Console {
    /// "Synced N check-in(s)", and what is left behind.
    func showSync(_ summary: FlushSummary) {
        print(text.string("cli.sync.synced", .number(summary.flushed)))
        if summary.offline {
            print(text.string("cli.sync.offline"))
        }
        if summary.rateLimited {
            if let until = summary.retryAt {
                print(text.string("cli.sync.rateLimitedUntil", .verbatim(localTime(until))))
            } else {
                print(text.string("cli.sync.rateLimited"))
            }
        }
        if summary.failed > 0 { print(text.string("cli.sync.failed", .number(summary.failed))) }
        if summary.held > 0 { print(text.string("cli.sync.held", .number(summary.held))) }
    }
}

/// Runs a `users` or `serve` command on the server host of the data directory; errors are
/// worded as in ``Console/run(_:_:)``.
enum ServerConsole {
    static func run(_ options: GlobalOptions, database: DatabaseOption, serving: Bool = false, tips: TipsOptions? = nil,
                    maxOpenStores: Int = ServerHost.defaultMaxOpenStores,
                    _ body: (ServerHost, ServerConsoleOutput) async throws -> Void) async throws {
        let context = CLIContext.current
        var messages = CLIMessages(locale: options.locale ?? WellnessLocale.fromEnvironment(context.environment))
        do {
            let configuration = try options.configuration(context, serving: serving, tips: tips)
            messages = CLIMessages(locale: configuration.locale)
            let host: ServerHost
            if let url = database.url(context) {
                host = try await ServerHost.make(configuration, databaseURL: url)
            } else {
                host = try ServerHost.make(configuration, maxOpenStores: maxOpenStores)
            }
            do {
                try await body(host, ServerConsoleOutput(text: messages.text, calendar: configuration.calendar,
                                                         json: options.json, context: context))
            } catch {
                await host.shutdown()
                throw error
            }
            await host.shutdown()
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(message: messages.message(for: error), status: 1)
        }
    }
}

/// `--database postgres://…` (or `WELLNESS_DATABASE_URL`): the server's accounts and their data
/// in one PostgreSQL database instead of the data directory.
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("database"),
            help: ArgumentHelp("Keep the accounts and their data in PostgreSQL (default: WELLNESS_DATABASE_URL; without either, the data directory).",
                               valueName: "postgres://USER@HOST:PORT/DB"))
    var database: String?

    /// The URL given, or the environment's; `nil` for the data directory.
    func url(_ context: CLIContext) -> String? {
        if let database { return database }
        return context.variable("WELLNESS_DATABASE_URL").flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Output for the server's own commands (there is no single-user container to show).
struct ServerConsoleOutput {
    let text: Localizer
    let calendar: Calendar
    let json: Bool
    let context: CLIContext

    var messages: CLIMessages { CLIMessages(localizer: text) }

    func print(_ line: String = "") { context.output.write(line + "\n") }

    func printJSON(_ value: some Encodable) throws { try JSONOutput.print(value, to: context.output) }

    func printTable(header: [String], rows: [[String]]) { TableOutput.print(header: header, rows: rows, to: context.output) }

    func localTime(_ date: Date?) -> String { LocalTime.format(date, calendar: calendar, never: text.string("cli.never")) }
}

/// A password from standard input: typed at a hidden prompt on a terminal (twice when
/// `confirm`), else the first line of what is piped in. Never from the command line, where
/// other users and the shell history would see it.
struct PasswordInput {
    let context: CLIContext

    init(_ context: CLIContext) {
        self.context = context
    }

    func read(confirm: Bool) throws -> String {
        let input = context.input
        guard input.isTerminal, let fd = input.fileDescriptor else {
            guard let line = input.readLine(), !line.isEmpty else { throw CLIError.noPassword }
            return line
        }
        let password = try prompt("Password: ", fd)
        if confirm, try prompt("Repeat the password: ", fd) != password { throw CLIError.passwordMismatch }
        return password
    }

    private func prompt(_ text: String, _ fd: Int32) throws -> String {
        context.errors.write(text)
        var original = termios()
        tcgetattr(fd, &original)
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(fd, TCSAFLUSH, &hidden)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            context.errors.write("\n")
        }
        guard let line = context.input.readLine(), !line.isEmpty else { throw CLIError.noPassword }
        return line
    }
}

@Sendable func parseTier(_ text: String) throws -> Tier {
    do { return try Tier.parse(text) } catch {
        throw CLIError.invalidValue(source: "tier", value: text, expected: LocalizedText("cli.expected.tier"))
    }
}

/// `{"id", "email", "tier", "createdAt"}`.
struct AccountOutput: Encodable {
    let id: String
    let email: String
    let tier: Tier
    let createdAt: Date

    init(_ account: Account, tier: Tier) {
        id = account.id.description
        email = account.email.rawValue
        self.tier = tier
        createdAt = account.createdAt
    }
}

/// `{"server", "email", "expiresAt"}` (never the token).
struct LoginOutput: Encodable {
    let server: String
    let email: String
    let expiresAt: Date

    init(_ stored: StoredCredentials) {
        server = stored.server.absoluteString
        email = stored.email
        expiresAt = stored.expiresAt
    }
}

/// `{"status": "signedOut"|"active"|"unverified", "server", "email", "tier", "expiresAt"}`.
struct SessionOutput: Encodable {
    let status: String
    let server: String?
    let email: String?
    let tier: Tier?
    let expiresAt: Date?

    init(_ status: SessionStatus) {
        switch status {
        case .signedOut:
            (self.status, server, email, tier, expiresAt) = ("signedOut", nil, nil, nil, nil)
        case .active(let stored, let info):
            (self.status, server, email, tier, expiresAt) = ("active", stored.server.absoluteString, info.email, info.tier,
                                                            info.expiresAt)
        case .unverified(let stored):
            (self.status, server, email, tier, expiresAt) = ("unverified", stored.server.absoluteString, stored.email, nil,
                                                            stored.expiresAt)
        }
    }
}
