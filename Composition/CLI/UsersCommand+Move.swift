import ArgumentParser
import Foundation
import WellnessComposition
import WellnessServerHost

extension UsersCommand {
    /// `users export EMAIL FILE|-`: one account, its credentials and data, as a server's backup
    /// of that account alone.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write one account (email, password hash, tier) and all its data to a file (0600), for users import.",
            discussion: "The file is a server backup with one account; `users import` adds it to another server.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String
        @Argument(help: "The file to write (replaced once complete, 0600), or - for standard output.") var file: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let (exported, counts) = try await console.context.writeFile(file, ownerOnly: true) { write in
                    try await host.exportAccount(account, to: write)
                }
                if file == "-" { return }
                if console.json { return try console.printJSON(counts) }
                console.print(console.text.string("cli.users.exported", .verbatim(exported.email.rawValue), .number(counts.records),
                                                  .verbatim(file)))
            }
        }
    }

    /// `users import FILE|-`: the accounts of an export (or a server's backup) added beside this
    /// server's own.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the account(s) of users export (or server backup) to this server, all or nothing.",
            discussion: "An account whose email or id this server has already is refused, and nothing is imported.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The file, or - for standard input.") var file: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let counts: ServerBackupCounts
                do {
                    let source = try console.context.source(file)
                    counts = try await host.importAccounts(from: source)
                } catch let error as ServerBackupError {
                    throw CLIError.notRestored(file: file, error.message)
                }
                if console.json { return try console.printJSON(counts) }
                console.print(console.text.string("cli.users.imported", .number(counts.accounts), .number(counts.records),
                                                  .verbatim(host.location)))
            }
        }
    }
}
