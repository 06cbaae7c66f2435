import Foundation

/// The archive `wellness backup` writes and `wellness restore` reads: one JSON document holding
/// every collection of a store, with every record's ids and timestamps.
///
/// ```json
/// {"format":"wellness-backup","version":1,
/// "settings":{"exerciseLibrary":{…},"supplementStack":{…},"tier":"free",…},
/// "collections":{
/// "supplementLogs":[
/// {"day":"2026-11-20","supplementID":"…","taken":true,"timestamp":"2026-11-20T08:00:00.000Z"}
/// ],
/// "weights":[
/// …
/// ]
/// }}
/// ```
///
/// It is one document, so any JSON tool reads it, and it is written one record per line, in a
/// fixed order with sorted keys, so that it diffs line by line and the same store always gives
/// the same bytes. ``BackupArchiveReader`` reads it as a stream (any layout of the same JSON),
/// holding one record at a time, so a million weigh-ins restore in flat memory.
public enum BackupArchive {
    /// The value of `format`: what tells a backup from any other JSON.
    public static let format = "wellness-backup"
    /// The version this build writes for Wellness's own kinds, and the newest it reads: the
    /// newest ``RecordKind/archiveVersion`` of ``RecordRegistry/standard``. A collection that a
    /// later version adds raises it; an archive of an older version reads that collection as empty.
    public static var version: Int { RecordRegistry.standard.archiveVersion }
}

/// The values a store holds one of: written whole under `settings`.
public struct BackupSettings: Sendable, Equatable, Codable {
    public var tier: Tier
    public var moduleSettings: ModuleSettings?
    public var dogProfile: DogProfile?
    public var supplementStack: SupplementStack
    public var exerciseLibrary: ExerciseLibrary
    /// Until when the server asked not to be sent check-ins.
    public var checkinsPausedUntil: Date?

    public init(tier: Tier = .free, moduleSettings: ModuleSettings? = nil, dogProfile: DogProfile? = nil,
                supplementStack: SupplementStack = SupplementStack(), exerciseLibrary: ExerciseLibrary = ExerciseLibrary(),
                checkinsPausedUntil: Date? = nil) {
        self.tier = tier
        self.moduleSettings = moduleSettings
        self.dogProfile = dogProfile
        self.supplementStack = supplementStack
        self.exerciseLibrary = exerciseLibrary
        self.checkinsPausedUntil = checkinsPausedUntil
    }

    private enum CodingKeys: String, CodingKey {
        case tier, moduleSettings, dogProfile, supplementStack, exerciseLibrary, checkinsPausedUntil
    }

    /// A seeded flag and a list: how the stack and the library are written.
    private struct Seeded<Element: Codable>: Codable {
        var isSeeded: Bool
        var items: [Element]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tier = try container.decode(Tier.self, forKey: .tier)
        moduleSettings = try container.decodeIfPresent(ModuleSettings.self, forKey: .moduleSettings)
        dogProfile = try container.decodeIfPresent(DogProfile.self, forKey: .dogProfile)
        let stack = try container.decode(Seeded<Supplement>.self, forKey: .supplementStack)
        supplementStack = SupplementStack(supplements: stack.items, isSeeded: stack.isSeeded)
        let library = try container.decode(Seeded<ExerciseDefinition>.self, forKey: .exerciseLibrary)
        exerciseLibrary = ExerciseLibrary(exercises: library.items, isSeeded: library.isSeeded)
        checkinsPausedUntil = try container.decodeIfPresent(Date.self, forKey: .checkinsPausedUntil)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tier, forKey: .tier)
        try container.encode(moduleSettings, forKey: .moduleSettings)
        try container.encode(dogProfile, forKey: .dogProfile)
        try container.encode(Seeded(isSeeded: supplementStack.isSeeded, items: supplementStack.supplements),
                             forKey: .supplementStack)
        try container.encode(Seeded(isSeeded: exerciseLibrary.isSeeded, items: exerciseLibrary.exercises),
                             forKey: .exerciseLibrary)
        try container.encode(checkinsPausedUntil, forKey: .checkinsPausedUntil)
    }

    /// Whether `identity` is among what the setting named `target` holds; `nil` when no setting
    /// has that name. A supplement log names a supplement of the stack
    /// (``SupplementLogRecords/supplementTarget``).
    public func holds(_ identity: any Hashable & Sendable, in target: String) -> Bool? {
        switch target {
        case SupplementLogRecords.supplementTarget:
            (identity as? Supplement.ID).map { id in supplementStack.supplements.contains { $0.id == id } } ?? false
        default:
            nil
        }
    }

    /// Whether these are the settings of a store nobody has used: no profile, no module choice,
    /// no supplements or exercises (not even the seeded defaults), not paused. The tier is a
    /// subscription setting, not data, and does not count.
    public var isUnused: Bool {
        moduleSettings == nil && dogProfile == nil && supplementStack == SupplementStack()
            && exerciseLibrary == ExerciseLibrary() && checkinsPausedUntil == nil
    }
}

/// How many records of each collection an archive or a store holds.
public struct BackupCounts: Sendable, Equatable, Codable {
    public private(set) var records: [RecordCollection: Int] = [:]
    /// The collections counted, in archive order: those of the registry the counts are of.
    public let collections: [RecordCollection]

    /// No records yet, of each of `registry`'s collections.
    public init(registry: RecordRegistry = .standard) {
        collections = registry.collections
    }

    public subscript(collection: RecordCollection) -> Int {
        get { records[collection] ?? 0 }
        set { records[collection] = newValue }
    }

    /// Every collection's count added up.
    public var total: Int { records.values.reduce(0, +) }

    /// The collections that hold records, in archive order, with their counts.
    public var nonEmpty: [(collection: RecordCollection, count: Int)] {
        collections.compactMap { collection in
            let count = self[collection]
            return count > 0 ? (collection, count) : nil
        }
    }

    public static func == (lhs: BackupCounts, rhs: BackupCounts) -> Bool {
        lhs.nonEmpty.elementsEqual(rhs.nonEmpty) { $0.collection == $1.collection && $0.count == $1.count }
    }

    /// Every collection's count under its name, zeros included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RecordCollection.CodingKey.self)
        for collection in collections {
            try container.encode(self[collection], forKey: .init(collection))
        }
    }

    /// Counts of the standard registry's collections.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RecordCollection.CodingKey.self)
        self.init()
        for collection in collections {
            self[collection] = try container.decodeIfPresent(Int.self, forKey: .init(collection)) ?? 0
        }
    }
}

extension RecordCollection {
    /// A collection's name as a JSON key.
    public struct CodingKey: Swift.CodingKey {
        public let stringValue: String
        public var intValue: Int? { nil }
        public init(_ collection: RecordCollection) { stringValue = collection.rawValue }
        public init?(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }
}
