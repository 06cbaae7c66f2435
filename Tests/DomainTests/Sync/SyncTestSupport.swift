import Foundation
import WellnessDomain

/// Steele, Lea and Flood's SplitMix64 with a fixed seed, so every random history the sync
/// tests make is the same on every run. (Named apart from the domain's own `SplitMix64`, which
/// other tests of this module use, so that neither shadows the other.)
struct SyncSplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A parsed JSON value, so two JSON texts can be compared as what they say (key order,
/// spacing and escapes aside; a boolean never equal to a number).
enum SyncJSONValue: Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SyncJSONValue])
    case object([String: SyncJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([SyncJSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: SyncJSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    static func parse(_ text: String) throws -> SyncJSONValue {
        try JSONDecoder().decode(SyncJSONValue.self, from: Data(text.utf8))
    }

    /// Its JSON text (sorted keys).
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these values cannot fail (no non-finite numbers are ever made).
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "<unencodable>"
    }

    var description: String { text }

    subscript(field: String) -> SyncJSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[field]
    }
}

/// A device in a sync test: its clock, its wall clock (milliseconds, multiples of 1/8 s so that
/// a `Date` holds them exactly) and its copy of one record.
struct SyncTestDevice {
    var clock: HybridLogicalClock
    var now: Int64
    var record: SyncRecord

    init(_ name: String, now: Int64, collection: RecordCollection = "journals", key: String = "2026-11-28") {
        clock = HybridLogicalClock(device: name)
        self.now = now
        record = SyncRecord(collection: collection, key: key)
    }

    /// Lets `milliseconds` pass (or go back, when negative) on the wall clock and takes in
    /// `payload` with the clock's next stamp; the stamp and whether anything changed.
    @discardableResult
    mutating func take(_ payload: String?, rule: SyncRule, after milliseconds: Int64 = 1_000) throws
        -> (stamp: SyncStamp, changed: Bool) {
        now += milliseconds
        let stamp = clock.tick(now: syncDate(milliseconds: now))
        let changed = try record.take(payload, rule: rule, stamp: stamp)
        return (stamp, changed)
    }

    /// Merges in another device's copy, as a sync would, and takes note of its stamp.
    mutating func receive(_ other: SyncRecord) {
        record = record.merged(with: other)
        clock.witness(other.stamp)
    }

    /// The record's JSON, parsed; `nil` when it is not there.
    func payload(rule: SyncRule) throws -> SyncJSONValue? {
        try record.payload(rule: rule).map(SyncJSONValue.parse)
    }
}

/// A date exactly `milliseconds` after 1970 (for multiples of 1/8 s and far beyond).
func syncDate(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1_000)
}

/// 2025-11-28 03:20 UTC, in milliseconds: where the test devices' clocks start.
let syncEpoch: Int64 = 1_764_300_000_000

/// The shapes of records the property tests generate, each with its merge rule.
enum SyncShape: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A journal-like object; the later change wins whole.
    case wholeRecord
    /// The same object, field by field (its tags one array value).
    case fields
    /// The same object, its tags merged tag by tag.
    case tags
    /// An object with `items` `{"id", "name"}` merged item by item.
    case items

    var rule: SyncRule {
        switch self {
        case .wholeRecord: .wholeRecord
        case .fields: .fields()
        case .tags: .fields(elements: ["tags": .itself])
        case .items: .fields(elements: ["items": .field("id")])
        }
    }

    var description: String { rawValue }

    static let notes = ["", "ok", "tired", "Café ☕️ 🐶", #"a/b "quoted" \ back"#]
    static let tagNames = ["alcohol", "caffeine", "sleep", "sport", "stress"]
    static let itemIDs = ["i1", "i2", "i3", "i4"]
    static let itemNames = ["Magnesium", "Vitamin D", "Zinc"]

    /// A new record of this shape.
    func randomObject(using random: inout SyncSplitMix64) -> [String: SyncJSONValue] {
        var object: [String: SyncJSONValue] = ["mood": .number(Double(Int.random(in: 1...5, using: &random)))]
        if Bool.random(using: &random) { object["notes"] = .string(Self.notes.randomElement(using: &random)!) }
        if Bool.random(using: &random) { object["weight"] = .number([72.5, 0.1, 70, 71.25].randomElement(using: &random)!) }
        if Bool.random(using: &random) { object["done"] = .bool(Bool.random(using: &random)) }
        switch self {
        case .wholeRecord, .fields, .tags:
            object["tags"] = .array(Self.tagNames.filter { _ in Bool.random(using: &random) }.map(SyncJSONValue.string))
        case .items:
            object["items"] = .array(Self.itemIDs.filter { _ in Bool.random(using: &random) }.map {
                Self.item($0, Self.itemNames.randomElement(using: &random)!)
            })
        }
        return object
    }

    static func item(_ id: String, _ name: String) -> SyncJSONValue {
        .object(["id": .string(id), "name": .string(name)])
    }

    /// `object` with one thing changed, as a device's user would change it: one field set or
    /// left out, a tag added or removed, an item added, renamed or removed.
    func randomEdit(of object: [String: SyncJSONValue], using random: inout SyncSplitMix64) -> [String: SyncJSONValue] {
        var object = object
        switch Int.random(in: 0..<7, using: &random) {
        case 0: object["mood"] = .number(Double(Int.random(in: 1...5, using: &random)))
        case 1: object["notes"] = Bool.random(using: &random) ? .string(Self.notes.randomElement(using: &random)!) : nil
        case 2: object["weight"] = .number([72.5, 0.1, 70, 71.25].randomElement(using: &random)!)
        case 3: object["done"] = Bool.random(using: &random) ? .bool(Bool.random(using: &random)) : nil
        default:
            switch self {
            case .wholeRecord, .fields, .tags:
                guard case .array(let tags)? = object["tags"] else { break }
                let tag = SyncJSONValue.string(Self.tagNames.randomElement(using: &random)!)
                let toggled = tags.contains(tag) ? tags.filter { $0 != tag } : tags + [tag]
                object["tags"] = .array(toggled.sorted { $0.text < $1.text })
            case .items:
                guard case .array(let items)? = object["items"] else { break }
                let id = Self.itemIDs.randomElement(using: &random)!
                var byID = Dictionary(uniqueKeysWithValues: items.compactMap { item -> (String, SyncJSONValue)? in
                    guard case .string(let id)? = item["id"] else { return nil }
                    return (id, item)
                })
                byID[id] = byID[id] != nil && Bool.random(using: &random)
                    ? nil : Self.item(id, Self.itemNames.randomElement(using: &random)!)
                object["items"] = .array(byID.keys.sorted().map { byID[$0]! })
            }
        }
        return object
    }
}

/// Random histories of one record on several devices: edits, deletes, re-inserts and syncs
/// between random pairs of devices, with clocks skewed apart and going back now and then.
struct SyncHistory {
    let shape: SyncShape
    private(set) var devices: [SyncTestDevice]
    /// Every copy any device held after each step (the first device's blank copy first).
    private(set) var snapshots: [SyncRecord]

    init(shape: SyncShape, devices count: Int, steps: Int, using random: inout SyncSplitMix64) throws {
        self.shape = shape
        let names = ["a", "b", "c", "d", "e", "f", "g", "h"]
        devices = (0..<count).map { index in
            // Skewed by up to 8 s either way, on eighths of a second.
            SyncTestDevice(names[index], now: syncEpoch + 125 * Int64.random(in: -64...64, using: &random))
        }
        snapshots = [devices[0].record]
        for _ in 0..<steps { try step(using: &random) }
    }

    private mutating func step(using random: inout SyncSplitMix64) throws {
        let index = Int.random(in: 0..<devices.count, using: &random)
        // Mostly forward, sometimes back, by eighths of a second.
        let elapsed = 125 * Int64.random(in: -8...40, using: &random)
        let rule = shape.rule
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 35 {
            let other = Int.random(in: 0..<devices.count, using: &random)
            devices[index].receive(devices[other].record)
        } else if roll < 45 {
            try devices[index].take(nil, rule: rule, after: elapsed)
        } else {
            let payload: [String: SyncJSONValue]
            if case .object(let current)? = try devices[index].payload(rule: rule), roll < 90 {
                payload = shape.randomEdit(of: current, using: &random)
            } else {
                payload = shape.randomObject(using: &random)
            }
            try devices[index].take(SyncJSONValue.object(payload).text, rule: rule, after: elapsed)
        }
        snapshots.append(devices[index].record)
    }

    func randomSnapshot(using random: inout SyncSplitMix64) -> SyncRecord {
        snapshots.randomElement(using: &random)!
    }
}
