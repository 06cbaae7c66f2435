import WellnessDomain

// Documents and their chunks have no port of their own: a store keeps them in its record repositories.
extension DocumentRecords: StoredRecordKind {}
extension DocumentChunkRecords: StoredRecordKind {}
