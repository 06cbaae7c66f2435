import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ListModules")
struct ListModulesTests {
    @Test("the first run creates and stores the defaults, switched on now")
    func firstRun() async throws {
        let world = TestWorld()
        #expect(await world.settings.load() == nil)
        let listed = try await world.listModules.execute()
        #expect(listed == ModuleSettings.defaults(at: world.now))
        #expect(listed.enabledModules == [.medications, .walks, .feeding, .documents])
        #expect(listed.entry(for: .walks).enabledAt == world.now)
        #expect(await world.settings.load() == listed)
    }

    @Test("the defaults are created once and kept on later runs")
    func createdOnce() async throws {
        let world = TestWorld()
        let first = try await world.listModules.execute()
        let created = world.now
        world.advance(days: 12)
        let second = try await world.listModules.execute()
        #expect(second == first)
        #expect(second.entry(for: .medications).enabledAt == created)
    }

    @Test("choosing no modules at all stays chosen on the next run")
    func choseNone() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        _ = try await world.setModulesEnabled.execute(TrackingModule.allCases, enabled: false)
        world.advance(days: 1)
        let listed = try await world.listModules.execute()
        #expect(listed.enabledModules.isEmpty)
        #expect(try await world.listModules.execute().enabledModules.isEmpty)
    }

    @Test("stored settings are returned as they are, unknown modules included")
    func returnsStored() async throws {
        let t = Fixtures.instant("2026-01-05T08:00:00Z")
        var stored = ModuleSettings(entries: ModuleSettings.defaults(at: t).entries
                                    + [ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t)])
        stored.disable(.walks)
        let world = TestWorld(settings: stored)
        #expect(try await world.listModules.execute() == stored)
    }
}
