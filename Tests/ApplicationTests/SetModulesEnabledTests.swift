import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("SetModulesEnabled")
struct SetModulesEnabledTests {
    @Test("switching on records when, and is stored")
    func enableRecordsWhen() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 3)
        let result = try await world.setModulesEnabled.execute([.training, .milestones], enabled: true)
        #expect(result.entry(for: .training).enabledAt == world.now)
        #expect(result.entry(for: .milestones).enabledAt == world.now)
        #expect(result.enabledModules == [.medications, .walks, .training, .feeding, .documents, .milestones])
        #expect(await world.settings.load() == result)
    }

    @Test("switching on a module that is already on keeps when it was switched on")
    func enableAlreadyOn() async throws {
        let world = TestWorld()
        let first = world.now
        _ = try await world.listModules.execute()
        world.advance(days: 5)
        let result = try await world.setModulesEnabled.execute([.walks], enabled: true)
        #expect(result.entry(for: .walks).enabledAt == first)
    }

    @Test("switching off keeps the usage history")
    func disableKeepsHistory() async throws {
        let world = TestWorld()
        try await world.recordModuleUse.execute(.walks)
        let used = world.now
        world.advance(days: 2)
        let result = try await world.setModulesEnabled.execute([.walks, .feeding], enabled: false)
        #expect(result.entry(for: .walks) == ModuleEntry(module: "walks", isEnabled: false, lastUsed: used))
        #expect(result.enabledModules == [.medications, .documents])
    }

    @Test("the first change on a first run starts from the defaults")
    func firstRunChange() async throws {
        let world = TestWorld()
        let result = try await world.setModulesEnabled.execute([.documents], enabled: false)
        #expect(result.enabledModules == [.medications, .walks, .feeding])
        #expect(result.entry(for: .medications).enabledAt == world.now)
    }

    @Test("modules from a newer version survive a change")
    func keepsUnknown() async throws {
        let t = Fixtures.instant("2026-01-05T08:00:00Z")
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t)
        let world = TestWorld(settings: ModuleSettings(entries: ModuleSettings.defaults(at: t).entries + [future]))
        let result = try await world.setModulesEnabled.execute([.training], enabled: true)
        #expect(result.entries.last == future)
        #expect(await world.settings.load()?.entries.last == future)
    }
}
