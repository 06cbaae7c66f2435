import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness backup FILE|-`: every collection of the store as one archive.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write every collection of the store to one backup archive (JSON).",
        discussion: """
        The archive holds the journal, supplements and their logs, exercises, goals and tips, moods, \
        check-ins and the queue, interventions, nudges, modules, the dog, weigh-ins and health data, \
        with every id and timestamp. The same store always gives the same bytes. Restore it with \
        `wellness restore FILE`, into a store of either kind.
        """)
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The file to write (replaced once complete, created 0600), or - for standard output.") var file: String

    func run() async throws {
        try await Console.run(options) { console in
            let backups = console.wellness.backups
            if file == "-" {
                let output = console.context.output
                try await backups.backUp { output.write($0) }
                return
            }
            let writer = try AtomicFileWriter(path: console.context.path(file))
            let counts: BackupCounts
            do {
                counts = try await backups.backUp(to: writer.write)
                try writer.commit()
            } catch {
                writer.discard()
                throw error
            }
            if console.json { return try console.printJSON(counts) }
            console.print(console.text.string("cli.backup.written", .number(counts.total), .verbatim(file)))
            console.showCounts(counts)
        }
    }
}

/// `wellness restore FILE [--replace]`: an archive back into the store, all or nothing.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup archive into the store, all or nothing.",
        discussion: """
        The store must be empty (a new data directory, or a store kind not used yet), unless \
        --replace: then everything in it is replaced in one transaction. An archive with anything \
        wrong in it (a newer version, a missing field, a duplicate, a log of a supplement that is not \
        there) is refused with its line and record, and nothing is written.
        """)
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The archive, or - for standard input.") var file: String
    @Flag(help: "Replace what the store holds.") var replace = false

    func run() async throws {
        try await Console.run(options) { console in
            let counts: BackupCounts
            do {
                let source: any ByteSource = file == "-" ? console.context.input
                    : try FileByteSource(path: console.context.path(file))
                counts = try await console.wellness.backups.restore(from: source, replacing: replace)
            } catch let error as BackupError {
                throw CLIError.notRestored(file: file, error.message)
            } catch let error as RestoreError where error.code == .notEmpty {
                // Only a restore can replace what a store holds (a migration cannot): the hint is here.
                throw CLIFailure(message: console.messages.message(for: error) + "; "
                                     + console.text.string("cli.hint.replaceStore"), status: 1)
            }
            if console.json { return try console.printJSON(counts) }
            console.print(console.text.string("cli.backup.restored", .number(counts.total), .verbatim(file)))
            console.showCounts(counts)
        }
    }
}

/// `wellness migrate --to sqlite|json`: the store copied into the other kind, checked.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy the store into the other store kind in the same data directory, and check it.",
        discussion: """
        The new store must be empty. It is restored from a backup of this one, and only when its own \
        backup is byte for byte the same is the move reported done. The old files stay until you \
        delete them; use the new store with --store KIND or WELLNESS_STORE=KIND.
        """)
    @OptionGroup var options: GlobalOptions
    @Option(help: "The store kind to move to: sqlite or json.", transform: parsed { try StoreKind.parse($0) })
    var to: StoreKind

    func run() async throws {
        try await Console.run(options) { console in
            let counts = try await console.wellness.backups.migrate(to: to)
            if console.json { return try console.printJSON(counts) }
            let directory = options.dataDirectory(console.context).path
            console.print(console.text.string("cli.migrate.done", .number(counts.total), .verbatim(to.rawValue),
                                              .verbatim(directory)))
            console.showCounts(counts)
        }
    }
}

/// `wellness account export FILE|-` and `wellness account delete`: the logged-in account on its server.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "The account you are logged in to: download all of its data from the server, or delete it.",
        subcommands: [Export.self, Delete.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download the account's data from the server as a backup archive.",
            discussion: "The same format `wellness backup` writes: `wellness restore FILE` reads it into a local store.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The file to write (replaced once complete, created 0600), or - for standard output.")
        var file: String

        func run() async throws {
            try await Console.run(options) { console in
                let archive = try await console.client.account.export()
                if file == "-" { return console.context.output.write(archive) }
                let writer = try AtomicFileWriter(path: console.context.path(file))
                do {
                    try writer.write(archive)
                    try writer.commit()
                } catch {
                    writer.discard()
                    throw error
                }
                if console.json { return try console.printJSON(["bytes": archive.count]) }
                console.print(console.text.string("cli.account.exported", .verbatim(file)))
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete the account, its sessions and all its data on the server; there is no undo.",
            discussion: """
            Asks for the account's password (read from stdin, or asked for, hidden, on a terminal). The \
            data on this machine stays; the login is forgotten. Download the data first with \
            `wellness account export FILE`.
            """)
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let password = try PasswordInput(console.context).read(confirm: false)
                let deleted = try await console.client.account.delete(password: password)
                if console.json { return try console.printJSON(["deleted": deleted.email]) }
                console.print(console.text.string("cli.account.deleted", .verbatim(deleted.email),
                                                  .verbatim(deleted.server.absoluteString)))
            }
        }
    }
}

extension Console {
    /// One line per collection that holds records: `  weights  1200`.
    func showCounts(_ counts: BackupCounts) {
        let rows = counts.nonEmpty
        let width = rows.map(\.collection.rawValue.count).max() ?? 0
        for row in rows {
            print("  " + row.collection.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(row.count)")
        }
    }
}
