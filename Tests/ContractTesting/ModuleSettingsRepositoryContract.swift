import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `ModuleSettingsRepository` adapter keeps: "never chosen" until saved,
/// exact round trips, unknown modules kept, atomic updates that save nothing when they throw
/// and lose nothing when they race.
public enum ModuleSettingsRepositoryContract {
    typealias Case = ContractCase<any ModuleSettingsRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any ModuleSettingsRepository>] = [
        emptyIsNil, roundTrip, firstRunAndChoice, choseNone, unknownModuleSurvives, updateReturnsResult,
        throwingUpdateRollsBack, concurrentUpdates,
    ]

    static let t0 = Fixtures.instant("2026-10-01T08:00:00Z")
    static let t1 = Fixtures.instant("2026-11-21T09:30:15.250Z")

    // MARK: - Cases

    static let emptyIsNil = Case("a new store has never been chosen") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.load() == nil)
    }

    static let roundTrip = Case("update saves and load returns exactly what was saved") { factory in
        let store = try await factory.make()
        var expected = ModuleSettings.defaults(at: t0)
        expected.recordUse(of: .walks, at: t1)
        expected.enable(.training, at: t1)
        let saved = expected
        try await store.subject.update { $0 = saved }
        #expect(try await store.subject.load() == expected)
        #expect(try await store.reopen().load() == expected)
    }

    static let firstRunAndChoice = Case("the first run and the first choice are kept exactly; unknown ones stay unknown") { factory in
        let store = try await factory.make()
        var chosen = ModuleSettings.defaults(at: t0)
        chosen.choose(exactly: [.walks, .milestones], at: t1)
        let saved = chosen
        try await store.subject.update { $0 = saved }
        let loaded = try #require(try await store.reopen().load())
        #expect(loaded.firstRunAt == t0 && loaded.chosenAt == t1)
        #expect(loaded.needsSetup == false)
        // Settings from a version that did not record them.
        let old = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries)
        try await store.subject.update { $0 = old }
        let reloaded = try #require(try await store.reopen().load())
        #expect(reloaded.firstRunAt == nil && reloaded.chosenAt == nil && reloaded == old)
    }

    static let choseNone = Case("every module off stays chosen, not reset to defaults") { factory in
        let store = try await factory.make()
        var none = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { none.disable($0) }
        let saved = none
        try await store.subject.update { $0 = saved }
        let loaded = try #require(try await store.reopen().load())
        #expect(loaded.enabledModules.isEmpty)
    }

    static let unknownModuleSurvives = Case("a module from a newer version survives a load and save") { factory in
        let store = try await factory.make()
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t0, lastUsed: t1)
        let seeded = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries + [future])
        try await store.subject.update { $0 = seeded }
        let now = t1
        try await store.subject.update { settings in settings?.recordUse(of: .feeding, at: now) }
        let loaded = try #require(try await store.reopen().load())
        #expect(loaded.entries.contains(future))
        #expect(loaded.entry(for: .feeding).lastUsed == t1)
    }

    static let updateReturnsResult = Case("update returns the closure's result") { factory in
        let store = try await factory.make()
        let now = t0
        let count = try await store.subject.update { settings in
            ModuleSettings.initialising(&settings, at: now).enabledModules.count
        }
        #expect(count == TrackingModule.defaultEnabled.count)
    }

    static let throwingUpdateRollsBack = Case("a throwing update saves nothing") { factory in
        let store = try await factory.make()
        let original = ModuleSettings.defaults(at: t0)
        try await store.subject.update { $0 = original }
        let now = t1
        await #expect(throws: Refused.self) {
            try await store.subject.update { settings in
                settings?.enable(.milestones, at: now)
                throw Refused()
            }
        }
        #expect(try await store.subject.load() == original)
    }

    static let concurrentUpdates = Case("concurrent updates from separate handles lose nothing") { factory in
        let store = try await factory.make()
        var none = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { none.disable($0) }
        let start = none
        try await store.subject.update { $0 = start }
        let now = t1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for module in TrackingModule.allCases {
                let handle = try await store.reopen()
                group.addTask {
                    try await handle.update { settings in settings?.enable(module, at: now) }
                    try await handle.update { settings in settings?.recordUse(of: module, at: now) }
                }
            }
            try await group.waitForAll()
        }
        let loaded = try #require(try await store.subject.load())
        #expect(loaded.enabledModules == TrackingModule.allCases)
        #expect(TrackingModule.allCases.allSatisfy { loaded.entry(for: $0).lastUsed == now })
    }
}
