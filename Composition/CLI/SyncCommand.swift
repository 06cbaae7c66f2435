import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

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
