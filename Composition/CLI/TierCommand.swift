import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness tier [show] | tier set free|pro`.
struct TierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tier", abstract: "Your tier: Free or Pro (WELLNESS_TIER overrides the stored one).",
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the tier in effect (logged in: your account's on the server).")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let tier = try await console.wellness.drift.tierReading()
                console.showOffline(tier)
                if console.json { return try console.printJSON(["tier": tier.value.rawValue]) }
                console.print(console.text.string("cli.tier.current", .text(tier.value.name)))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store the tier (logged in, the server's admin sets it: wellness users tier).")
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
