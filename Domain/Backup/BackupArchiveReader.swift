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
    /// What is kept of each collection read: its records' identities, each kind's as its own
    /// type (a million weigh-in ids are 16 MB, not the 100 MB of their text), and its count.
    private var collections: [RecordCollection: any CollectionReading] = [:]
    /// The collection the last record was of, which the next one most likely is of too.
    private var last: (name: String, reading: any CollectionReading)?
    /// The records that name another, checked at the end (the named one may come later).
    private var references: [(place: Place, identity: String, reference: RecordReference)] = []

    /// How many records of each collection were read.
    public var counts: BackupCounts {
        var counts = BackupCounts(registry: registry)
        for (collection, reading) in collections { counts[collection] = reading.count }
        return counts
    }

    private let decoder = JSONDecoder()

    /// A reader of archives of `registry`'s collections and settings.
    public init(registry: RecordRegistry = .standard) {
        self.registry = registry
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
                collections[RecordCollection(rawValue: reference.target)]?.contains(reference.identity) ?? false
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
            let reading = try reading(of: name, line: line)
            let place = Place(collection: RecordCollection(rawValue: name), index: index, line: line)
            let record = try reading.read(json, at: place, decoder: decoder, references: &references)
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
                throw BackupError.invalidValue(line: line, name: name, reason: Self.describe(error), cause: LocalizedText.rule(refusing: error))
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

    /// What is kept of the collection named `name`, which the registry must know.
    private mutating func reading(of name: String, line: Int) throws -> any CollectionReading {
        if let last, last.name == name { return last.reading }
        let collection = RecordCollection(rawValue: name)
        let reading: any CollectionReading
        if let existing = collections[collection] {
            reading = existing
        } else {
            guard let kind = registry.kind(of: collection) else { throw BackupError.unknownCollection(line: line, name: name) }
            reading = kind.makeReading()
            collections[collection] = reading
        }
        last = (name, reading)
        return reading
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

/// What a reader keeps of one collection, and how it reads one of its records.
protocol CollectionReading: AnyObject {
    /// How many records were read.
    var count: Int { get }
    /// Decodes the record `json` holds and checks it: its kind's rules, an identity no record
    /// before it had; what it names is added to `references`, to be checked at the end.
    func read(_ json: [UInt8], at place: BackupArchiveReader.Place, decoder: JSONDecoder,
              references: inout [(place: BackupArchiveReader.Place, identity: String, reference: RecordReference)]) throws
        -> AnyRecord
    /// Whether a record whose identity is `identity` was read.
    func contains(_ identity: any Hashable & Sendable) -> Bool
}

extension RecordKind {
    static func makeReading() -> any CollectionReading { KindReading<Self>() }
}

/// The records of one kind read so far, kept as that kind's identities.
private final class KindReading<Kind: RecordKind>: CollectionReading {
    private var identities: Set<Kind.Identity> = []
    private(set) var count = 0

    func read(_ json: [UInt8], at place: BackupArchiveReader.Place, decoder: JSONDecoder,
              references: inout [(place: BackupArchiveReader.Place, identity: String, reference: RecordReference)]) throws
        -> AnyRecord {
        let record: Kind.Record
        do {
            record = try decoder.decode(Kind.Record.self, from: Data(json))
        } catch {
            throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                            reason: BackupArchiveReader.describe(error), cause: LocalizedText.rule(refusing: error))
        }
        do {
            try Kind.validate(record)
        } catch {
            throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                            reason: error.reason, cause: error.cause)
        }
        let identity = Kind.identity(of: record)
        guard identities.insert(identity).inserted else {
            throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                        identity: Kind.describe(identity))
        }
        let named = Kind.references(of: record)
        if !named.isEmpty {
            let described = Kind.describe(identity)
            references += named.map { (place, described, $0) }
        }
        count += 1
        return AnyRecord(Kind.self, record)
    }

    func contains(_ identity: any Hashable & Sendable) -> Bool {
        (identity as? Kind.Identity).map(identities.contains) ?? false
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
