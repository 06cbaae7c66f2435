import Foundation
import WellnessDomain

/// The medications and where each stands: the next dose, the one overdue, the last given.
public struct ListMedications: Sendable {
    let medications: any RecordRepository<MedicationRecords>
    let doses: any RecordRepository<MedicationDoseRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's `medications`, their `doses` and its `modules`, with now from `time`.
    public init(medications: any RecordRepository<MedicationRecords>, doses: any RecordRepository<MedicationDoseRecords>,
                modules: any ModuleSettingsRepository, time: TimeContext) {
        self.medications = medications
        self.doses = doses
        self.modules = modules
        self.time = time
    }

    /// Every medication, by name, and where it stands now (`MedicationSchedule`). Throws
    /// `ModuleOffError` when the medications module is off.
    public func execute() async throws -> [MedicationStatus] {
        let now = time.now()
        try await ModuleOffError.requireOn(.medications, in: modules, now: now)
        return try await statuses(at: now)
    }

    /// Where each medication stands at `now`, whether the module is on or not (for ``ListDue``,
    /// which checks the module itself).
    func statuses(at now: Date) async throws -> [MedicationStatus] {
        let medications = try await medications.all()
        guard !medications.isEmpty else { return [] }
        let given = Dictionary(grouping: try await doses.all(), by: \.medication)
        return medications.map { medication in
            MedicationSchedule(medication, in: time.calendar.timeZone)
                .status(of: medication, doses: given[medication.key, default: []].map(\.at), at: now)
        }
    }
}

/// The scheduled doses not given yet, from their time until the next one's (`MedicationSchedule`).
struct MedicationsDue: DueSource {
    let medications: ListMedications

    var module: TrackingModule? { .medications }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        try await medications.statuses(at: now).compactMap { status in
            status.overdue.map { DueItem(kind: .medication, name: status.medication.name, since: $0) }
        }
    }
}

extension ListMedications {
    /// The doses not given yet as a part of what is due.
    public var dueSource: any DueSource { MedicationsDue(medications: self) }
}
