import Foundation

/// Reads a backup archive fed in chunks: checks its format and version, decodes its settings and
/// every record, and checks that no two records of a collection share an identity and that every
/// record names only records the archive holds. It holds one record at a time (plus the
/// identities it has seen), so an archive of a million weigh-ins reads in flat memory. Which
/// collections there are, and the rules of each, come from a ``RecordRegistry``.
///
/// The format and version come first; the settings and collections after them, in any order.
public struct BackupArchiveReader {
    /// What the archive holds, as it is read.
    public enum Content: Sendable, Equatable {
        case settings(BackupSettings)
        /// A record, with its place in the archive.
        case record(AnyRecord, Place)
    }

    /// Where a record is: its collection, its position (from 1) and the line it starts on.
    public struct Place: Sendable, Hashable {
        public let collection: RecordCollection
        public let index: Int
        public let line: Int
    }

    private let registry: RecordRegistry
    private var scanner = BackupArchiveScanner()
    private var format: String?
    private var version: Int?
    private var settings: BackupSettings?
    private var collectionsSeen: Set<String> = []
    /// The identities of each collection's records, each kind's kept as its own type: a million
    /// weigh-in ids are 16 MB, not the 100 MB of their text.
    private var identities: [RecordCollection: any IdentitySet] = [:]
    /// The records that name another, checked at the end (the named one may come later).
    private var references: [(place: Place, identity: String, reference: RecordReference)] = []
    /// How many records of each collection were read.
    public private(set) var counts: BackupCounts

    private let decoder = JSONDecoder()

    /// A reader of archives of `registry`'s collections and settings.
    public init(registry: RecordRegistry = .standard) {
        self.registry = registry
        self.counts = BackupCounts(registry: registry)
        decoder.dateDecodingStrategy = .timestamp
        decoder.userInfo[RegistrySettings.registryKey] = registry
    }

    /// Reads `chunk`, calling `handle` with the settings and every record it completes.
    public mutating func consume(_ chunk: some Collection<UInt8>, _ handle: (Content) throws -> Void) throws {
        // The scanner is moved out while it calls back into the reader.
        var scanner = BackupArchiveScanner()
        swap(&scanner, &self.scanner)
        defer { swap(&scanner, &self.scanner) }
        try scanner.consume(chunk) { item in try read(item, handle) }
    }

    /// Checks that the archive is whole: it ended where it should, has its version, settings
    /// and every collection of its version (an empty one as `[]`, as the writer writes it: a
    /// collection left out of a hand-edited file would otherwise restore as empty; one that a
    /// later version added reads as empty), and everything a record names is in it.
    public func finish() throws {
        try scanner.finish()
        guard format != nil else { throw BackupError.notAnArchive }
        guard let version else { throw BackupError.missing("version") }
        guard let settings else { throw BackupError.missing("settings") }
        guard !collectionsSeen.isEmpty else { throw BackupError.missing("collections") }
        if let absent = registry.kinds.first(where: {
            $0.archiveVersion <= version && !collectionsSeen.contains($0.collection.rawValue)
        }) {
            throw BackupError.missing("collections.\(absent.collection.rawValue)")
        }
        for (place, identity, reference) in references {
            let found = if let held = settings.holds(reference.identity, in: reference.target) {
                held
            } else {
                identities[RecordCollection(rawValue: reference.target)]?.contains(reference.identity) ?? false
            }
            guard found else {
                throw BackupError.brokenReference(line: place.line, collection: place.collection.rawValue,
                                                  index: place.index, identity: identity, missing: reference.noun)
            }
        }
    }

    // MARK: - Items

    private mutating func read(_ item: BackupArchiveScanner.Item, _ handle: (Content) throws -> Void) throws {
        switch item {
        case .member(let name, let json, let line):
            try readMember(name, json, line: line, handle)
        case .collection(let name, let line):
            try checkHeader(line: line, before: "collections")
            guard registry.kind(of: RecordCollection(rawValue: name)) != nil else {
                throw BackupError.unknownCollection(line: line, name: name)
            }
            guard collectionsSeen.insert(name).inserted else {
                throw BackupError.repeatedCollection(line: line, name: name)
            }
        case .record(let name, let index, let json, let line):
            guard let kind = registry.kind(of: RecordCollection(rawValue: name)) else {
                throw BackupError.unknownCollection(line: line, name: name)
            }
            let collection = kind.collection
            let place = Place(collection: collection, index: index, line: line)
            let record = try decodeRecord(json, of: kind, at: place)
            try check(record, at: place)
            counts[collection] += 1
            try handle(.record(record, place))
        }
    }

    private mutating func readMember(_ name: String, _ json: [UInt8], line: Int,
                                     _ handle: (Content) throws -> Void) throws {
        switch name {
        case "format":
            guard format == nil, (try? decoder.decode(String.self, from: Data(json))) == BackupArchive.format else {
                throw BackupError.notAnArchive
            }
            format = BackupArchive.format
        case "version":
            guard format != nil else { throw BackupError.notAnArchive }
            guard version == nil, let found = try? decoder.decode(Int.self, from: Data(json)), found >= 1 else {
                throw BackupError.invalidValue(line: line, name: "version", reason: String(decoding: json.prefix(40), as: UTF8.self))
            }
            guard found <= registry.archiveVersion else {
                throw BackupError.newerVersion(found: found, supported: registry.archiveVersion)
            }
            version = found
        case "settings":
            try checkHeader(line: line, before: name)
            guard self.settings == nil else { throw BackupError.unexpectedMember(line: line, name: name) }
            let settings: BackupSettings
            do {
                settings = try decoder.decode(RegistrySettings.self, from: Data(json)).settings
            } catch {
                throw BackupError.invalidValue(line: line, name: name, reason: Self.describe(error))
            }
            self.settings = settings
            try handle(.settings(settings))
        default:
            try checkHeader(line: line, before: name)
            throw BackupError.unexpectedMember(line: line, name: name)
        }
    }

    /// The format and version must come before anything else.
    private func checkHeader(line: Int, before name: String) throws {
        guard format != nil else { throw BackupError.notAnArchive }
        guard version != nil else { throw BackupError.missing("version") }
    }

    // MARK: - Records

    private func decodeRecord(_ json: [UInt8], of kind: any RecordKind.Type, at place: Place) throws -> AnyRecord {
        do {
            return try kind.decode(Data(json), with: decoder)
        } catch {
            throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                            reason: Self.describe(error))
        }
    }

    /// The rules of the record's kind, beyond what decoding checks; then its identity, and what
    /// it names (checked at the end).
    private mutating func check(_ record: AnyRecord, at place: Place) throws {
        do {
            try record.kind.validate(value: record.value)
        } catch {
            throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                            reason: error.reason)
        }
        let seen: any IdentitySet
        if let existing = identities[place.collection] {
            seen = existing
        } else {
            seen = record.kind.makeIdentitySet()
            identities[place.collection] = seen
        }
        guard seen.insert(identityOf: record.value) else {
            throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                        identity: record.identity)
        }
        let named = record.kind.references(ofValue: record.value)
        if !named.isEmpty {
            let identity = record.identity
            references += named.map { (place, identity, $0) }
        }
    }

    /// A decoding error in a few words: where in the value, and what.
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return (context.codingPath + [key]).pathDescription + " is missing"
        case DecodingError.valueNotFound(_, let context):
            return context.codingPath.pathDescription + " is null"
        case DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.pathDescription
            return (path.isEmpty ? "" : path + ": ") + context.debugDescription
        default:
            return "\(error)"
        }
    }
}

/// The settings of the registry a decoder's `userInfo` names.
private struct RegistrySettings: Decodable {
    static let registryKey = CodingUserInfoKey(rawValue: "wellness.registry")!

    let settings: BackupSettings

    init(from decoder: any Decoder) throws {
        settings = try BackupSettings(from: decoder, registry: decoder.userInfo[Self.registryKey] as? RecordRegistry ?? .standard)
    }
}

private extension Array where Element == any CodingKey {
    var pathDescription: String {
        map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
}
