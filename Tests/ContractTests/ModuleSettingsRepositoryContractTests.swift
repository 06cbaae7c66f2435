import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `ModuleSettingsRepository` adapter keeps.
@Suite("ModuleSettingsRepository contract")
struct ModuleSettingsRepositoryContractTests {
    let t0 = Fixtures.instant("2026-10-01T08:00:00Z")
    let t1 = Fixtures.instant("2026-11-21T09:30:15.250Z")

    @Test("a new store has never been chosen", arguments: AdapterKind.allCases)
    func emptyIsNil(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.moduleSettings.load() == nil)
    }

    @Test("update saves and load returns exactly what was saved", arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        var expected = ModuleSettings.defaults(at: t0)
        expected.recordUse(of: .walks, at: t1)
        expected.enable(.training, at: t1)
        let saved = expected
        try await store.moduleSettings.update { $0 = saved }
        #expect(try await store.moduleSettings.load() == expected)
        #expect(try await kind.reopen(store).moduleSettings.load() == expected)
    }

    @Test("every module off stays chosen, not reset to defaults", arguments: AdapterKind.allCases)
    func choseNone(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        var none = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { none.disable($0) }
        let saved = none
        try await store.moduleSettings.update { $0 = saved }
        let loaded = try #require(try await kind.reopen(store).moduleSettings.load())
        #expect(loaded.enabledModules.isEmpty)
    }

    @Test("a module from a newer version survives a load and save", arguments: AdapterKind.allCases)
    func unknownModuleSurvives(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t0, lastUsed: t1)
        let seeded = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries + [future])
        try await store.moduleSettings.update { $0 = seeded }
        let now = t1
        try await store.moduleSettings.update { settings in settings?.recordUse(of: .feeding, at: now) }
        let loaded = try #require(try await kind.reopen(store).moduleSettings.load())
        #expect(loaded.entries.contains(future))
        #expect(loaded.entry(for: .feeding).lastUsed == t1)
    }

    @Test("update returns the closure's result", arguments: AdapterKind.allCases)
    func updateReturnsResult(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let now = t0
        let count = try await store.moduleSettings.update { settings in
            ModuleSettings.initialising(&settings, at: now).enabledModules.count
        }
        #expect(count == TrackingModule.defaultEnabled.count)
    }

    @Test("a throwing update saves nothing", arguments: AdapterKind.allCases)
    func throwingUpdateRollsBack(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let original = ModuleSettings.defaults(at: t0)
        try await store.moduleSettings.update { $0 = original }
        let now = t1
        await #expect(throws: ContractFailure.self) {
            try await store.moduleSettings.update { settings in
                settings?.enable(.milestones, at: now)
                throw ContractFailure()
            }
        }
        #expect(try await store.moduleSettings.load() == original)
    }

    @Test("concurrent updates from separate handles lose nothing", arguments: AdapterKind.allCases)
    func concurrentUpdates(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        var none = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { none.disable($0) }
        let start = none
        try await store.moduleSettings.update { $0 = start }
        let now = t1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for module in TrackingModule.allCases {
                let handle = try kind.reopen(store)
                group.addTask {
                    try await handle.moduleSettings.update { settings in settings?.enable(module, at: now) }
                    try await handle.moduleSettings.update { settings in settings?.recordUse(of: module, at: now) }
                }
            }
            try await group.waitForAll()
        }
        let loaded = try #require(try await store.moduleSettings.load())
        #expect(loaded.enabledModules == TrackingModule.allCases)
        #expect(TrackingModule.allCases.allSatisfy { loaded.entry(for: $0).lastUsed == now })
    }
}

struct ContractFailure: Error {}
