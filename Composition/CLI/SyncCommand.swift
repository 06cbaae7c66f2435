import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness sync`: sends the queued check-ins. Exits with status 1 while something waits that
/// could not be sent (or is held for review).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send the check-ins queued while offline to the server.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let summary = try await console.wellness.drift.sync()
            if console.json { try console.printJSON(summary) } else { console.showSync(summary) }
            if summary.waiting + summary.held > 0 { throw CLIFailure(message: "", status: 1) }
        }
    }
}

extension Console {
    /// "Synced N check-in(s)" (those the server accepted), the days it already had, and what is
    /// left behind.
    func showSync(_ summary: FlushSummary) {
        print(text.string("cli.sync.synced", .number(summary.sent)))
        for day in summary.alreadyThere {
            print(text.string("cli.checkin.alreadyThere", .verbatim(day.description)))
        }
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
        if summary.waiting > 0 { print(text.string("cli.sync.waiting", .number(summary.waiting))) }
    }
}
