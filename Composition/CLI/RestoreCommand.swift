import ArgumentParser
import Foundation
import WellnessComposition

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
        try ServerDirectory.refuse(options, command: "restore", instead: "server restore")
        try await Console.run(options) { console in
            let counts: BackupCounts
            do {
                let source = try console.context.source(file)
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
