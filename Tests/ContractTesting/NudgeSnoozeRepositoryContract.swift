import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `NudgeSnoozeRepository` adapter keeps: snoozes ordered by id, one per
/// nudge (the last saved), ids from newer versions kept.
public enum NudgeSnoozeRepositoryContract {
    typealias Case = ContractCase<any NudgeSnoozeRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any NudgeSnoozeRepository>] = [
        emptyIsEmpty, roundTrip, replaces, unknownIdKept,
    ]

    // MARK: - Cases

    static let emptyIsEmpty = Case("no snoozes in a new store") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.all().isEmpty)
    }

    static let roundTrip = Case("snoozes come back ordered by id, exactly") { factory in
        let store = try await factory.make()
        let simplify = NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-21T09:00:00.125Z"))
        let walks = NudgeSnooze(nudgeID: "disable_walks", until: Fixtures.instant("2026-12-01T00:00:00Z"))
        try await store.subject.save(simplify)
        try await store.subject.save(walks)
        #expect(try await store.reopen().all() == [walks, simplify])
    }

    static let replaces = Case("snoozing the same nudge again replaces its snooze") { factory in
        let store = try await factory.make()
        try await store.subject.save(NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-01T00:00:00Z")))
        let later = NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2027-01-01T00:00:00Z"))
        try await store.subject.save(later)
        #expect(try await store.subject.all() == [later])
    }

    static let unknownIdKept = Case("a snooze id from a newer version is kept") { factory in
        let store = try await factory.make()
        let future = NudgeSnooze(nudgeID: "disable_grooming", until: Fixtures.instant("2026-12-01T00:00:00Z"))
        try await store.subject.save(future)
        try await store.subject.save(NudgeSnooze(nudgeID: "simplify", until: Fixtures.instant("2026-12-02T00:00:00Z")))
        #expect(try await store.reopen().all().contains(future))
    }
}
