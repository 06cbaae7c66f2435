import Foundation
import WellnessDomain

/// A ``SyncRecord`` as a database's sync log keeps it in a row: the columns the SQLite and
/// PostgreSQL logs share, written and checked one way.
///
/// The values are text. A record kept whole (one value named `""`, as most kinds and every
/// health sample are) is `=STAMP JSON`: its stamp, a space and its JSON text, which needs no
/// JSON coder to write or read (a stamp holds no space). Any other values are a JSON object of
/// stamped values (`{"name": {"stamp": …, "json": …}}`).
public struct SyncLogRow: Sendable, Equatable {
    public let collection: String
    public let key: String
    /// The record's life, which must fit a stored 64-bit integer.
    public let life: Int64
    public let lifeStamp: String
    public let values: String

    /// The row of `record`; throws ``SyncRecordError/malformed(_:_:)`` for a life past a stored
    /// integer's.
    public init(_ record: SyncRecord) throws(SyncRecordError) {
        guard let life = Int64(exactly: record.life) else { throw .malformed(record.collection, record.key) }
        collection = record.collection.rawValue
        key = record.key
        self.life = life
        lifeStamp = record.lifeStamp.description
        values = try Self.text(of: record)
    }

    /// A row's columns as read.
    public init(collection: String, key: String, life: Int64, lifeStamp: String, values: String) {
        self.collection = collection
        self.key = key
        self.life = life
        self.lifeStamp = lifeStamp
        self.values = values
    }

    /// What is wrong with a row: the column and why.
    public struct Corrupt: Error, Sendable, Equatable {
        public let column: String
        public let reason: String
    }

    /// The record the row holds: a life of 0 or more, a valid stamp, and values (none for a
    /// deleted record) that each have a valid stamp; else what is wrong.
    public func record() throws(Corrupt) -> SyncRecord {
        guard life >= 0 else { throw Corrupt(column: "life", reason: "\(life) is negative") }
        guard let stamp = SyncStamp(lifeStamp) else {
            throw Corrupt(column: "lifeStamp", reason: "\(Self.describe(lifeStamp)) is not a sync stamp")
        }
        let values = try Self.values(of: self.values)
        guard life % 2 == 1 || values.isEmpty else {
            throw Corrupt(column: "values", reason: "a deleted record (life \(life)) holds values")
        }
        return SyncRecord(collection: RecordCollection(rawValue: collection), key: key, life: UInt64(life),
                          lifeStamp: stamp, values: values)
    }

    // MARK: - Values as text

    private static func text(of record: SyncRecord) throws(SyncRecordError) -> String {
        if record.values.count == 1, let whole = record.values[""], let json = whole.json {
            return "=\(whole.stamp) \(json)"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(record.values), as: UTF8.self)
        } catch {
            throw .malformed(record.collection, record.key)
        }
    }

    private static func values(of text: String) throws(Corrupt) -> [String: SyncRecord.Value] {
        if text.utf8.first == UInt8(ascii: "=") {
            let body = text.utf8.dropFirst()
            guard let space = body.firstIndex(of: UInt8(ascii: " ")),
                  let stamp = SyncStamp(String(decoding: body[..<space], as: UTF8.self)) else {
                throw Corrupt(column: "values", reason: "\(describe(text)) is not a stamp and a record's JSON text")
            }
            return ["": SyncRecord.Value(stamp: stamp, json: String(decoding: body[body.index(after: space)...], as: UTF8.self))]
        }
        do {
            return try JSONDecoder().decode([String: SyncRecord.Value].self, from: Data(text.utf8))
        } catch {
            throw Corrupt(column: "values", reason: "\(describe(text)) is not a JSON object of stamped values")
        }
    }

    /// A stored text as an error shows it: quoted, cut after 60 characters.
    private static func describe(_ text: String) -> String {
        text.count > 60 ? "\"\(text.prefix(60))…\"" : "\"\(text)\""
    }
}
