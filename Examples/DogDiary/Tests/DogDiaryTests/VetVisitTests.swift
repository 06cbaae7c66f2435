import DogDiary
import Foundation
import Testing
import WellnessComposition
import WellnessContractTesting

/// The diary's own kind of record on every Wellness store: the repository contract, and a
/// backup that carries it from one store to another.
@Suite("Vet visits, a kind of the app's own")
struct VetVisitTests {
    static let samples = [
        VetVisit(day: LocalDay("2026-01-20")!, clinic: "Dierenkliniek Noord", reason: "Vaccination"),
        VetVisit(day: LocalDay("2026-01-06")!, clinic: "Dierenkliniek Noord", reason: "First check-up ✓"),
        VetVisit(day: LocalDay("2026-03-02")!, clinic: "Emergency \"24/7\"", reason: "Ate a sock"),
    ]

    static let invalid = VetVisit(day: LocalDay("2026-01-07")!, clinic: " ", reason: "No clinic")

    @Sendable static func changed(_ visit: VetVisit) -> VetVisit {
        VetVisit(id: visit.id, day: visit.day, clinic: visit.clinic, reason: visit.reason + " (and a booster)")
    }

    enum Store: String, CaseIterable, Sendable {
        case memory, json, sqlite

        func open(_ folder: URL) throws -> WellnessRepositories {
            switch self {
            case .memory: .inMemory(registry: .dogDiary)
            case .json: try .jsonFiles(in: folder, registry: .dogDiary)
            case .sqlite: try .sqlite(in: folder, registry: .dogDiary)
            }
        }
    }

    @Test(arguments: Store.allCases, RecordRepositoryContract<VetVisits>.cases(samples: samples, changed: changed,
                                                                                     invalid: invalid))
    func contract(store: Store, rule: ContractCase<any RecordRepository<VetVisits>>) async throws {
        try await rule.run(AdapterFactory {
            let folder = DogDiaryTests.folder()
            let repositories = try store.open(folder)
            let subject = repositories.records.repository(for: VetVisits.self)
            return ContractStore(subject: subject) {
                store == .memory ? subject : try store.open(folder).records.repository(for: VetVisits.self)
            }
        })
    }

    @Test("a backup holds the visits with Wellness's collections, and restores them into another kind of store")
    func backUpAndRestore() async throws {
        let clock = FixedWallClock(DogDiaryTests.start)
        let source = try DogDiary(storage: .files(DogDiaryTests.folder()), clock: clock, calendar: DogDiaryTests.calendar())
        try await source.mood(4, note: "Good boy")
        for visit in Self.samples {
            try await source.visitedVet(on: visit.day, clinic: visit.clinic, reason: visit.reason)
        }
        let archive = try await source.backUp()
        let text = String(decoding: archive, as: UTF8.self)
        #expect(text.contains("\"moods\":[") && text.contains("\"vetVisits\":["))

        let target = try DogDiary(storage: .database(DogDiaryTests.folder()), clock: clock, calendar: DogDiaryTests.calendar())
        try await target.restore(archive)
        #expect(try await target.vetVisits().map(\.reason) == ["First check-up ✓", "Vaccination", "Ate a sock"])
        #expect(try await target.backUp() == archive, "the restored store backs up to the same bytes")
    }

    @Test("Wellness without the diary's kind refuses the diary's archive, naming the collection")
    func wellnessAloneRefuses() async throws {
        let diary = try DogDiary(storage: .memory, clock: FixedWallClock(DogDiaryTests.start), calendar: DogDiaryTests.calendar())
        try await diary.visitedVet(on: LocalDay("2026-01-06")!, clinic: "Noord", reason: "Check-up")
        let archive = try await diary.backUp()
        let plain = try Wellness(repositories: .inMemory(), clock: FixedWallClock(DogDiaryTests.start),
                                 calendar: DogDiaryTests.calendar())
        let error = await #expect(throws: BackupError.self) {
            try await plain.backups.restore(from: InMemoryByteSource(archive))
        }
        guard case .unknownCollection(_, let name) = try #require(error) else {
            Issue.record("refused otherwise: \(String(describing: error))")
            return
        }
        #expect(name == "vetVisits")
    }

    @Test("a visit without a clinic is refused and not kept")
    func refused() async throws {
        let diary = try DogDiary(storage: .memory, clock: FixedWallClock(DogDiaryTests.start), calendar: DogDiaryTests.calendar())
        await #expect(throws: RecordRejection.self) {
            try await diary.visitedVet(on: LocalDay("2026-01-06")!, clinic: "  ", reason: "Check-up")
        }
        #expect(try await diary.vetVisits().isEmpty)
    }
}
