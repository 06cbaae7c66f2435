import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `RecordRepositoryContract` for a kind of record it has no
/// port of (water intake), each rule on a fresh store.
@Suite("RecordRepository contract")
struct RecordRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<WaterIntakeRecords>.cases(samples: WaterIntakeRecords.samples,
                                                             changed: WaterIntakeRecords.changed,
                                                             invalid: WaterIntakeRecords.invalid))
    func waterIntake(kind: AdapterKind, rule: ContractCase<any RecordRepository<WaterIntakeRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: WaterIntakeRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<WaterIntakeRecords>.trackerCases(samples: WaterIntakeRecords.samples,
                                                                    changed: WaterIntakeRecords.changed,
                                                                    invalid: WaterIntakeRecords.invalid))
    func trackerWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<WaterIntakeRecords>>) async throws {
        try await rule.run(kind.trackerFactory(WaterIntakeRecords.self))
    }
}
