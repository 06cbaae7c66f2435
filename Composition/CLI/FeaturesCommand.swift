import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness features`.
struct FeaturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "features", abstract: "Which features your tier unlocks.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let tier = try await console.wellness.drift.tierReading()
            console.showOffline(tier)
            let features = console.wellness.drift.features(for: tier.value)
            if console.json { return try console.printJSON(features) }
            let text = console.text
            console.print(text.string("cli.tier.current", .text(tier.value.name)))
            console.printTable(header: [text.string("cli.column.feature"), text.string("cli.column.pro"),
                                        text.string("cli.column.unlocked"), ""],
                               rows: features.map { [$0.key.rawValue, console.yesNo($0.pro), console.yesNo($0.unlocked),
                                                     text.string($0.key.summary)] })
        }
    }
}
