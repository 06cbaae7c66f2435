import Foundation
import WellnessDomain

/// A dose given, and the scheduled dose it counts for.
public struct GivenMedication: Sendable, Equatable {
    /// The medication given.
    public let medication: Medication
    /// The dose, as saved.
    public let dose: MedicationDose
    /// The time of the scheduled dose it counts for; `nil` when it counts for none (a second dose,
    /// or one before the first or after the last).
    public let counted: Date?
}

/// Records a dose of a medication given, and with it a use of the medications module, in one
/// transaction.
public struct GiveMedication: Sendable {
    let doses: ModuleTracker<MedicationDoseRecords>
    let medications: any RecordRepository<MedicationRecords>
    let time: TimeContext

    /// A use case writing through `doses` (``WellnessRepositories/tracker(for:)``), reading the
    /// `medications`, with now from `time`.
    public init(doses: ModuleTracker<MedicationDoseRecords>, medications: any RecordRepository<MedicationRecords>,
                time: TimeContext) {
        self.doses = doses
        self.medications = medications
        self.time = time
    }

    /// A use case on `doses`, recording each dose's use in `modules` after it.
    public init(doses: any RecordRepository<MedicationDoseRecords>, medications: any RecordRepository<MedicationRecords>,
                modules: any ModuleSettingsRepository, time: TimeContext) {
        self.init(doses: ModuleTracker(records: doses, modules: modules, inOneTransaction: false),
                  medications: medications, time: time)
    }

    /// Records a dose of the medication called `name` (any case) given at `at` (now by default;
    /// never in the future). Throws `ModuleOffError` when the medications module is off,
    /// `MedicationError.notFound` when there is no such medication and `TimeProblem` for a time
    /// in the future.
    @discardableResult
    public func execute(name: String, at: Date? = nil) async throws -> GivenMedication {
        let now = time.now()
        try await ModuleOffError.requireOn(.medications, in: doses.modules, now: now)
        guard let medication = try await medications.record(Medication.key(name)) else {
            throw MedicationError.notFound(name)
        }
        let dose = MedicationDose(medication: medication.key, at: try time.recordable(at ?? now))
        let given = try await doses.records.all().filter { $0.medication == medication.key }
        let all = (given + [dose]).sorted(by: MedicationDoseRecords.precedes)
        let schedule = MedicationSchedule(medication, in: time.calendar.timeZone)
        let counted = zip(all, schedule.assign(all.map(\.at))).first { $0.0.id == dose.id }?.1 ?? nil
        try await doses.write([dose], removing: [], module: .medications, at: now)
        return GivenMedication(medication: medication, dose: dose, counted: counted.flatMap(schedule.occurrence))
    }
}
