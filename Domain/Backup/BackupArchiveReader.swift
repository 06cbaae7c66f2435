import Foundation

/// Reads a backup archive fed in chunks: checks its format and version, decodes its settings and
/// every record, and checks that no two records of a collection share an identity and that every
/// record names only records the archive holds. It holds one record at a time (plus the
/// identities it has seen), so an archive of a million weigh-ins reads in flat memory.
///
/// The format and version come first; the settings and collections after them, in any order.
public struct BackupArchiveReader {
    /// What the archive holds, as it is read.
    public enum Content: Sendable, Equatable {
        case settings(BackupSettings)
        /// A record, with its place in the archive.
        case record(BackupRecord, Place)
    }

    /// Where a record is: its collection, its position (from 1) and the line it starts on.
    public struct Place: Sendable, Hashable {
        public let collection: BackupCollection
        public let index: Int
        public let line: Int
    }

    private var scanner = BackupArchiveScanner()
    private var format: String?
    private var version: Int?
    private var sawSettings = false
    private var collectionsSeen: Set<String> = []
    private var identities: [BackupCollection: Set<String>] = [:]
    /// Weigh-in ids, kept compactly: a million of them are 16 MB, not the 100 MB of their text.
    private var weightIDs: Set<UUID> = []
    /// Supplements and goals the archive holds, and the records that name one, checked at the end.
    private var supplements: Set<Supplement.ID> = []
    private var goals: Set<Goal.ID> = []
    private var references: [(place: Place, identity: String, supplement: Supplement.ID?, goal: Goal.ID?)] = []
    /// How many records of each collection were read.
    public private(set) var counts = BackupCounts()

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .timestamp
        return decoder
    }()

    public init() {}

    /// Reads `chunk`, calling `handle` with the settings and every record it completes.
    public mutating func consume(_ chunk: some Collection<UInt8>, _ handle: (Content) throws -> Void) throws {
        // The scanner is moved out while it calls back into the reader.
        var scanner = BackupArchiveScanner()
        swap(&scanner, &self.scanner)
        defer { swap(&scanner, &self.scanner) }
        try scanner.consume(chunk) { item in try read(item, handle) }
    }

    /// Checks that the archive is whole: it ended where it should, has its version, settings
    /// and every collection (an empty one as `[]`, as the writer writes it: a collection left
    /// out of a hand-edited file would otherwise restore as empty), and every supplement and
    /// goal a record names is in it.
    public func finish() throws {
        try scanner.finish()
        guard format != nil else { throw BackupError.notAnArchive }
        guard version != nil else { throw BackupError.missing("version") }
        guard sawSettings else { throw BackupError.missing("settings") }
        guard !collectionsSeen.isEmpty else { throw BackupError.missing("collections") }
        if let absent = BackupCollection.allCases.first(where: { !collectionsSeen.contains($0.rawValue) }) {
            throw BackupError.missing("collections.\(absent.rawValue)")
        }
        for reference in references {
            if let supplement = reference.supplement, !supplements.contains(supplement) {
                throw broken(reference.place, reference.identity, "supplement \(supplement)")
            }
            if let goal = reference.goal, !goals.contains(goal) {
                throw broken(reference.place, reference.identity, "goal \(goal)")
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
            guard BackupCollection(rawValue: name) != nil else {
                throw BackupError.unknownCollection(line: line, name: name)
            }
            guard collectionsSeen.insert(name).inserted else {
                throw BackupError.repeatedCollection(line: line, name: name)
            }
        case .record(let name, let index, let json, let line):
            guard let collection = BackupCollection(rawValue: name) else {
                throw BackupError.unknownCollection(line: line, name: name)
            }
            let place = Place(collection: collection, index: index, line: line)
            let record = try decodeRecord(json, at: place)
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
            guard found <= BackupArchive.version else {
                throw BackupError.newerVersion(found: found, supported: BackupArchive.version)
            }
            version = found
        case "settings":
            try checkHeader(line: line, before: name)
            guard !sawSettings else { throw BackupError.unexpectedMember(line: line, name: name) }
            let settings: BackupSettings
            do {
                settings = try decoder.decode(BackupSettings.self, from: Data(json))
            } catch {
                throw BackupError.invalidValue(line: line, name: name, reason: Self.describe(error))
            }
            sawSettings = true
            supplements = Set(settings.supplementStack.supplements.map(\.id))
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

    private func decodeRecord(_ json: [UInt8], at place: Place) throws -> BackupRecord {
        let data = Data(json)
        do {
            switch place.collection {
            case .supplementLogs: return .supplementLog(try decoder.decode(SupplementLog.self, from: data))
            case .goals: return .goal(try decoder.decode(Goal.self, from: data))
            case .goalTips: return .goalTips(try decoder.decode(GoalTips.self, from: data))
            case .journals: return .journal(try decoder.decode(DailyJournal.self, from: data))
            case .moods: return .mood(try decoder.decode(MoodEntry.self, from: data))
            case .checkins: return .checkin(try decoder.decode(Checkin.self, from: data))
            case .queuedCheckins: return .queuedCheckin(try decoder.decode(QueuedCheckin.self, from: data))
            case .completions: return .completion(try decoder.decode(InterventionCompletion.self, from: data))
            case .decisions: return .decision(try decoder.decode(InterventionDecision.self, from: data))
            case .nudgeSnoozes: return .nudgeSnooze(try decoder.decode(NudgeSnooze.self, from: data))
            case .weights: return .weight(try decoder.decode(WeightEntry.self, from: data))
            case .health: return .health(try decoder.decode(HealthSample.self, from: data))
            }
        } catch {
            throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                            reason: Self.describe(error))
        }
    }

    /// The rules a store holds its records to, beyond what decoding checks; then the identity
    /// and references.
    private mutating func check(_ record: BackupRecord, at place: Place) throws {
        switch record {
        case .mood(let mood):
            do { try MoodEntry.checkScore(mood.score) } catch {
                throw BackupError.invalidRecord(line: place.line, collection: place.collection.rawValue, index: place.index,
                                                reason: "score \(mood.score) is not one of \(MoodEntry.scores)")
            }
        case .supplementLog(let log):
            references.append((place, record.identity, log.supplementID, nil))
        case .goalTips(let tips):
            references.append((place, record.identity, nil, tips.goalID))
        case .goal(let goal):
            goals.insert(goal.id)
        default:
            break
        }
        let unique = if case .weight(let entry) = record {
            weightIDs.insert(entry.id.rawValue).inserted
        } else {
            identities[place.collection, default: []].insert(record.identity).inserted
        }
        guard unique else {
            throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                        identity: record.identity)
        }
    }

    private func broken(_ place: Place, _ identity: String, _ missing: String) -> BackupError {
        .brokenReference(line: place.line, collection: place.collection.rawValue, index: place.index,
                         identity: identity, missing: missing)
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

private extension Array where Element == any CodingKey {
    var pathDescription: String {
        map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
}
