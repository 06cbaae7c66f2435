import Foundation
import Testing
@testable import WellnessCLI
import WellnessComposition

/// Counted texts: plural forms in the string tables, chosen by the count in each language.
@Suite("Plurals: every count in the CLI's and the core's words")
struct PluralTests {
    /// Every text the CLI prints with a count of something, and whether it is the CLI's own.
    static let counted: [(key: String, cli: Bool)] = [
        "cli.profile.summary", "cli.deck.count", "cli.summary.deck", "cli.supplements.adherence",
        "cli.weight.import.done", "cli.weight.import.dryRun", "cli.weight.import.duplicates",
        "cli.weight.import.dateOnly", "cli.weight.import.skipped", "cli.weight.exported", "cli.weight.chart",
        "cli.insights.title", "cli.count.checkins", "cli.count.alerts", "cli.trends.title", "cli.queue.retried",
        "cli.summary.drift", "cli.sync.synced", "cli.sync.failed", "cli.sync.held",
    ].map { ($0, true) } + [
        "hint.count.workouts", "hint.count.minutes", "hint.mindfulness", "error.weightChart.noData",
        "error.tipsService.rateLimited",
    ].map { ($0, false) }

    /// The core's tables (nil) and the CLI's.
    static let bundles: [Bundle?] = [nil, CLIMessages.bundle]

    static func placeholders(_ format: String) -> [String] {
        var found: [String] = []
        var rest = format[...]
        while let index = rest.firstIndex(of: "%") {
            let after = rest[rest.index(after: index)...]
            let spec = ["@", "d", "lld", "%"].first { after.hasPrefix($0) } ?? ""
            if spec != "%" && !spec.isEmpty { found.append(spec) }
            rest = after.dropFirst(spec.count)
        }
        return found
    }

    @Test("every counted text has a one and an other form in English and Dutch, and no entry without a form",
          arguments: counted.map(\.key))
    func countedKeys(key: String) throws {
        let bundle = Self.counted.first { $0.key == key }?.cli == true ? CLIMessages.bundle : nil
        for locale in WellnessLocale.allCases {
            #expect(Localizer.pluralKeys(of: locale, in: bundle).contains(key), "\(locale): \(key)")
            for form in PluralCategory.allCases {
                #expect(Localizer.entry(Localizer.pluralKey(key, form), of: locale, in: bundle) != nil,
                        "\(locale) lacks \(key).\(form)")
            }
            #expect(Localizer.entry(key, of: locale, in: bundle) == nil, "\(locale): \(key) also without a form")
        }
    }

    @Test("every plural key of either table has every form in both languages, each with the same placeholders")
    func completeForms() throws {
        for bundle in Self.bundles {
            let keys = WellnessLocale.allCases.reduce(into: Set<String>()) { $0.formUnion(Localizer.pluralKeys(of: $1, in: bundle)) }
            #expect(!keys.isEmpty)
            for key in keys {
                let english = try #require(Localizer.entry(Localizer.pluralKey(key, .other), of: .en, in: bundle), "\(key)")
                for locale in WellnessLocale.allCases {
                    for form in PluralCategory.allCases {
                        let format = Localizer.entry(Localizer.pluralKey(key, form), of: locale, in: bundle)
                        #expect(format.map(Self.placeholders) == Self.placeholders(english), "\(locale): \(key).\(form)")
                    }
                }
            }
        }
    }

    @Test("no text counts with a hand-made plural such as “(s)” or “(en)”", arguments: WellnessLocale.allCases)
    func noHandMadePlurals(locale: WellnessLocale) {
        for bundle in Self.bundles {
            for key in Localizer.entryKeys(of: locale, in: bundle) {
                let format = Localizer.entry(key, of: locale, in: bundle) ?? ""
                #expect(!format.contains("(s)") && !format.contains("(en)"), "\(locale): \(key) = \(format)")
            }
        }
    }

    @Test("English and Dutch: one for 1, other for every other whole number (CLDR)", arguments: WellnessLocale.allCases)
    func rule(locale: WellnessLocale) {
        #expect(locale.pluralCategory(of: 1) == .one)
        for count in [0, 2, 3, 11, 21, 101, 1_000_001, -1] {
            #expect(locale.pluralCategory(of: count) == .other, "\(count)")
        }
    }

    @Test("the form follows the count, also nested and in the core's texts")
    func forms() {
        let english = CLIMessages.localizer(.en), dutch = CLIMessages.localizer(.nl)
        #expect(english.string("cli.deck.count", .number(1)) == "1 card to catch up on:")
        #expect(english.string("cli.deck.count", .number(0)) == "0 cards to catch up on:")
        #expect(english.string("cli.deck.count", .number(16)) == "16 cards to catch up on:")
        #expect(dutch.string("cli.deck.count", .number(1)) == "1 kaart om in te halen:")
        #expect(dutch.string("cli.deck.count", .number(2)) == "2 kaarten om in te halen:")
        // The first number picks the form.
        #expect(english.string("cli.profile.summary", .verbatim("Rex"), .verbatim("2025-10-01"), .number(1), .verbatim("puppy"))
                == "Rex, born 2025-10-01: 1 week old (puppy)")
        #expect(dutch.string("cli.profile.summary", .verbatim("Rex"), .verbatim("2025-10-01"), .number(13), .verbatim("pup"))
                == "Rex, geboren 2025-10-01: 13 weken oud (pup)")
        let counts = { (checkins: Int, alerts: Int) -> [LocalizedText.Argument] in
            [.text(LocalizedText("cli.count.checkins", [.number(checkins)])),
             .text(LocalizedText("cli.count.alerts", [.number(alerts)]))]
        }
        #expect(english.string(LocalizedText("cli.insights.checkins", counts(1, 2))) == "1 check-in, 2 alerts")
        #expect(dutch.string(LocalizedText("cli.insights.checkins", counts(2, 1))) == "2 check-ins, 1 melding")
        let hint = HealthHintStatus(type: .exercise, reading: .workouts(count: 1, minutes: 1)).text
        #expect(Localizer(locale: .en).string(hint) == "Health data: 1 workout, 1 minute in this section")
        #expect(Localizer(locale: .nl).string(HealthHintStatus(type: .exercise, reading: .workouts(count: 3, minutes: 1)).text)
                == "Gezondheidsgegevens: 3 trainingen, 1 minuut in dit dagdeel")
    }
}

/// Counts as the CLI prints them, end to end.
@Suite("CLI: counted words")
struct PluralCLITests {
    @Test("importing one weigh-in says “1 weigh-in”, two “2 weigh-ins”, in English and Dutch",
          arguments: [("C.UTF-8", "Imported 1 weigh-in (", "Imported 2 weigh-ins ("),
                      ("nl_NL.UTF-8", "1 weging geïmporteerd", "2 wegingen geïmporteerd")])
    func weighIns(lang: String, one: String, two: String) async throws {
        let cli = try Sandbox()
        let first = try cli.write("one.csv", "date,weight_kg,note\n2026-01-01T08:00:00Z,70.0,\n")
        let imported = try await cli.ok(["weight", "import", first.path], now: Moment.start, extraEnv: ["LANG": lang])
        #expect(imported.stdout.contains(one), "\(imported)")
        let second = try cli.write("two.csv", "date,weight_kg,note\n2026-01-02T08:00:00Z,70.5,\n2026-01-03T08:00:00Z,70.2,\n")
        let again = try await cli.ok(["weight", "import", second.path], now: Moment.start, extraEnv: ["LANG": lang])
        #expect(again.stdout.contains(two), "\(again)")
        #expect(!imported.stdout.contains("(s)") && !imported.stdout.contains("(en)"), "\(imported)")
    }
}
