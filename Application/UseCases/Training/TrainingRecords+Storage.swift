import WellnessDomain

// Training, socialization and milestones have no port of their own: a store keeps them in its record repositories.
extension TrainingRecords: StoredRecordKind {}
extension SocializationRecords: StoredRecordKind {}
extension MilestoneRecords: StoredRecordKind {}
