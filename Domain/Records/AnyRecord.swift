import Foundation

/// A record of any kind, with its kind: what an archive holds, record by record.
public struct AnyRecord: Sendable, Equatable, CustomStringConvertible {
    /// The record's kind.
    public let kind: any RecordKind.Type
    /// The record, a value of `kind`'s `Record`.
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
}
