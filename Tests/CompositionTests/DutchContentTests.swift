import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport
@testable import WellnessTips

/// Dutch all the way through: the catalog, the default supplements, exercise equipment and the
/// rule-based tips come in Dutch under `nl`, and every one of them has a Dutch text.
@Suite("Dutch content")
struct DutchContentTests {
    static let english = Localizer(locale: .en)
    static let dutch = Localizer(locale: .nl)

    @Test("every bundled intervention has a Dutch title and description; the English table matches the catalog file")
    func catalog() throws {
        let file = try InterventionCatalog.bundled()
        let inDutch = try InterventionCatalog.bundled(localizedBy: Self.dutch)
        let inEnglish = try InterventionCatalog.bundled(localizedBy: Self.english)
        #expect(inEnglish == file, "the English table says what interventions.json says")
        #expect(inDutch.items.map(\.id) == file.items.map(\.id))
        for (english, dutch) in zip(file.items, inDutch.items) {
            let id = english.id.rawValue
            #expect(Localizer.entry("intervention.\(id).title", of: .nl) != nil, "\(id) has no Dutch title")
            #expect(dutch.title != english.title, "\(id): \(dutch.title)")
            #expect((dutch.description == nil) == (english.description == nil), "\(id)")
            if let description = english.description {
                #expect(Localizer.entry("intervention.\(id).desc", of: .nl) != nil, "\(id) has no Dutch description")
                #expect(dutch.description != description, "\(id)")
            }
            #expect(dutch.sections == english.sections && dutch.trackingType == english.trackingType
                    && dutch.roi == english.roi && dutch.healthHint == english.healthHint, "\(id): only the words change")
        }
    }

    @Test("a new store is seeded with the default supplements in its person's language")
    func supplements() async throws {
        let repositories = WellnessRepositories.inMemory()
        let app = try Wellness(repositories: repositories, clock: FixedWallClock(Fixtures.instant("2026-03-01T09:00:00Z")),
                               calendar: Fixtures.calendar(), locale: .nl)
        let names = try await app.supplements.list().map(\.supplement.name)
        #expect(names.contains("Vitamine D3") && names.contains("Omega-3-visolie") && names.contains("Zink"), "\(names)")
        #expect(Set(try await app.supplements.list().map(\.supplement.id)) == Set(SupplementStack.defaults.map(\.id)),
                "the same fixed ids in every language")
        let english = SupplementStack.defaults(named: { key, _ in Self.english.string(key) })
        #expect(english == SupplementStack.defaults, "the English table names them as the domain does")
    }

    @Test("equipment has a name in both languages, distinct within each")
    func equipment() {
        for localizer in [Self.english, Self.dutch] {
            let names = Equipment.allCases.map { localizer.string($0.name) }
            #expect(Set(names).count == names.count, "\(names)")
            #expect(zip(names, Equipment.allCases).allSatisfy { name, equipment in name != equipment.name.key })
        }
        #expect(Self.dutch.string(Equipment.barbell.name) == "Halterstang")
    }

    @Test("every English tip text has a Dutch one with the same placeholders, in the same places")
    func tipTexts() {
        let english = TipRules.english
        let dutch = TipRules.dutch
        #expect(dutch.keywords.map(\.category) == english.keywords.map(\.category))
        #expect(Set(dutch.goalTips.keys) == Set(english.goalTips.keys))
        for (category, texts) in english.goalTips {
            #expect(dutch.goalTips[category]?.count == texts.count, "\(category)")
        }
        #expect(dutch.journal.count == TipRules.journalRules.count)
        #expect(dutch.fillers.count == TipRules.fillers.count)
        let pairs = [(english.lowMood, dutch.lowMood), (english.startLogging, dutch.startLogging),
                     (english.tooManyGoals, dutch.tooManyGoals)]
            + Array(zip(english.journal, dutch.journal)) + Array(zip(english.fillers, dutch.fillers))
            + english.goalTips.flatMap { category, texts in Array(zip(texts, dutch.goalTips[category] ?? [])) }
        for (english, dutch) in pairs {
            #expect(Self.placeholders(english) == Self.placeholders(dutch), "\(dutch)")
            #expect(english != dutch, "untranslated: \(dutch)")
        }
    }

    static func placeholders(_ text: String) -> [String] {
        let pattern = /%(\.\d)?[a-z@]/
        return text.matches(of: pattern).map { String($0.output.0) }
    }

    @Test("the rule-based service speaks Dutch under nl: Dutch goal words, Dutch tips, a decimal comma")
    func dutchTips() async throws {
        let goal = Goal(storedID: Goal.ID(), title: "Drie keer per week hardlopen", description: nil,
                        createdAt: Fixtures.instant("2026-02-01T09:00:00Z"))
        let low = (0..<5).map { MoodEntry(storedDay: Fixtures.day("2026-03-01").adding(days: -$0), score: $0 % 2 + 1, note: nil) }
        let context = UserContext(moods: low, journals: [], otherGoals: [])
        let tips = try await RuleBasedGoalTipsService(language: "nl").tips(for: goal, context: context).tips.map(\.tip)
        #expect(tips.contains(DutchTipTexts.goalTips[.exercise]![0]), "'hardlopen' is exercise: \(tips)")
        #expect(tips.contains { $0.contains("gemiddeld 1,4 van de 5") }, "\(tips)")
        let englishTips = try await RuleBasedGoalTipsService().tips(for: goal, context: context).tips.map(\.tip)
        #expect(Set(tips).isDisjoint(with: englishTips), "\(englishTips)")
    }

    @Test("the CLI under --locale nl: Dutch intervention titles, equipment and tips")
    func cliInDutch() async throws {
        let app = try Wellness(repositories: WellnessRepositories.inMemory(),
                               clock: FixedWallClock(Fixtures.instant("2026-03-01T09:00:00Z")),
                               calendar: Fixtures.calendar(), locale: .nl)
        let titles = app.interventions.list().map(\.title)
        #expect(titles.contains("Drink water bij het opstaan"), "\(titles)")
        let goal = try await app.goals.add(title: "Beter slapen", description: nil)
        let tips = try await app.goals.tips(for: goal.id).tips.map(\.tip)
        #expect(tips.contains(DutchTipTexts.goalTips[.sleep]![0]), "\(tips)")
    }
}
