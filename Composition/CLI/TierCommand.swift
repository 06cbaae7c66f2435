import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness tier [show] | tier set free|pro`.
struct TierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tier", abstract: "Your tier: Free or Pro (WELLNESS_TIER overrides the stored one).",
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the tier in effect.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let tier = try await console.wellness.drift.tier()
                if console.json { return try console.printJSON(["tier": tier.rawValue]) }
                console.print(console.text.string("cli.tier.current", .text(tier.name)))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Store the tier.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier

        func run() async throws {
            try await Console.run(options) { console in
                try await console.wellness.drift.setTier(tier)
                if console.json { return try console.printJSON(["tier": tier.rawValue]) }
                console.print(console.text.string("cli.tier.set", .text(tier.name)))
                if console.context.variable("WELLNESS_TIER") != nil {
                    console.print(console.text.string("cli.tier.overridden"))
                }
            }
        }
    }
}
