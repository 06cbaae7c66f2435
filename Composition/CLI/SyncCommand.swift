import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness sync`: sends what changed here and receives what changed on other devices, every
/// collection, and sends check-ins an older version left queued. Exits with status 1 when the
/// server cannot be reached, refused a record (kept here, set aside until it changes), or a
/// queued check-in could not be sent.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send what changed here to the server and receive what changed on your other devices.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            guard let sync = console.sync else { throw ClientSessionError.notLoggedIn }
            // Check-ins queued for the check-in API (by a version before sync) go first.
            let queued = try await console.wellness.drift.sync()
            let report = try await sync.run()
            if console.json {
                try console.printJSON(SyncOutput(report, queue: queued))
            } else {
                if queued.isWorthTelling { console.showSync(queued) }
                console.showSync(report)
            }
            if queued.waiting + queued.held > 0 || !report.setAside.isEmpty { throw CLIFailure(message: "", status: 1) }
        }
    }
}

/// `sync --json`: per collection what was sent, received and changed here, the records of this
/// device that a later change elsewhere replaced, the records set aside because the server
/// refused them (collection → key → why), and the old queue's summary.
struct SyncOutput: Encodable {
    struct Collection: Encodable {
        let sent: Int
        let received: Int
        let merged: Int
        /// Removed here: deleted on another device while this one was away too long to be told.
        let dropped: Int
    }

    let collections: [String: Collection]
    let replaced: [String: [String]]
    let setAside: [String: [String: String]]
    let queue: FlushSummary

    init(_ report: SyncReport, queue: FlushSummary) {
        let names = Set(report.sent.keys).union(report.received.keys).union(report.merged.keys).union(report.dropped.keys)
        collections = Dictionary(uniqueKeysWithValues: names.map { name in
            (name.rawValue, Collection(sent: report.sent[name] ?? 0, received: report.received[name] ?? 0,
                                       merged: report.merged[name] ?? 0, dropped: report.dropped[name] ?? 0))
        })
        replaced = Dictionary(uniqueKeysWithValues: report.replaced.map { ($0.key.rawValue, $0.value) })
        setAside = Dictionary(uniqueKeysWithValues: report.setAside.map { ($0.key.rawValue, $0.value) })
        self.queue = queue
    }
}

extension FlushSummary {
    /// Whether the old queue had anything to say (it is empty on a device that always synced).
    var isWorthTelling: Bool { sent + waiting + held + failed > 0 || !alreadyThere.isEmpty || rateLimited }
}

extension Console {
    /// "Sent N changes, received M (K changed here)", each collection's counts, and each record
    /// of this device that a later change from another device replaced.
    func showSync(_ report: SyncReport) {
        let sent = report.sent.values.reduce(0, +), received = report.received.values.reduce(0, +)
        let merged = report.merged.values.reduce(0, +)
        print(text.string("cli.sync.records", .number(sent), .number(received), .number(merged)))
        let names = Set(report.sent.keys).union(report.received.keys).sorted { $0.rawValue < $1.rawValue }
        for name in names {
            print(text.string("cli.sync.collection", .verbatim(name.rawValue), .number(report.sent[name] ?? 0),
                              .number(report.received[name] ?? 0), .number(report.merged[name] ?? 0)))
        }
        for (name, count) in report.dropped.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            print(text.string("cli.sync.dropped", .verbatim(name.rawValue), .number(count)))
        }
        for (name, records) in report.setAside.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (key, reason) in records.sorted(by: { $0.key < $1.key }) {
                print(text.string("cli.sync.setAside", .verbatim(name.rawValue), .verbatim(key), .verbatim(reason)))
            }
        }
        for (name, keys) in report.replaced.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for key in keys.sorted() {
                if name == CheckinRecords.collection {
                    print(text.string("cli.sync.replacedCheckin", .verbatim(key)))
                } else {
                    print(text.string("cli.sync.replaced", .verbatim(name.rawValue), .verbatim(key)))
                }
            }
        }
    }

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
