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
        check-ins and the queue, interventions, nudges, modules, the dog, weigh-ins, health data and what \
        every tracking module recorded (walks, meals, medications, training, socialization, milestones, \
        documents), \
        with every id and timestamp. The same store always gives the same bytes. Restore it with \
        `wellness restore FILE`, into a store of either kind.
        """)
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The file to write (replaced once complete, created 0600), or - for standard output.") var file: String

    func run() async throws {
        try ServerDirectory.refuse(options, command: "backup", instead: "server backup")
        try await Console.run(options) { console in
            let backups = console.wellness.backups
            let counts = try await console.writeFile(file) { write in try await backups.backUp(to: write) }
            if file == "-" { return }
            if console.json { return try console.printJSON(counts) }
            console.print(console.text.string("cli.backup.written", .number(counts.total), .verbatim(file)))
            console.showCounts(counts)
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
