import WellnessDomain

// Medications and their doses have no port of their own: a store keeps them in its record repositories.
extension MedicationRecords: StoredRecordKind {}
extension MedicationDoseRecords: StoredRecordKind {}
