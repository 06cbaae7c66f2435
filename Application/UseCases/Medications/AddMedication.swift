import Foundation
import WellnessDomain

/// Adds a medication to give on a schedule, and with it records a use of the medications
/// module, in one transaction.
public struct AddMedication: Sendable {
    let medications: ModuleTracker<MedicationRecords>
    let time: TimeContext

    /// A use case writing through `medications` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(medications: ModuleTracker<MedicationRecords>, time: TimeContext) {
        self.medications = medications
        self.time = time
    }

    /// A use case on `medications`, recording each change's use in `modules` after it.
    public init(medications: any RecordRepository<MedicationRecords>, modules: any ModuleSettingsRepository,
                time: TimeContext) {
        self.init(medications: ModuleTracker(records: medications, modules: modules, inOneTransaction: false), time: time)
    }

    /// Adds `medication`. Throws `ModuleOffError` when the medications module is off, and
    /// `MedicationError.alreadyExists` when one of that name (in any case) is there.
    @discardableResult
    public func execute(_ medication: Medication) async throws -> Medication {
        let now = time.now()
        try await ModuleOffError.requireOn(.medications, in: medications.modules, now: now)
        try medication.check()
        if let existing = try await medications.records.record(medication.key) {
            throw MedicationError.alreadyExists(existing.name)
        }
        try await medications.write([medication], removing: [], module: .medications, at: now)
        return medication
    }
}

/// Removes a medication, and with it records a use of the medications module, in one
/// transaction. The doses given stay, as history.
public struct RemoveMedication: Sendable {
    let medications: ModuleTracker<MedicationRecords>
    let time: TimeContext

    /// A use case writing through `medications` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(medications: ModuleTracker<MedicationRecords>, time: TimeContext) {
        self.medications = medications
        self.time = time
    }

    /// A use case on `medications`, recording each change's use in `modules` after it.
    public init(medications: any RecordRepository<MedicationRecords>, modules: any ModuleSettingsRepository,
                time: TimeContext) {
        self.init(medications: ModuleTracker(records: medications, modules: modules, inOneTransaction: false), time: time)
    }

    /// Removes the medication called `name` (any case) and returns it. Throws `ModuleOffError`
    /// when the medications module is off and `MedicationError.notFound` when there is none.
    @discardableResult
    public func execute(name: String) async throws -> Medication {
        let now = time.now()
        try await ModuleOffError.requireOn(.medications, in: medications.modules, now: now)
        guard let medication = try await medications.records.record(Medication.key(name)) else {
            throw MedicationError.notFound(name)
        }
        try await medications.write([], removing: [medication.key], module: .medications, at: now)
        return medication
    }
}
