import Foundation

/// A kind of record a store keeps, declared once: its collection's name, its record type, what
/// identifies a record, the rules a record from outside must pass, the order records are written
/// in, and what it means for two copies of one record to differ.
///
/// Backup and restore, `migrate`, the JSON-file store's files and the contract suites read the
/// kinds of a ``RecordRegistry`` rather than a list of their own. A kind is a type with no
/// values (an `enum` without cases):
///
/// ```swift
/// public enum MoodRecords: RecordKind {
///     public static let collection: RecordCollection = "moods"
///     public static func identity(of entry: MoodEntry) -> LocalDay { entry.day }
///     public static func precedes(_ lhs: MoodEntry, _ rhs: MoodEntry) -> Bool { lhs.day < rhs.day }
/// }
/// ```
public protocol RecordKind: Sendable {
    /// What a record of this kind is.
    associatedtype Record: Codable & Sendable & Equatable
    /// What tells two records of the kind apart: no two records of one store share it.
    associatedtype Identity: Hashable & Sendable

    /// The collection's name: the key of a backup archive's collection, the API's name for it
    /// and the JSON-file store's file. Never changed once records were written under it.
    static var collection: RecordCollection { get }

    /// The archive version that first holds this collection (1 unless it came later). An archive
    /// of an older version reads it as empty; one of this version or newer must hold it.
    static var archiveVersion: Int { get }

    /// The record's identity.
    static func identity(of record: Record) -> Identity

    /// An identity as messages name it: an id, a day, or a day and what it is of.
    static func describe(_ identity: Identity) -> String

    /// The rules a record that comes from outside (a restored archive, an import, another device)
    /// must pass beyond decoding; decoding already checks what each type checks itself.
    static func validate(_ record: Record) throws(RecordRejection)

    /// Whether `lhs` comes before `rhs` in an archive (and so in every listing of the collection
    /// as a whole). Records of the same identity never meet.
    static func precedes(_ lhs: Record, _ rhs: Record) -> Bool

    /// Whether two copies of one record (the same identity) hold different data. By default any
    /// difference counts.
    static func differ(_ lhs: Record, _ rhs: Record) -> Bool

    /// What the record names in the same store (a goal, a supplement), each of which must be there.
    static func references(of record: Record) -> [RecordReference]

    /// How the kind travels between devices and how two devices' changes to one record merge
    /// (``SyncRule``). By default the later change wins the whole record.
    static var syncRule: SyncRule { get }
}

extension RecordKind {
    public static var archiveVersion: Int { 1 }
    public static func describe(_ identity: Identity) -> String { "\(identity)" }
    public static func validate(_ record: Record) throws(RecordRejection) {}
    public static func differ(_ lhs: Record, _ rhs: Record) -> Bool { lhs != rhs }
    public static func references(of record: Record) -> [RecordReference] { [] }
    public static var syncRule: SyncRule { .wholeRecord }

    /// `record` as a record of some kind.
    public static func record(_ record: Record) -> AnyRecord { AnyRecord(Self.self, record) }
}

/// The name of a collection of records (see ``RecordKind/collection``).
public struct RecordCollection: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// Why a record is refused, in a few words (it goes into a message that says where the record is).
public struct RecordRejection: WellnessError, Equatable, CustomStringConvertible {
    /// Why, for logs and developers.
    public let reason: String
    /// Why, worded for people, when a rule of the record's own type refused it; else `nil`, and
    /// ``reason`` is shown as it is.
    public let cause: LocalizedText?

    /// A rejection for `reason`, shown as written.
    public init(_ reason: String) {
        self.reason = reason
        cause = nil
    }

    /// A rejection by a rule of the record's own type: `error`'s message, worded for people.
    public init(_ error: some WellnessError) {
        reason = error.summary
        cause = error.message
    }

    /// Runs `rules` (a record type's validating initialiser: the one check the CLI, imports and
    /// the API run too), whatever they throw becoming a rejection.
    public static func checking(_ rules: () throws -> Void) throws(RecordRejection) {
        do {
            try rules()
        } catch let error as any WellnessError {
            throw RecordRejection(error)
        } catch {
            throw RecordRejection("\(error)")
        }
    }

    public enum Code: String, CaseIterable, Sendable { case rejected }

    public static let family = "record"

    public var code: Code { .rejected }

    public var details: [LocalizedText.Argument] { [cause.map { .text($0) } ?? .verbatim(reason)] }

    public var description: String { reason }
}

/// A record that another one names: a goal by its id, a supplement of the stack by its id.
public struct RecordReference: Sendable {
    /// What is named: a collection, or a setting that holds such things (the supplement stack).
    public let target: String
    /// The named record's identity: a value of the target kind's `Identity`.
    public let identity: any Hashable & Sendable
    /// How a message names it ("goal 0190…").
    public let noun: String

    /// A reference to the record of `kind` whose identity is `identity`.
    public init<Kind: RecordKind>(to kind: Kind.Type, _ identity: Kind.Identity, noun: String) {
        self.init(target: kind.collection.rawValue, identity: identity, noun: noun)
    }

    /// A reference to something `target` (a setting's name) holds.
    public init(target: String, identity: any Hashable & Sendable, noun: String) {
        self.target = target
        self.identity = identity
        self.noun = noun
    }
}
