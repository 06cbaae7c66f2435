import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Medications (the medications module of seed 000): medications given on a schedule, and
    /// the doses given. Every write records a use of the module; every call is refused with
    /// `ModuleOffError` while the module is off.
    public struct Medications: Sendable {
        let addMedication: AddMedication
        let giveMedication: GiveMedication
        let removeMedication: RemoveMedication
        let listMedications: ListMedications

        init(repositories: WellnessRepositories, time: TimeContext) {
            let medications = repositories.records.repository(for: MedicationRecords.self)
            let doses = repositories.records.repository(for: MedicationDoseRecords.self)
            addMedication = AddMedication(medications: repositories.tracker(for: MedicationRecords.self), time: time)
            removeMedication = RemoveMedication(medications: repositories.tracker(for: MedicationRecords.self), time: time)
            giveMedication = GiveMedication(doses: repositories.tracker(for: MedicationDoseRecords.self),
                                            medications: medications, time: time)
            listMedications = ListMedications(medications: medications, doses: doses,
                                              modules: repositories.moduleSettings, time: time)
        }

        /// Adds `medication`, refused when one of its name (in any case) is there.
        @discardableResult
        public func add(_ medication: Medication) async throws -> Medication {
            try await addMedication.execute(medication)
        }

        /// Records a dose of the medication called `name` given at `at` (now by default).
        @discardableResult
        public func give(_ name: String, at: Date? = nil) async throws -> GivenMedication {
            try await giveMedication.execute(name: name, at: at)
        }

        /// Removes the medication called `name`; its doses stay as history.
        @discardableResult
        public func remove(_ name: String) async throws -> Medication {
            try await removeMedication.execute(name: name)
        }

        /// Every medication, by name, with its next dose, the one overdue and the last given.
        public func list() async throws -> [MedicationStatus] { try await listMedications.execute() }
    }
}
