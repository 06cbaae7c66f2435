import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ApplyNudge")
struct ApplyNudgeTests {
    /// A first run 30 days ago in which only walks were used (10 days ago).
    func monthOld(profile: DogProfile? = nil) async throws -> TestWorld {
        let world = TestWorld(profile: profile)
        _ = try await world.listModules.execute()
        world.advance(days: 20)
        try await world.recordModuleUse.execute(.walks)
        world.advance(days: 10)
        return world
    }

    @Test("disable switches the unused module off and keeps its history")
    func disable() async throws {
        let world = try await monthOld()
        let outcome = try await world.applyNudge.execute(.disable(.feeding))
        #expect(outcome == .disabled([ModuleEntry(module: "feeding", isEnabled: false)]))
        let stored = try #require(await world.settings.load())
        #expect(stored.enabledModules == [.medications, .walks, .documents])
        #expect(try await world.evaluateNudges.execute().map(\.id)
                == [.disable(.medications), .disable(.documents)])
    }

    @Test("enable switches on the suggested module for a 10-week-old puppy")
    func enableSocialization() async throws {
        let world = TestWorld(profile: DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2025-12-21")))
        let outcome = try await world.applyNudge.execute(.enable(.socialization))
        #expect(outcome == .enabled(ModuleEntry(module: "socialization", isEnabled: true, enabledAt: world.now)))
        #expect(await world.settings.load()?.isEnabled(.socialization) == true)
        #expect(try await world.evaluateNudges.execute().map(\.id) == [.enable(.training), .enable(.milestones)],
                "the other growing-up suggestions stay")
    }

    @Test("phase review returns the puppy-specific modules and changes nothing")
    func phaseReview() async throws {
        let world = TestWorld(profile: DogProfile(storedName: "Rex", birthDate: Fixtures.day("2023-01-01")))
        _ = try await world.setModulesEnabled.execute([.training, .milestones], enabled: true)
        let before = try #require(await world.settings.load())
        let outcome = try await world.applyNudge.execute(.phase(.adult))
        #expect(outcome == .review([
            ModuleEntry(module: "socialization", isEnabled: false),
            ModuleEntry(module: "training", isEnabled: true, enabledAt: world.now),
            ModuleEntry(module: "milestones", isEnabled: true, enabledAt: world.now),
        ]))
        #expect(await world.settings.load() == before)
        #expect(try await world.evaluateNudges.execute() == [.phaseTransition(from: .puppy, to: .adult)])
    }

    @Test("simplify disables every inactive module and keeps the active ones")
    func simplify() async throws {
        let world = try await monthOld()
        _ = try await world.setModulesEnabled.execute([.training], enabled: true)
        let outcome = try await world.applyNudge.execute(.simplify)
        #expect(outcome == .disabled([
            ModuleEntry(module: "medications", isEnabled: false),
            ModuleEntry(module: "feeding", isEnabled: false),
            ModuleEntry(module: "documents", isEnabled: false),
        ]))
        let stored = try #require(await world.settings.load())
        #expect(stored.enabledModules == [.walks, .training])
        #expect(stored.entry(for: .walks).lastUsed != nil)
        #expect(try await world.evaluateNudges.execute().isEmpty)
    }

    @Test("a nudge that does not apply is refused, listing those that do, and nothing changes", arguments: [
        NudgeID.disable(.walks), .disable(.training), .enable(.socialization), .enable(.walks), .phase(.adult), .phase(.senior),
    ])
    func notApplicable(id: NudgeID) async throws {
        let world = try await monthOld()
        let before = try #require(await world.settings.load())
        let applicable: [NudgeID] = [.disable(.medications), .disable(.feeding), .disable(.documents), .simplify]
        await #expect(throws: NudgeError.notApplicable(id, applicable: applicable)) {
            try await world.applyNudge.execute(id)
        }
        #expect(await world.settings.load() == before)
    }

    @Test("on day one nothing applies, not even simplify")
    func dayOne() async throws {
        let world = TestWorld()
        await #expect(throws: NudgeError.notApplicable(.simplify, applicable: [])) {
            try await world.applyNudge.execute(.simplify)
        }
    }

    @Test("the phase review is refused for a puppy")
    func phaseForPuppy() async throws {
        let world = TestWorld(profile: DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2025-06-01")))
        _ = try await world.setModulesEnabled.execute([.training], enabled: true)
        await #expect(throws: NudgeError.self) {
            try await world.applyNudge.execute(.phase(.adult))
        }
        #expect(await world.settings.load()?.isEnabled(.training) == true)
    }
}
