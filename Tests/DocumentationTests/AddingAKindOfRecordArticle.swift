// The code of WellnessComposition.docc/AddingAKindOfRecord.md, compiled and run so the article
// stays true (`.ci/check-doc-snippets` checks that every block of it is here).
import Foundation
import Testing
import WellnessComposition
import WellnessContractTesting

struct VetVisit: Sendable, Equatable, Codable {
    let id: UUID
    let day: LocalDay
    let clinic: String
}

enum VetVisits: StoredRecordKind {
    static let collection: RecordCollection = "vetVisits"

    static func identity(of visit: VetVisit) -> UUID { visit.id }

    static func validate(_ visit: VetVisit) throws(RecordRejection) {
        guard !visit.clinic.isEmpty else { throw RecordRejection("a visit names its clinic") }
    }

    static func precedes(_ lhs: VetVisit, _ rhs: VetVisit) -> Bool {
        (lhs.day, lhs.id.uuidString) < (rhs.day, rhs.id.uuidString)
    }
}

@Suite("Documentation: AddingAKindOfRecord")
struct AddingAKindOfRecordArticle {
    @Test("a kind of the app's own is kept and backed up")
    func register() async throws {
        let registry = RecordRegistry.standard.adding(VetVisits.self)
        let repositories = WellnessRepositories.inMemory(registry: registry)
        let visits = repositories.records.repository(for: VetVisits.self)
        try await visits.save(VetVisit(id: UUID(), day: LocalDay("2026-01-06")!, clinic: "Noord"))

        let wellness = try Wellness(repositories: repositories, clock: SystemWallClock(), calendar: .current)
        let counts = try await wellness.backups.backUp(to: { bytes in /* write them where backups go */ })
        print(counts[VetVisits.collection])   // 1
        #expect(counts[VetVisits.collection] == 1)
    }

    let registry = RecordRegistry.standard.adding(VetVisits.self)
    static let samples = [
        VetVisit(id: UUID(), day: LocalDay("2026-01-06")!, clinic: "Noord"),
        VetVisit(id: UUID(), day: LocalDay("2026-01-20")!, clinic: "Noord"),
        VetVisit(id: UUID(), day: LocalDay("2026-03-02")!, clinic: "Zuid"),
    ]

    @Sendable static func changed(_ visit: VetVisit) -> VetVisit {
        VetVisit(id: visit.id, day: visit.day, clinic: visit.clinic + " (moved)")
    }

    @Test(arguments: RecordRepositoryContract<VetVisits>.cases(samples: samples, changed: changed))
    func visits(rule: ContractCase<any RecordRepository<VetVisits>>) async throws {
        try await rule.run(AdapterFactory {
            .inMemory(WellnessRepositories.inMemory(registry: registry).records.repository(for: VetVisits.self))
        })
    }
}
