import WellnessDomain

// Walks and the walk plan have no port of their own: a store keeps them in its record repositories.
extension WalkRecords: StoredRecordKind {}
extension PlannedWalkRecords: StoredRecordKind {}
