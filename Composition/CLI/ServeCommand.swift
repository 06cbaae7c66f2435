import ArgumentParser
import Foundation
import WellnessComposition
import WellnessServerHost

/// `wellness serve [--host 127.0.0.1] [--port 8080]`: the Wellness API for the accounts in the
/// data directory, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Wellness server (accounts from `wellness users`) until interrupted.",
        discussion: """
        Request logs go to stderr at level info (WELLNESS_LOG_LEVEL changes it), as text or, with \
        --log-format json, one JSON object per line.
        Every setting can come from a JSON file (--config or WELLNESS_CONFIG) whose keys are the long \
        option names, e.g. {"port": 8080, "trusted-proxy": ["10.0.0.2"]}; flags win over environment \
        variables, which win over the file.
        """)
    /// While a setting of a configuration file is checked on its own: the checks between
    /// settings wait for the whole command line (``ServeConfigurationFile``).
    @TaskLocal static var checkingOneSetting = false

    @OptionGroup var options: GlobalOptions
    @Option(name: .customLong("config"),
            help: ArgumentHelp("A JSON file of these settings, keyed by their long names (env: WELLNESS_CONFIG); "
                               + "the AI key only as tips-api-key-file.", valueName: "file"))
    var config: String?
    @Option(help: "The address to listen on; loopback by default.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one (printed).") var port = 8080
    @Option(name: .customLong("rate-limit"), help: "Requests per minute allowed per login.") var rateLimit = 120
    @Option(name: .customLong("max-body"), help: "The largest request body accepted, in bytes.") var maxBody = 64 * 1024
    @Option(name: .customLong("sync-rate-limit"),
            help: "Records the sync routes may carry per login in 10 minutes, pushed and pulled (at least 5000, a push's most).")
    var syncRateLimit = ServerConfiguration.defaultSyncRateLimit.limit
    @Option(name: .customLong("idle-timeout"),
            help: "Seconds a connection may wait without a whole request head before it is closed.") var idleTimeout = 30
    @Option(name: .customLong("body-timeout"),
            help: "Seconds a request body may take to arrive; a slower one is answered 408 and its connection closed.")
    var bodyTimeout = 10
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
    @Option(name: .customLong("log-format"),
            help: ArgumentHelp("text, or json: one object per line (time, level, message; a request's requestId, "
                               + "route, status, durationMs), for log collectors.", valueName: "text|json"),
            transform: parsed(LogFormat.parse))
    var logFormat: LogFormat = .text
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

    /// The configuration file to read: `--config`, else `WELLNESS_CONFIG`, as a path.
    func configurationFile(_ context: CLIContext) -> String? {
        (config ?? context.variable(ServeConfigurationFile.variable)).map(context.path)
    }

    func validate() throws {
        let text = CLIMessages(locale: CLIContext.current.locale).text
        guard (0...65535).contains(port) else {
            throw ValidationError(text.string("cli.error.range", .verbatim("--port"), .number(0), .number(65535)))
        }
        guard rateLimit > 0 else { throw ValidationError(text.string("cli.error.atLeast", .verbatim("--rate-limit"), .number(1))) }
        guard syncRateLimit >= APIServer.maxPushRecords else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--sync-rate-limit"), .number(APIServer.maxPushRecords)))
        }
        guard maxBody >= 1024 else { throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-body"), .number(1024))) }
        guard idleTimeout >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--idle-timeout"), .number(1)))
        }
        guard bodyTimeout >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--body-timeout"), .number(1)))
        }
        guard maxConnections >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-connections"), .number(1)))
        }
        guard maxOpenStores >= 1 else {
            throw ValidationError(text.string("cli.error.atLeast", .verbatim("--max-open-stores"), .number(1)))
        }
        guard Self.checkingOneSetting || (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError(text.string("cli.error.together", .verbatim("--tls-cert"), .verbatim("--tls-key")))
        }
        try refused { _ = try trustedProxies() }
    }

    func run() async throws {
        OpenFilesLimit.raise()
        try await ServerConsole.run(options, database: database, serving: true, tips: tips,
                                    maxOpenStores: maxOpenStores, logFormat: logFormat) { host, console in
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
                                                    idleTimeout: .seconds(idleTimeout), bodyTimeout: .seconds(bodyTimeout),
                                                    maxConnections: maxConnections, tls: tls,
                                                    trustedProxies: try trustedProxies(),
                                                    syncRateLimit: RateLimit(limit: syncRateLimit,
                                                                             window: ServerConfiguration.defaultSyncRateLimit.window))
            let scheme = tls == nil ? "http" : "https"
            try await host.serve(configuration, messages: console.messages.presenter, onRunning: { port in
                // Flushed at once: scripts and tests wait for this line.
                output.write("Wellness server listening on \(scheme)://\(address):\(port) (data: \(location))\n")
                output.flush()
            })
        }
    }
}
