import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Walks and the walk plan have no port of their own: every built-in store keeps them in its
/// record repositories, and keeps the `RecordRepositoryContract` for both, each rule on a fresh store.
@Suite("RecordRepository contract: walks and the walk plan")
struct WalkRecordsContractTests {
    /// Three walks, out of order, one with every field.
    static let sampleWalks = [
        Walk(stored: Walk.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000002")),
             start: Fixtures.instant("2026-11-21T17:30:00Z"), minutes: 45, kilometres: 3.75, note: "dunes ☀️ \"windy\""),
        Walk(stored: Walk.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000001")),
             start: Fixtures.instant("2026-11-20T06:15:00.250Z"), minutes: nil, kilometres: nil, note: nil),
        Walk(stored: Walk.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000003")),
             start: Fixtures.instant("2026-11-21T07:00:00Z"), minutes: 1440, kilometres: 0.01, note: "a\tb\nc"),
    ]

    /// No minutes: a walk of 0 minutes breaks the rules.
    static let invalidWalk = Walk(stored: Walk.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000009")),
                                  start: Fixtures.instant("2026-11-22T08:00:00Z"), minutes: 0, kilometres: nil, note: nil)

    /// The same walk, longer and with a note.
    @Sendable static func changed(_ walk: Walk) -> Walk {
        Walk(stored: walk.id, start: walk.start, minutes: walk.minutes == 60 ? 61 : 60, kilometres: 2, note: "changed")
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<WalkRecords>.cases(samples: WalkRecordsContractTests.sampleWalks, changed: WalkRecordsContractTests.changed,
                                                      invalid: WalkRecordsContractTests.invalidWalk))
    func walks(kind: AdapterKind, rule: ContractCase<any RecordRepository<WalkRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: WalkRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<WalkRecords>.trackerCases(samples: WalkRecordsContractTests.sampleWalks,
                                                             changed: WalkRecordsContractTests.changed,
                                                             invalid: WalkRecordsContractTests.invalidWalk))
    func walkWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<WalkRecords>>) async throws {
        try await rule.run(kind.trackerFactory(WalkRecords.self))
    }

    /// Three planned times, out of order.
    static let planned = ["18:00", "07:30", "12:00"].map { PlannedWalk(time: WallTime($0)!) }

    /// The rule of replacing a record needs a changed record of the same identity; a planned
    /// walk is nothing but its time (its identity), so there is none, and that rule is left out.
    static let plannedCases = RecordRepositoryContract<PlannedWalkRecords>
        .cases(samples: planned, changed: { $0 })
        .filter { $0.name != "saving a record of the same identity replaces it" }

    @Test(arguments: AdapterKind.allCases, WalkRecordsContractTests.plannedCases)
    func plan(kind: AdapterKind, rule: ContractCase<any RecordRepository<PlannedWalkRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: PlannedWalkRecords.self) })
    }

    @Test("the plan leaves out only the replacing rule")
    func planCaseCount() {
        #expect(Self.plannedCases.count
            == RecordRepositoryContract<PlannedWalkRecords>.cases(samples: Self.planned, changed: { $0 }).count - 1)
    }

    @Test("a time saved twice is one planned walk; the plan comes back in time order, through another handle",
          arguments: AdapterKind.allCases)
    func planSavedTwice(kind: AdapterKind) async throws {
        let store = try await kind.factory { $0.records.repository(for: PlannedWalkRecords.self) }.make()
        for walk in Self.planned + Self.planned.prefix(1) { try await store.subject.save(walk) }
        #expect(try await store.reopen().all().map(\.time.description) == ["07:30", "12:00", "18:00"])
    }
}
