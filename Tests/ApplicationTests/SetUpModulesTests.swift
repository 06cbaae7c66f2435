import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("SetUpModules and the first run")
struct SetUpModulesTests {
    @Test("a new store needs setup; its first run is when its settings were first created")
    func firstRun() async throws {
        let world = TestWorld()
        let listed = try await world.listModules.execute()
        #expect(listed.needsSetup)
        #expect(listed.firstRunAt == world.now)
        world.advance(days: 2)
        #expect(try await world.listModules.execute().firstRunAt == listed.firstRunAt, "recorded once")
    }

    @Test("setup switches on exactly the chosen modules, records when, and keeps the first choice's time")
    func chooses() async throws {
        let world = TestWorld()
        let first = world.now
        _ = try await world.listModules.execute()
        world.advance(days: 1)
        let chosen = try await world.setUpModules.execute([.training, .walks])
        #expect(chosen.enabledModules == [.walks, .training])
        #expect(chosen.entry(for: .walks).enabledAt == first, "already on: when it was switched on is kept")
        #expect(chosen.entry(for: .training).enabledAt == world.now)
        #expect(!chosen.needsSetup && chosen.chosenAt == world.now)
        #expect(chosen.firstRunAt == first)
        #expect(await world.settings.load() == chosen)
        let chosenAt = world.now
        world.advance(days: 1)
        let none = try await world.setUpModules.execute([])
        #expect(none.enabledModules.isEmpty)
        #expect(none.chosenAt == chosenAt, "the first choice's time is kept")
    }

    @Test("switching modules on or off or resetting them is a choice too", arguments: [0, 1, 2])
    func otherChoices(kind: Int) async throws {
        let world = TestWorld()
        let result = switch kind {
        case 0: try await world.setModulesEnabled.execute([.training], enabled: true)
        case 1: try await world.setModulesEnabled.execute([.walks], enabled: false)
        default: try await world.resetModules.execute()
        }
        #expect(!result.needsSetup && result.chosenAt == world.now)
        #expect(try await world.listModules.execute().needsSetup == false)
    }

    @Test("recording use or listing is not a choice")
    func notChoices() async throws {
        let world = TestWorld()
        try await world.recordModuleUse.execute(.walks)
        #expect(try await world.listModules.execute().needsSetup)
    }

    @Test("the summary says whether the store still needs setup")
    func summary() async throws {
        let world = TestWorld()
        #expect(try await world.todaySummary.execute().needsSetup)
        _ = try await world.setUpModules.execute([.walks])
        #expect(try await world.todaySummary.execute().needsSetup == false)
    }
}

@Suite("BuildCatchUpDeck from the first run")
struct FirstRunDeckTests {
    /// The deck with the store's first run taken from `world.settings`, as the app wires it.
    func deck(_ world: TestWorld) -> BuildCatchUpDeck {
        BuildCatchUpDeck(catalog: world.catalog, log: world.log, health: world.health, modules: world.listModules,
                         time: world.time)
    }

    @Test("a brand-new store has no cards: every section before its first run is left out")
    func newStore() async throws {
        let world = TestWorld()
        #expect(try await deck(world).execute().cards.isEmpty)
        #expect(await world.settings.load()?.firstRunAt == world.now, "the deck records the first run")
    }

    @Test("sections that end after the first run are carded, also the one running at the first run")
    func afterFirstRun() async throws {
        // Sunday 1 March 2026, 10:00 in Amsterdam: the morning section is running.
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.set(now: "2026-03-02T10:00:00+01:00")
        let cards = try await deck(world).execute().cards
        #expect(!cards.isEmpty)
        #expect(cards.allSatisfy { $0.day.description == "2026-03-01" }, "only the first day's: \(cards.map(\.id))")
        let firstDay = BuildCatchUpDeckTests.yesterday.map { $0.replacingOccurrences(of: "2026-02-28", with: "2026-03-01") }
        #expect(cards.map(\.id) == firstDay)
    }

    @Test("a store from before the first run was recorded keeps the 24-hour rule alone")
    func unknownFirstRun() async throws {
        let old = ModuleSettings(entries: ModuleSettings.defaults(at: Fixtures.instant("2026-02-01T09:00:00Z")).entries)
        let world = TestWorld(settings: old)
        #expect(try await deck(world).execute().cards.map(\.id) == BuildCatchUpDeckTests.yesterday)
    }
}
