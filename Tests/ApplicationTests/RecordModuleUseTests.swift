import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("RecordModuleUse")
struct RecordModuleUseTests {
    @Test("records the use now and returns the stored entry")
    func records() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        let created = world.now
        world.advance(days: 7)
        let entry = try await world.recordModuleUse.execute(.feeding)
        #expect(entry == ModuleEntry(module: "feeding", isEnabled: true, enabledAt: created, lastUsed: world.now))
        #expect(await world.settings.load()?.entry(for: .feeding) == entry)
    }

    @Test("recording use on a first run creates the defaults too")
    func firstRun() async throws {
        let world = TestWorld()
        try await world.recordModuleUse.execute(.walks)
        let stored = try #require(await world.settings.load())
        #expect(Set(stored.enabledModules) == TrackingModule.defaultEnabled)
        #expect(stored.entry(for: .walks).lastUsed == world.now)
    }

    @Test("using a module that is off does not switch it on")
    func offStaysOff() async throws {
        let world = TestWorld()
        let entry = try await world.recordModuleUse.execute(.training)
        #expect(entry == ModuleEntry(module: "training", isEnabled: false, lastUsed: world.now))
    }

    @Test("a recent use keeps the module from being nudged")
    func keepsFromNudge() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 20)
        try await world.recordModuleUse.execute(.walks)
        world.advance(days: 10)
        let nudged = try await world.evaluateNudges.execute().compactMap(\.module)
        #expect(nudged == [.medications, .feeding, .documents])
    }
}
