import Foundation

/// A record of any kind, with its kind: what an archive holds, record by record.
public struct AnyRecord: Sendable, Equatable, CustomStringConvertible {
    /// The record's kind.
    public let kind: any RecordKind.Type
    /// The record, a value of `kind`'s ``RecordKind/Record``.
    public let value: any Sendable

    /// `record` of `kind`.
    public init<Kind: RecordKind>(_ kind: Kind.Type, _ record: Kind.Record) {
        self.kind = kind
        self.value = record
    }

    /// The record's collection.
    public var collection: RecordCollection { kind.collection }

    /// The record if it is of `kind`.
    public func value<Kind: RecordKind>(as kind: Kind.Type) -> Kind.Record? {
        self.kind == kind ? value as? Kind.Record : nil
    }

    /// What identifies the record in its collection, as messages name it.
    public var identity: String { kind.describeIdentity(of: value) }

    public static func == (lhs: AnyRecord, rhs: AnyRecord) -> Bool {
        lhs.collection == rhs.collection && lhs.kind.equal(lhs.value, rhs.value)
    }

    public var description: String { "\(collection) \(identity)" }
}

extension RecordKind {
    /// `value` as this kind's record; a programming error when it is another type.
    static func cast(_ value: any Sendable) -> Record {
        guard let record = value as? Record else {
            preconditionFailure("a \(collection) record holds a \(Record.self), not a \(type(of: value))")
        }
        return record
    }

    static func equal(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
        (lhs as? Record) == (rhs as? Record)
    }

    static func describeIdentity(of value: any Sendable) -> String {
        describe(identity(of: cast(value)))
    }

    static func encode(_ value: any Sendable, with encoder: JSONEncoder) throws -> Data {
        try encoder.encode(cast(value))
    }

    static func decode(_ data: Data, with decoder: JSONDecoder) throws -> AnyRecord {
        AnyRecord(Self.self, try decoder.decode(Record.self, from: data))
    }

    static func validate(value: any Sendable) throws(RecordRejection) {
        try validate(cast(value))
    }

    static func references(ofValue value: any Sendable) -> [RecordReference] {
        references(of: cast(value))
    }

    static func precedes(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
        precedes(cast(lhs), cast(rhs))
    }

    /// A set of this kind's identities, to tell a repeated record.
    static func makeIdentitySet() -> any IdentitySet { TypedIdentitySet<Self>() }
}

/// The identities of one kind's records seen so far.
protocol IdentitySet: AnyObject {
    /// Adds the identity of `value` (a record of the set's kind); `false` when it was there.
    func insert(identityOf value: any Sendable) -> Bool
    /// Whether `identity` (an identity of the set's kind) is there.
    func contains(_ identity: any Hashable & Sendable) -> Bool
}

private final class TypedIdentitySet<Kind: RecordKind>: IdentitySet {
    private var identities: Set<Kind.Identity> = []

    func insert(identityOf value: any Sendable) -> Bool {
        identities.insert(Kind.identity(of: Kind.cast(value))).inserted
    }

    func contains(_ identity: any Hashable & Sendable) -> Bool {
        (identity as? Kind.Identity).map(identities.contains) ?? false
    }
}
