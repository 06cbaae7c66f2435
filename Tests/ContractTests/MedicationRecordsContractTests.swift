import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Medications and their doses have no port of their own: every built-in store keeps them in
/// its record repositories, and keeps the `RecordRepositoryContract` for both, each rule on a
/// fresh store.
@Suite("RecordRepository contract: medications and their doses")
struct MedicationRecordsContractTests {
    static func medication(_ name: String, _ every: String, dose: String?, until: String?) -> Medication {
        Medication(stored: name, period: MedicationPeriod(every)!, from: Fixtures.day("2026-01-31"),
                   time: WallTime("07:30")!, dose: dose, until: until.map(Fixtures.day))
    }

    /// Three medications, out of order, one with every field.
    static let sampleMedications = [
        medication("Rimadyl", "12h", dose: "½ tablet \"with food\" ☀️", until: "2026-03-01"),
        medication("apoquel", "1d", dose: nil, until: nil),
        medication("Bravecto", "3mo", dose: "a\tb\nc", until: "2026-01-31"),
    ]

    /// A name that is empty breaks the rules.
    static let invalidMedication = medication("", "1d", dose: nil, until: nil)

    /// The same medication, another period and dose.
    @Sendable static func changed(_ medication: Medication) -> Medication {
        Medication(stored: medication.name, period: MedicationPeriod(medication.period.description == "4w" ? "5w" : "4w")!,
                   from: medication.from, time: WallTime("21:15")!, dose: "changed", until: nil)
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MedicationRecords>.cases(samples: MedicationRecordsContractTests.sampleMedications,
                                                            changed: MedicationRecordsContractTests.changed,
                                                            invalid: MedicationRecordsContractTests.invalidMedication))
    func medications(kind: AdapterKind, rule: ContractCase<any RecordRepository<MedicationRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: MedicationRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MedicationRecords>.trackerCases(samples: MedicationRecordsContractTests.sampleMedications,
                                                                   changed: MedicationRecordsContractTests.changed,
                                                                   invalid: MedicationRecordsContractTests.invalidMedication))
    func medicationWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<MedicationRecords>>) async throws {
        try await rule.run(kind.trackerFactory(MedicationRecords.self))
    }

    /// Three doses, out of order.
    static let sampleDoses = [
        MedicationDose(id: MedicationDose.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000002")), medication: "rimadyl",
                       at: Fixtures.instant("2026-11-21T17:30:00Z")),
        MedicationDose(id: MedicationDose.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000001")), medication: "apoquel",
                       at: Fixtures.instant("2026-11-20T06:15:00.250Z")),
        MedicationDose(id: MedicationDose.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000003")), medication: "½ tablet ☀️",
                       at: Fixtures.instant("2026-11-21T07:00:00Z")),
    ]

    /// A key with a capital is not a key.
    static let invalidDose = MedicationDose(id: MedicationDose.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000009")),
                                            medication: "Rimadyl", at: Fixtures.instant("2026-11-22T08:00:00Z"))

    /// The same dose, an hour later.
    @Sendable static func changedDose(_ dose: MedicationDose) -> MedicationDose {
        MedicationDose(id: dose.id, medication: dose.medication, at: dose.at.addingTimeInterval(3600))
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MedicationDoseRecords>.cases(samples: MedicationRecordsContractTests.sampleDoses,
                                                                changed: MedicationRecordsContractTests.changedDose,
                                                                invalid: MedicationRecordsContractTests.invalidDose))
    func doses(kind: AdapterKind, rule: ContractCase<any RecordRepository<MedicationDoseRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: MedicationDoseRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MedicationDoseRecords>.trackerCases(samples: MedicationRecordsContractTests.sampleDoses,
                                                                       changed: MedicationRecordsContractTests.changedDose,
                                                                       invalid: MedicationRecordsContractTests.invalidDose))
    func doseWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<MedicationDoseRecords>>) async throws {
        try await rule.run(kind.trackerFactory(MedicationDoseRecords.self))
    }

    @Test("a name in another case is the same medication: saved, it replaces the one before, through another handle",
          arguments: AdapterKind.allCases)
    func caseInsensitive(kind: AdapterKind) async throws {
        let store = try await kind.factory { $0.records.repository(for: MedicationRecords.self) }.make()
        try await store.subject.save(Self.medication("Rimadyl", "1d", dose: nil, until: nil))
        try await store.subject.save(Self.medication("RIMADYL", "2d", dose: nil, until: nil))
        let all = try await store.reopen().all()
        #expect(all.map(\.name) == ["RIMADYL"] && all.map(\.period.description) == ["2d"])
        #expect(try await store.reopen().record("rimadyl")?.name == "RIMADYL")
    }
}
