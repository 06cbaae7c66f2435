import Foundation

/// Medications, by their ``Medication/key`` (the name, lowercased).
public enum MedicationRecords: RecordKind {
    public static let collection: RecordCollection = "medications"
    /// Medications came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of medication: Medication) -> String { medication.key }

    /// The name, dose and days as `meds add` checks them (``Medication/check()``).
    public static func validate(_ medication: Medication) throws(RecordRejection) {
        try RecordRejection.checking { try medication.check() }
    }

    public static func precedes(_ lhs: Medication, _ rhs: Medication) -> Bool { lhs.key < rhs.key }
}

/// The doses given, by id. A dose names its medication by key, but does not need it to be
/// there: removing a medication keeps its doses as history.
public enum MedicationDoseRecords: RecordKind {
    public static let collection: RecordCollection = "medicationDoses"
    /// Doses came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of dose: MedicationDose) -> MedicationDose.ID { dose.id }

    /// The medication's key is an identifier (``IdentifierText``), lowercase as every key is.
    public static func validate(_ dose: MedicationDose) throws(RecordRejection) {
        try IdentifierText.check(dose.medication)
        guard dose.medication == Medication.key(dose.medication) else {
            throw RecordRejection("a medication key that is not a trimmed lowercase name: \(dose.medication)")
        }
    }

    public static func precedes(_ lhs: MedicationDose, _ rhs: MedicationDose) -> Bool {
        (lhs.at, lhs.id.description) < (rhs.at, rhs.id.description)
    }
}

extension RecordCollection {
    public static var medications: RecordCollection { MedicationRecords.collection }
    public static var medicationDoses: RecordCollection { MedicationDoseRecords.collection }
}
