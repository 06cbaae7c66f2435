/// What is wrong with a backup archive, and where: the line of the file, and for a record its
/// collection, its position in it (counted from 1) and what identifies it. Nothing of an archive
/// that has one is restored.
public enum BackupError: WellnessError, Hashable {
    /// The file does not start as a backup: no `"format": "wellness-backup"` first.
    case notAnArchive
    /// An archive of a newer version than this build reads (found, newest read).
    case newerVersion(found: Int, supported: Int)
    /// A top-level value (named) is missing.
    case missing(String)
    /// The JSON is not well formed at the line (what was found, in a few characters).
    case malformed(line: Int, found: String)
    /// The file ends before the archive does: it was cut short.
    case truncated(line: Int)
    /// One value (a record, the settings) is longer than the reader takes (its limit in MB).
    case tooLarge(line: Int, megabytes: Int)
    /// A number (or `true`, `false`, `null`) longer than any the archive's values need (its limit
    /// in characters): read no further, so that a crafted one cannot take the memory.
    case scalarTooLong(line: Int, characters: Int)
    /// Arrays and objects nested deeper than any record's (the limit).
    case nestedTooDeep(line: Int, limit: Int)
    /// A top-level value this version does not know (its name).
    case unexpectedMember(line: Int, name: String)
    /// A collection this version does not know, or one given twice (its name).
    case unknownCollection(line: Int, name: String)
    case repeatedCollection(line: Int, name: String)
    /// A top-level value (named) that does not decode (why; worded for people as `cause` when a
    /// rule of Wellness's own refused it).
    case invalidValue(line: Int, name: String, reason: String, cause: LocalizedText? = nil)
    /// A record that does not decode or breaks a rule (collection, position, why; worded for
    /// people as `cause` when a rule of Wellness's own refused it).
    case invalidRecord(line: Int, collection: String, index: Int, reason: String, cause: LocalizedText? = nil)
    /// Two records of a collection with the same identity (the second one's place).
    case duplicate(line: Int, collection: String, index: Int, identity: String)
    /// A record naming a record that is not in the archive (its place, what it names).
    case brokenReference(line: Int, collection: String, index: Int, identity: String, missing: String)

    public enum Code: String, CaseIterable, Sendable {
        case notAnArchive, newerVersion, missing, malformed, truncated, tooLarge, scalarTooLong, nestedTooDeep
        case unexpectedMember
        case unknownCollection, repeatedCollection, invalidValue, invalidRecord, duplicate, brokenReference
    }

    public static let family = "backup"

    public var code: Code {
        switch self {
        case .notAnArchive: .notAnArchive
        case .newerVersion: .newerVersion
        case .missing: .missing
        case .malformed: .malformed
        case .truncated: .truncated
        case .tooLarge: .tooLarge
        case .scalarTooLong: .scalarTooLong
        case .nestedTooDeep: .nestedTooDeep
        case .unexpectedMember: .unexpectedMember
        case .unknownCollection: .unknownCollection
        case .repeatedCollection: .repeatedCollection
        case .invalidValue: .invalidValue
        case .invalidRecord: .invalidRecord
        case .duplicate: .duplicate
        case .brokenReference: .brokenReference
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notAnArchive: []
        case .newerVersion(let found, let supported): [.number(found), .number(supported)]
        case .missing(let name): [.verbatim(name)]
        case .malformed(let line, let found): [.number(line), .verbatim(found)]
        case .truncated(let line): [.number(line)]
        case .tooLarge(let line, let megabytes): [.number(line), .number(megabytes)]
        case .scalarTooLong(let line, let characters): [.number(line), .number(characters)]
        case .nestedTooDeep(let line, let limit): [.number(line), .number(limit)]
        case .unexpectedMember(let line, let name), .unknownCollection(let line, let name),
             .repeatedCollection(let line, let name):
            [.number(line), .verbatim(name)]
        case .invalidValue(let line, let name, let reason, let cause):
            [.number(line), .verbatim(name), cause.map { .text($0) } ?? .verbatim(reason)]
        case .invalidRecord(let line, let collection, let index, let reason, let cause):
            [.number(line), .verbatim(collection), .number(index), cause.map { .text($0) } ?? .verbatim(reason)]
        case .duplicate(let line, let collection, let index, let identity):
            [.number(line), .verbatim(collection), .number(index), .verbatim(identity)]
        case .brokenReference(let line, let collection, let index, let identity, let missing):
            [.number(line), .verbatim(collection), .number(index), .verbatim(identity), .verbatim(missing)]
        }
    }
}
