import Foundation

/// One record as every device converges on it: whether it is there, and its values with the
/// stamp of the change that set each.
///
/// A record's life is a causal length (as cr-sqlite keeps one): odd while the record is there,
/// even once deleted, and raised by one by each delete and each re-insert. Of two copies with
/// different lives, the longer wins whole: a delete made after seeing an edit beats it, and a
/// record re-created after seeing its delete comes back. With equal lives, each value (a field,
/// an array's element, or the whole record, as the kind's ``SyncRule`` says) keeps the later of
/// its two changes. That is a join of a semilattice, so ``merged(with:)`` is commutative,
/// associative and idempotent.
public struct SyncRecord: Sendable, Equatable, Codable {
    /// The record's collection (a kind's, or a setting's name).
    public let collection: RecordCollection
    /// The record's identity as its kind describes it (``RecordKind/describe(_:)``).
    public let key: String
    /// Odd while the record is there, even once deleted; 0 for none.
    public private(set) var life: UInt64
    /// The stamp of the latest change of ``life`` (the delete of a tombstone).
    public private(set) var lifeStamp: SyncStamp
    /// The values, by name: `""` for a whole record, a field's name, or `field[KEY]` for an
    /// array's element. A value that is `nil` was removed (an element, an optional field).
    public private(set) var values: [String: Value]

    /// One value and the change that set it.
    public struct Value: Sendable, Equatable, Codable {
        /// The change that set it.
        public let stamp: SyncStamp
        /// Its JSON text; `nil` when it was removed.
        public let json: String?

        public init(stamp: SyncStamp, json: String?) {
            self.stamp = stamp
            self.json = json
        }

        /// The later of two; of two with one stamp (which one device never gives twice), the
        /// greater text, a removal (`nil`) below any text, so that the choice is the same
        /// everywhere, whichever comes first.
        static func later(_ lhs: Value, _ rhs: Value) -> Value {
            if lhs.stamp != rhs.stamp { return lhs.stamp > rhs.stamp ? lhs : rhs }
            switch (lhs.json, rhs.json) {
            case let (left?, right?): return left >= right ? lhs : rhs
            case (nil, _): return rhs
            case (_, nil): return lhs
            }
        }
    }

    /// A record as it is stored and sent.
    public init(collection: RecordCollection, key: String, life: UInt64, lifeStamp: SyncStamp, values: [String: Value]) {
        self.collection = collection
        self.key = key
        self.life = life
        self.lifeStamp = lifeStamp
        self.values = life % 2 == 1 ? values : [:]
    }

    /// A record no device has written (life 0).
    public init(collection: RecordCollection, key: String) {
        self.init(collection: collection, key: key, life: 0, lifeStamp: SyncStamp(time: 0, counter: 0, device: "0"), values: [:])
    }

    /// Whether the record is there.
    public var isPresent: Bool { life % 2 == 1 }

    /// The latest change of the record: its values' or its life's.
    public var stamp: SyncStamp { values.values.map(\.stamp).max().map { max($0, lifeStamp) } ?? lifeStamp }

    // MARK: - Merging

    /// The record both copies merge into (they are of one collection and key).
    public func merged(with other: SyncRecord) -> SyncRecord {
        precondition(collection == other.collection && key == other.key, "merging two different records")
        if life != other.life { return life > other.life ? self : other }
        var values = self.values
        for (name, value) in other.values {
            values[name] = values[name].map { Value.later($0, value) } ?? value
        }
        return SyncRecord(collection: collection, key: key, life: life, lifeStamp: max(lifeStamp, other.lifeStamp),
                          values: values)
    }

    // MARK: - Local changes

    /// Takes in the record as this device now holds it (`payload`, its JSON text; `nil` when the
    /// device no longer has it), stamping what changed with `stamp`. Returns whether anything did.
    public mutating func take(_ payload: String?, rule: SyncRule, stamp: SyncStamp) throws -> Bool {
        guard let payload else {
            guard isPresent else { return false }
            life += 1
            lifeStamp = stamp
            values = [:]
            return true
        }
        let current = try SyncRecord.values(of: payload, rule: rule)
        if !isPresent {
            life += 1
            lifeStamp = stamp
            values = Dictionary(uniqueKeysWithValues: current.map { ($0.key, Value(stamp: rule.stamp(of: $0.key, stamp), json: $0.value)) })
            return true
        }
        var changed = false
        for (name, json) in current where values[name]?.json != json {
            values[name] = Value(stamp: rule.stamp(of: name, stamp), json: json)
            changed = true
        }
        for (name, value) in values where value.json != nil && current[name] == nil {
            values[name] = Value(stamp: rule.stamp(of: name, stamp), json: nil)
            changed = true
        }
        return changed
    }

    /// The record's JSON text, assembled from its values as `rule` splits them; `nil` when the
    /// record is not there.
    public func payload(rule: SyncRule) throws -> String? {
        guard isPresent else { return nil }
        if let whole = values[""]?.json { return whole }
        guard case .fields(let elements, _) = rule else { throw SyncRecordError.malformed(collection, key) }
        var object: [String: Any] = [:]
        var arrays: [String: [(key: String, element: Any)]] = [:]
        for (name, value) in values where !name.isEmpty {
            guard let json = value.json else { continue }
            let parsed = try SyncJSON.parse(json, in: self)
            if let open = name.firstIndex(of: "["), name.hasSuffix("]"), elements[String(name[..<open])] != nil {
                let field = String(name[..<open])
                let elementKey = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
                arrays[field, default: []].append((elementKey, parsed))
            } else {
                object[name] = parsed
            }
        }
        // An array field is there (`[]` when empty) while its own value says so.
        for (field, entries) in arrays where object[field] != nil {
            object[field] = entries.sorted { $0.key < $1.key }.map(\.element)
        }
        return try SyncJSON.text(object, in: self)
    }

    /// The values a record's JSON text splits into by `rule`.
    static func values(of payload: String, rule: SyncRule) throws -> [String: String] {
        guard case .fields(let elements, _) = rule,
              let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else {
            return ["": payload]
        }
        var values: [String: String] = [:]
        for (field, value) in object {
            if let element = elements[field], let array = value as? [Any] {
                // The array is there, even with no elements; each element is a value of its own.
                values[field] = "[]"
                for item in array {
                    let itemKey: Any
                    switch element {
                    case .itself: itemKey = item
                    case .field(let name): itemKey = (item as? [String: Any])?[name] ?? item
                    }
                    values["\(field)[\(try SyncJSON.text(itemKey))]"] = try SyncJSON.text(item)
                }
            } else {
                values[field] = try SyncJSON.text(value)
            }
        }
        return values
    }
}

/// A sync record that cannot be read.
public enum SyncRecordError: WellnessError, Equatable {
    /// The record's values do not make up a record of its kind (collection, key).
    case malformed(RecordCollection, String)

    public enum Code: String, CaseIterable, Sendable { case malformed }

    public static let family = "syncRecord"

    public var code: Code { .malformed }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .malformed(collection, key): [.verbatim(collection.rawValue), .verbatim(key)]
        }
    }
}

/// JSON text of parts of a record, written one way everywhere (sorted keys, no escaped slashes).
enum SyncJSON {
    static func text(_ value: Any, in record: SyncRecord? = nil) throws -> String {
        do {
            let data = try JSONSerialization.data(withJSONObject: value,
                                                  options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw SyncRecordError.malformed(record?.collection ?? "", record?.key ?? "")
        }
    }

    static func parse(_ text: String, in record: SyncRecord) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw SyncRecordError.malformed(record.collection, record.key)
        }
    }
}
