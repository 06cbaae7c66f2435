import ArgumentParser
import Foundation
import WellnessComposition

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
