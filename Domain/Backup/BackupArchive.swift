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

/// The values a store holds one of, one per ``SettingKind`` of a registry: written whole under
/// `settings`. A setting never given has its ``SettingKind/unused`` value.
public struct BackupSettings: Sendable, Equatable, Codable {
    /// The settings there are, in the registry's order.
    public let kinds: [any SettingKind.Type]
    private var values: [String: any Sendable] = [:]

    /// Every setting of `registry` unused.
    public init(registry: RecordRegistry = .standard) {
        kinds = registry.settings
    }

    /// The value of `setting`.
    public subscript<Setting: SettingKind>(setting: Setting.Type) -> Setting.Value {
        get { Setting.value(values[Setting.name]) }
        set { values[Setting.name] = newValue }
    }

    /// These settings with `setting` set to `value`.
    public func with<Setting: SettingKind>(_ setting: Setting.Type, _ value: Setting.Value) -> BackupSettings {
        var settings = self
        settings[setting] = value
        return settings
    }

    public static func == (lhs: BackupSettings, rhs: BackupSettings) -> Bool {
        lhs.kinds.map { $0.name } == rhs.kinds.map { $0.name }
            && lhs.kinds.allSatisfy { $0.equal(lhs.values[$0.name], rhs.values[$0.name]) }
    }

    /// Every setting under its name (`null` for one that holds nothing).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingKey.self)
        for kind in kinds {
            try kind.encode(stored: values[kind.name], to: &container)
        }
    }

    /// The settings of Wellness's own registry (``RecordRegistry/standard``).
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, registry: .standard)
    }

    /// The settings of `registry`.
    public init(from decoder: any Decoder, registry: RecordRegistry) throws {
        self.init(registry: registry)
        let container = try decoder.container(keyedBy: SettingKey.self)
        for kind in kinds {
            values[kind.name] = try kind.decodeStored(from: container)
        }
    }

    /// Whether `identity` is among what the setting named `target` holds; `nil` when no setting
    /// has that name or holds things records name. A supplement log names a supplement of the
    /// stack (``SupplementStackSetting``).
    public func holds(_ identity: any Hashable & Sendable, in target: String) -> Bool? {
        kinds.first { $0.name == target }?.holds(identity, inStored: values[target])
    }

    /// Whether these are the settings of a store nobody has used: every setting that is a
    /// person's data (``SettingKind/isData``, so not the tier) at its unused value.
    public var isUnused: Bool {
        kinds.allSatisfy { !$0.isData || $0.isUnused(values[$0.name]) }
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
