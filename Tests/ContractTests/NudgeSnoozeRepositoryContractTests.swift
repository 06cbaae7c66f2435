import Testing
import WellnessDomain
import WellnessTestSupport

/// The contract every `NudgeSnoozeRepository` adapter keeps.
@Suite("NudgeSnoozeRepository contract")
struct NudgeSnoozeRepositoryContractTests {
    @Test("no snoozes in a new store", arguments: AdapterKind.allCases)
    func emptyIsEmpty(kind: AdapterKind) async throws {
        #expect(try await kind.makeStore().nudgeSnoozes.all().isEmpty)
    }

    @Test("snoozes come back ordered by id, exactly", arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let simplify = NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-21T09:00:00.125Z"))
        let walks = NudgeSnooze(nudgeID: "disable_walks", until: Fixtures.instant("2026-12-01T00:00:00Z"))
        try await store.nudgeSnoozes.save(simplify)
        try await store.nudgeSnoozes.save(walks)
        #expect(try await kind.reopen(store).nudgeSnoozes.all() == [walks, simplify])
    }

    @Test("snoozing the same nudge again replaces its snooze", arguments: AdapterKind.allCases)
    func replaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.nudgeSnoozes.save(NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-01T00:00:00Z")))
        let later = NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2027-01-01T00:00:00Z"))
        try await store.nudgeSnoozes.save(later)
        #expect(try await store.nudgeSnoozes.all() == [later])
    }

    @Test("a snooze id from a newer version is kept", arguments: AdapterKind.allCases)
    func unknownIdKept(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let future = NudgeSnooze(nudgeID: "disable_grooming", until: Fixtures.instant("2026-12-01T00:00:00Z"))
        try await store.nudgeSnoozes.save(future)
        try await store.nudgeSnoozes.save(NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-02T00:00:00Z")))
        #expect(try await kind.reopen(store).nudgeSnoozes.all().contains(future))
    }
}
