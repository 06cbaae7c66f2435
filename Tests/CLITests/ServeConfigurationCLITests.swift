import Foundation
import Testing
@testable import WellnessCLI
import WellnessTestSupport

/// `wellness serve --config FILE` (and `WELLNESS_CONFIG`): serve's settings from a JSON file
/// keyed by the long option names; flags win over environment variables, which win over the
/// file, which wins over the defaults; a bad key or value names the key and the file (exit 64).
@Suite("CLI: serve --config")
struct ServeConfigurationCLITests {
    /// The `serve` command `arguments` parse to with the configuration file merged in, in `environment`.
    static func serve(_ arguments: [String], environment: [String: String] = [:], in sandbox: Sandbox) throws
        -> ServeCommand {
        let context = CLIContext(environment: sandbox.environment.merging(environment) { $1 }, input: .text(""),
                                 output: .memory(), errors: .memory(), workingDirectory: sandbox.root.url,
                                 arguments: arguments)
        return try CLIContext.$current.withValue(context) {
            let parsed = try #require(try WellnessCommand.parseAsRoot(arguments) as? ServeCommand)
            let file = try #require(parsed.configurationFile(context))
            let merged = try ServeConfigurationFile.arguments(arguments, file: file, context: context)
            return try #require(try WellnessCommand.parseAsRoot(merged) as? ServeCommand)
        }
    }

    @Test("the file's keys are serve's long option names, every one of them but --config")
    func keysAreServeOptions() throws {
        let help = try #require(try JSONSerialization.jsonObject(with: Data(ServeCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(help["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var options: [String: ServeConfigurationFile.Kind] = [:]
        for argument in arguments {
            guard let names = argument["names"] as? [[String: Any]],
                  let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
                  !["config", "help", "version"].contains(long) else { continue }
            let kind = argument["kind"] as? String
            options[long] = kind == "flag" ? .flag : argument["isRepeating"] as? Bool == true ? .repeatable : .value
        }
        let table = Dictionary(uniqueKeysWithValues: ServeConfigurationFile.settings.map { ($0.key, $0.kind) })
        #expect(Set(options.keys) == Set(table.keys))
        for (key, kind) in options { #expect(table[key] == kind, "\(key)") }
    }

    @Test("every setting from the file, a repeatable one as an array, a relative path from the file's directory")
    func everySetting() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.file("serve.json", """
            {"host": "0.0.0.0", "port": 9090, "rate-limit": 600, "max-body": "2048", "idle-timeout": 5, "sync-rate-limit": 9000,
             "body-timeout": 7, "max-connections": 3, "max-open-stores": 4, "trusted-proxy": ["10.0.0.2", "10.1.0.0/16"],
             "log-format": "json", "data-dir": "server-data", "store": "json", "json": true,
             "database": "postgres://ann@127.0.0.1/wellness", "tips-url": "http://127.0.0.1:11434",
             "tips-model": "llama", "tips-timeout": 2.5, "allow-remote": false}
            """)
        let serve = try Self.serve(["serve", "--config", file], in: sandbox)
        #expect(serve.host == "0.0.0.0")
        #expect(serve.port == 9090)
        #expect(serve.rateLimit == 600)
        #expect(serve.maxBody == 2048)
        #expect(serve.syncRateLimit == 9000)
        #expect(serve.idleTimeout == 5 && serve.bodyTimeout == 7)
        #expect(serve.maxConnections == 3 && serve.maxOpenStores == 4)
        #expect(serve.trustedProxy == ["10.0.0.2", "10.1.0.0/16"])
        #expect(serve.logFormat == .json)
        #expect(serve.options.dataDir == sandbox.root.url.appendingPathComponent("server-data").path)
        #expect(serve.options.store == .json)
        #expect(serve.options.json)
        #expect(serve.database.database == "postgres://ann@127.0.0.1/wellness")
        #expect(serve.tips.url == "http://127.0.0.1:11434" && serve.tips.model == "llama" && serve.tips.timeout == "2.5")
        #expect(!serve.tips.allowRemote)
    }

    @Test("a flag wins over the environment, which wins over the file, which wins over the default")
    func precedence() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.file("serve.json", """
            {"port": 9090, "rate-limit": 600, "database": "postgres://file@127.0.0.1/w", "trusted-proxy": ["10.0.0.2"],
             "tips-url": "http://127.0.0.1:1", "tips-model": "from-file"}
            """)
        let env = ["WELLNESS_DATABASE_URL": "postgres://env@127.0.0.1/w", "WELLNESS_TIPS_MODEL": "from-env"]
        let fileOnly = try Self.serve(["serve", "--config", file], in: sandbox)
        #expect(fileOnly.port == 9090 && fileOnly.rateLimit == 600 && fileOnly.maxBody == 64 * 1024, "the default stays")
        let withEnv = try Self.serve(["serve", "--config", file], environment: env, in: sandbox)
        #expect(withEnv.database.database == nil, "the variable wins: the file's URL is not given")
        #expect(withEnv.tips.model == nil)
        let flags = try Self.serve(["serve", "--port", "7070", "--config", file, "--database", "postgres://flag@127.0.0.1/w",
                                    "--trusted-proxy", "::1", "--tips-model=from-flag"], environment: env, in: sandbox)
        #expect(flags.port == 7070 && flags.rateLimit == 600)
        #expect(flags.database.database == "postgres://flag@127.0.0.1/w")
        #expect(flags.trustedProxy == ["::1"], "a repeatable flag typed replaces the file's array")
        #expect(flags.tips.model == "from-flag")
    }

    @Test("WELLNESS_CONFIG names the file when --config does not; the database URL used follows the precedence")
    func environmentNamesTheFile() async throws {
        let cli = try Sandbox()
        let file = try cli.file("serve.json", #"{"database": "mysql://file@127.0.0.1/w", "port": 0}"#)
        let fromFile = try await cli.raw(["serve", "--data-dir", cli.data.path], extraEnv: ["WELLNESS_CONFIG": file])
        #expect(fromFile.status == 1 && fromFile.stderr.contains("mysql://file@127.0.0.1/w"), "\(fromFile)")
        let fromEnv = try await cli.raw(["serve", "--data-dir", cli.data.path],
                                        extraEnv: ["WELLNESS_CONFIG": file, "WELLNESS_DATABASE_URL": "mysql://env@127.0.0.1/w"])
        #expect(fromEnv.status == 1 && fromEnv.stderr.contains("mysql://env@127.0.0.1/w"), "\(fromEnv)")
        let fromFlag = try await cli.raw(["serve", "--config", file, "--database", "mysql://flag@127.0.0.1/w"],
                                         extraEnv: ["WELLNESS_DATABASE_URL": "mysql://env@127.0.0.1/w"])
        #expect(fromFlag.status == 1 && fromFlag.stderr.contains("mysql://flag@127.0.0.1/w"), "\(fromFlag)")
    }

    @Test("a bad key or value is refused before anything runs, naming the key and the file",
          arguments: [
            (#"{"prot": 8080}"#, #"unknown key "prot""#),
            (#"{"config": "other.json"}"#, #"unknown key "config""#),
            (#"{"port": 70000}"#, #"bad value for "port""#),
            (#"{"port": 80.5}"#, #"bad value for "port""#),
            (#"{"port": "eighty"}"#, #"bad value for "port""#),
            (#"{"port": true}"#, #"bad value for "port": expected a string or a number"#),
            (#"{"port": null}"#, #"bad value for "port": expected a string or a number"#),
            (#"{"host": {"name": "x"}}"#, #"bad value for "host": expected a string or a number"#),
            (#"{"rate-limit": 0}"#, #"bad value for "rate-limit": --rate-limit must be at least 1"#),
            (#"{"sync-rate-limit": 4999}"#, #"bad value for "sync-rate-limit": --sync-rate-limit must be at least 5000"#),
            (#"{"trusted-proxy": "10.0.0.2"}"#, #"bad value for "trusted-proxy": expected an array of strings"#),
            (#"{"trusted-proxy": ["10.0.0.2", false]}"#, #"bad value for "trusted-proxy": expected an array"#),
            (#"{"trusted-proxy": ["example.org"]}"#, #"bad value for "trusted-proxy""#),
            (#"{"log-format": "xml"}"#, #"bad value for "log-format""#),
            (#"{"allow-remote": "yes"}"#, #"bad value for "allow-remote": expected true or false"#),
            (#"{"store": "paper"}"#, #"bad value for "store""#),
            (#"{"now": "yesterday-ish"}"#, #"bad value for "now""#),
            (#"{"tips-timeout": 0}"#, #"bad value for "tips-timeout""#),
            (#"{"tips-url": "ftp://127.0.0.1"}"#, #"bad value for "tips-url""#),
            (#"{"tips-api-key-file": "missing-key"}"#, #"bad value for "tips-api-key-file""#),
          ])
    func badKeyOrValue(json: String, expected: String) async throws {
        let cli = try Sandbox()
        let file = try cli.file("serve.json", json)
        let result = try await cli.raw(["serve", "--config", file, "--data-dir", cli.data.path])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("the configuration file \(file) has"), "\(result)")
        #expect(result.stderr.contains(expected), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "nothing ran")
    }

    @Test("the AI key itself is refused in the file, pointing to tips-api-key-file; a key file is read from the file's directory")
    func inlineKeyRefused() async throws {
        let cli = try Sandbox()
        let file = try cli.file("serve.json", #"{"tips-url": "http://127.0.0.1:1", "tips-api-key": "sk-secret"}"#)
        let result = try await cli.raw(["serve", "--config", file])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(#"holds the AI key itself in "tips-api-key""#), "\(result)")
        #expect(result.stderr.contains(#""tips-api-key-file""#), "\(result)")
        #expect(!result.stderr.contains("sk-secret"), "\(result)")

        _ = try cli.file("ai.key", "sk-secret\n")
        let keyed = try cli.file("keyed.json", #"{"tips-url": "http://127.0.0.1:1", "tips-api-key-file": "ai.key"}"#)
        let serve = try Self.serve(["serve", "--config", keyed], in: cli)
        #expect(serve.tips.apiKeyFile == cli.root.url.appendingPathComponent("ai.key").path)
    }

    @Test("a missing, unreadable or non-JSON file is refused, naming it")
    func unusableFile() async throws {
        let cli = try Sandbox()
        let missing = cli.root.url.appendingPathComponent("absent.json").path
        let absent = try await cli.raw(["serve", "--config", missing])
        #expect(absent.status == 64, "\(absent)")
        #expect(absent.stderr.contains("the configuration file \(missing) cannot be read: No such file or directory"), "\(absent)")

        let directory = try await cli.raw(["serve", "--config", cli.home.path])
        #expect(directory.status == 64 && directory.stderr.contains("the configuration file \(cli.home.path) cannot be read"),
                "\(directory)")

        for text in ["port: 8080", "[8080]", "", #"{"port": 8080"#] {
            let file = try cli.file("bad.json", text)
            let result = try await cli.raw(["serve", "--config", file])
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("the configuration file \(file) is not a JSON object"), "\(result)")
        }
    }

    @Test("Dutch messages for a refused file")
    func dutch() async throws {
        let cli = try Sandbox()
        let file = try cli.file("serve.json", #"{"prot": 1}"#)
        let result = try await cli.raw(["serve", "--config", file, "--locale", "nl"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(#"het configuratiebestand \#(file) heeft een onbekende sleutel "prot""#), "\(result)")
    }
}
