import ArgumentParser
import Foundation
import WellnessComposition
import WellnessServerHost

/// `wellness server backup|restore`: the whole server (every account, its credentials and data)
/// as one archive, and back into an empty server on either backend.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server", abstract: "Back up or restore the whole server in this data directory (or its PostgreSQL database).",
        subcommands: [Backup.self, Restore.self])

    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every account (email, password hash, tier) and all its data to one archive (JSON).",
            discussion: """
            Each account's data is the archive its own export gives. Sessions are not written: \
            after a restore everyone logs in again. The file is created 0600 (it holds password \
            hashes) and replaced only once complete. Safe while the server runs.
            """)
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The file to write (replaced once complete, 0600), or - for standard output.") var file: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let counts = try await console.context.writeFile(file, ownerOnly: true) { write in
                    try await host.backUpServer(to: write)
                }
                if file == "-" { return }
                if console.json { return try console.printJSON(counts) }
                console.print(console.text.string("cli.server.backedUp", .number(counts.accounts), .number(counts.records),
                                                  .verbatim(file)))
            }
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore a server's backup into a server with no account, all or nothing.",
            discussion: """
            The target (the data directory, or --database) must have no account. Every record is \
            checked as `wellness restore` checks it; anything wrong is named with its account, \
            collection and record, and nothing stays restored. Moves a server between SQLite, JSON \
            and PostgreSQL.
            """)
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The server's backup, or - for standard input.") var file: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let counts: ServerBackupCounts
                do {
                    let source = try console.context.source(file)
                    counts = try await host.restoreServer(from: source)
                } catch let error as ServerBackupError where error.code != .notEmpty {
                    throw CLIError.notRestored(file: file, error.message)
                }
                if console.json { return try console.printJSON(counts) }
                console.print(console.text.string("cli.server.restored", .number(counts.accounts), .number(counts.records),
                                                  .verbatim(host.location)))
            }
        }
    }
}

/// What a single-user command must not touch: a server's data directory.
enum ServerDirectory {
    /// Whether `directory` holds a server's accounts (`server.sqlite`, `accounts.json` or the
    /// `accounts` folder of their stores).
    static func holdsServer(_ directory: URL) -> Bool {
        ["server.sqlite", "accounts.json", "accounts"].contains { name in
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
        }
    }

    /// Refuses `command` on a server's data directory without a single-user store of its own
    /// (`wellness.sqlite`), naming what to run instead, before anything is opened: opening would
    /// create an empty single-user store there, and back up nothing of the server.
    static func refuse(_ options: GlobalOptions, command: String, instead: String) throws {
        let context = CLIContext.current
        let directory = options.dataDirectory(context)
        guard holdsServer(directory),
              !FileManager.default.fileExists(atPath: directory.appendingPathComponent("wellness.sqlite").path) else { return }
        let messages = CLIMessages(locale: options.locale ?? WellnessLocale.fromEnvironment(context.environment))
        throw CLIFailure(message: messages.text.string("cli.server.notSingleUser", .verbatim(directory.path),
                                                       .verbatim(command), .verbatim(instead)), status: 1)
    }
}
