import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness demo`: a realistic sample store to explore, in its own directory.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill a fresh demo store with a realistic month of data and show what to look at.",
        discussion: "Without --data-dir (or WELLNESS_DATA_DIR) the demo gets a new directory of its own; it never touches your data, and refuses a store that already holds data.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        var options = self.options
        let context = CLIContext.current
        if options.dataDir == nil && context.variable("WELLNESS_DATA_DIR") == nil {
            options.dataDir = try Self.freshDirectory(context).path
        }
        try await Console.run(options) { console in
            let wellness = console.wellness
            let report = try await WellnessDemo.seed(wellness.repositories, catalog: wellness.catalog,
                                                     now: wellness.time.now(), calendar: wellness.time.calendar)
            let store = console.client.configuration.store
            let directory = console.client.configuration.dataDirectory.path
            if console.json {
                return try console.printJSON(DemoOutput(dataDir: directory, store: store.rawValue,
                                                        dogName: report.dogName,
                                                        nudges: report.nudgeIDs.map(\.description)))
            }
            let text = console.text
            console.print(text.string("cli.demo.done", .verbatim(report.dogName), .verbatim(wellness.repositories.location)))
            if store == .memory { console.print(text.string("cli.demo.memory")) }
            console.print()
            console.print(text.string("cli.demo.next"))
            let options = "--data-dir \(Self.quoted(directory))" + (store == .sqlite ? "" : " --store \(store.rawValue)")
            for (command, key) in [("wellness", "cli.demo.summary"), ("wellness deck", "cli.demo.deck"),
                                   ("wellness deck swipe", "cli.demo.swipe"),
                                   ("wellness interventions list", "cli.demo.interventions"),
                                   ("wellness journal show", "cli.demo.journal"),
                                   ("wellness supplements", "cli.demo.supplements"),
                                   ("wellness exercises groups", "cli.demo.exercises"),
                                   ("wellness goals", "cli.demo.goals"), ("wellness tips <goal-id>", "cli.demo.tips"),
                                   ("wellness mood", "cli.demo.mood"),
                                   ("wellness insights", "cli.demo.insights"),
                                   ("wellness trends", "cli.demo.trends"),
                                   ("wellness weight trend", "cli.demo.weight"),
                                   ("wellness weight chart --out weight.svg", "cli.demo.chart"),
                                   ("wellness walks", "cli.demo.walks"),
                                   ("wellness feeding", "cli.demo.feeding"),
                                   ("wellness meds", "cli.demo.meds"),
                                   ("wellness documents", "cli.demo.documents"),
                                   ("wellness due", "cli.demo.due"),
                                   ("wellness training", "cli.demo.training"),
                                   ("wellness milestones", "cli.demo.milestones"),
                                   ("wellness modules", "cli.demo.modules"),
                                   ("wellness profile", "cli.demo.profile"), ("wellness nudges", "cli.demo.nudges"),
                                   ("wellness nudges apply simplify", "cli.demo.apply"),
                                   ("wellness nudges --locale nl", "cli.demo.dutch")] {
                console.print("  \(command) \(options)")
                console.print("      \(text.string(key))")
            }
        }
    }

    /// A new, empty, owner-only directory under the temporary directory (`TMPDIR`, else /tmp).
    static func freshDirectory(_ context: CLIContext) throws -> URL {
        let name = "wellness-demo-" + UUID().uuidString.prefix(8).lowercased()
        let temporary = URL(fileURLWithPath: context.variable("TMPDIR").map(context.path) ?? "/tmp", isDirectory: true)
        let url = temporary.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return url
    }

    static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? path : "'\(path)'"
    }
}

/// `{"dataDir", "store", "dogName", "nudges"}`.
struct DemoOutput: Encodable {
    let dataDir: String
    let store: String
    let dogName: String
    let nudges: [String]
}
