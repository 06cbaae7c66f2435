import WellnessDomain

/// What a store holds: how many records of each collection, and its settings.
public struct StoreContents: Sendable, Equatable {
    /// How many records of each collection the store holds.
    public let counts: BackupCounts
    /// The store's settings.
    public let settings: BackupSettings

    /// Contents of `counts` records, and `settings`.
    public init(counts: BackupCounts, settings: BackupSettings) {
        self.counts = counts
        self.settings = settings
    }

    /// No record, and settings nobody has changed (``BackupSettings/isUnused``).
    public var isEmpty: Bool { counts.total == 0 && settings.isUnused }
}
