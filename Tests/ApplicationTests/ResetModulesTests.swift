import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ResetModules")
struct ResetModulesTests {
    @Test("reset turns on exactly the defaults and keeps the usage history")
    func reset() async throws {
        let world = TestWorld()
        let created = world.now
        _ = try await world.setModulesEnabled.execute(TrackingModule.allCases, enabled: false)
        _ = try await world.setModulesEnabled.execute([.training], enabled: true)
        try await world.recordModuleUse.execute(.training)
        try await world.recordModuleUse.execute(.walks)
        let used = world.now
        world.advance(days: 4)

        let result = try await world.resetModules.execute()

        #expect(result.enabledModules == [.medications, .walks, .feeding, .documents])
        #expect(result.entry(for: .walks) == ModuleEntry(module: "walks", isEnabled: true, enabledAt: world.now, lastUsed: used))
        #expect(result.entry(for: .training) == ModuleEntry(module: "training", isEnabled: false, lastUsed: used))
        #expect(result.entry(for: .medications).enabledAt == world.now)
        #expect(created != world.now)
        #expect(await world.settings.load() == result)
    }

    @Test("reset keeps modules from a newer version")
    func keepsUnknown() async throws {
        let t = Fixtures.instant("2026-01-05T08:00:00Z")
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t)
        let world = TestWorld(settings: ModuleSettings(entries: [future]))
        let result = try await world.resetModules.execute()
        #expect(result.entries.last == future)
        #expect(Set(result.enabledModules) == TrackingModule.defaultEnabled)
    }

    @Test("reset on a first run gives the defaults, chosen now")
    func firstRun() async throws {
        let world = TestWorld()
        var expected = ModuleSettings.defaults(at: world.now)
        expected.markChosen(at: world.now)
        #expect(try await world.resetModules.execute() == expected)
    }
}
