import ArgumentParser
import Foundation
import WellnessComposition

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
                try await console.writeFile(file) { write in try write(archive) }
                if file == "-" { return }
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
