import Foundation
import Testing
import WellnessDomain

/// What two devices' changes to one record merge into: edits to different values are both
/// kept, and a record's life (delete, re-insert) decides before any value's stamp does.
@Suite("Sync merge scenarios")
struct SyncMergeScenarioTests {
    /// Device A's and B's copies of `base`, taken on A and synced to B. B's clock is `skew`
    /// milliseconds off A's.
    static func twoDevices(base: String, rule: SyncRule, skew: Int64) throws -> (SyncTestDevice, SyncTestDevice) {
        var a = SyncTestDevice("a", now: syncEpoch)
        var b = SyncTestDevice("b", now: syncEpoch + skew)
        #expect(try a.take(base, rule: rule).changed)
        b.receive(a.record)
        #expect(b.record == a.record)
        return (a, b)
    }

    static func both(_ a: SyncTestDevice, _ b: SyncTestDevice) -> SyncRecord {
        let merged = a.record.merged(with: b.record)
        #expect(merged == b.record.merged(with: a.record))
        return merged
    }

    static func json(_ text: String) throws -> SyncJSONValue { try SyncJSONValue.parse(text) }

    // MARK: - No edit to another value is lost

    @Test("a settled field: true on either device is true on both, even against a later false", arguments: [-60_000, 0, 60_000] as [Int64])
    func settledField(skew: Int64) throws {
        let rule = SyncRule.fields(elements: ["items": .field("id")], settled: ["isSeeded"])
        var (a, b) = try Self.twoDevices(base: #"{"isSeeded":false,"items":[]}"#, rule: rule, skew: skew)
        #expect(try a.take(#"{"isSeeded":true,"items":[]}"#, rule: rule, after: 1_000).changed)
        // B changes the stack later, its flag still false.
        #expect(try b.take(#"{"isSeeded":false,"items":[{"id":"x"}]}"#, rule: rule, after: 90_000).changed)
        let merged = Self.both(a, b)
        #expect(try merged.payload(rule: rule).map(Self.json) == Self.json(#"{"isSeeded":true,"items":[{"id":"x"}]}"#))
        #expect(merged.values["isSeeded"]?.stamp == .settled)
    }

    @Test("field by field: A's change of x and B's change of y are both kept", arguments: [-60_000, 0, 60_000] as [Int64])
    func differentFields(skew: Int64) throws {
        let rule = SyncRule.fields()
        var (a, b) = try Self.twoDevices(base: #"{"notes":"base","x":1,"y":"one","z":true}"#, rule: rule, skew: skew)
        let base = a.record.stamp
        let editA = try a.take(#"{"notes":"base","x":2,"y":"one","z":true}"#, rule: rule, after: 5_000)
        let editB = try b.take(#"{"notes":"base","x":1,"y":"two","z":true}"#, rule: rule, after: 3_000)
        #expect(editA.changed && editB.changed)
        #expect(editA.stamp > base && editB.stamp > base)
        let merged = Self.both(a, b)
        #expect(try merged.payload(rule: rule).map(Self.json) == Self.json(#"{"notes":"base","x":2,"y":"two","z":true}"#))
        #expect(merged.stamp == max(editA.stamp, editB.stamp))
    }

    @Test("field by field: A removing an optional field and B changing another are both kept")
    func removedField() throws {
        let rule = SyncRule.fields()
        var (a, b) = try Self.twoDevices(base: #"{"notes":"base","x":1}"#, rule: rule, skew: 0)
        try a.take(#"{"x":1}"#, rule: rule)
        try b.take(#"{"notes":"base","x":3}"#, rule: rule)
        #expect(try Self.both(a, b).payload(rule: rule).map(Self.json) == Self.json(#"{"x":3}"#))
    }

    @Test("field by field: of two changes to one field the later stamp wins, whatever the wall clocks say")
    func sameField() throws {
        let rule = SyncRule.fields()
        // B's clock is a minute behind, but B changes x after seeing A's change: B's is later.
        var (a, b) = try Self.twoDevices(base: #"{"x":1}"#, rule: rule, skew: -60_000)
        let first = try a.take(#"{"x":2}"#, rule: rule)
        b.receive(a.record)
        let second = try b.take(#"{"x":3}"#, rule: rule)
        #expect(second.stamp > first.stamp)
        #expect(try Self.both(a, b).payload(rule: rule).map(Self.json) == Self.json(#"{"x":3}"#))
    }

    @Test("tags one by one: A's added tag, B's added tag and B's removed tag are all kept",
          arguments: [-60_000, 0, 60_000] as [Int64])
    func tags(skew: Int64) throws {
        let rule = SyncRule.fields(elements: ["tags": .itself])
        var (a, b) = try Self.twoDevices(base: #"{"notes":"n","tags":["sleep","stress"]}"#, rule: rule, skew: skew)
        #expect(try a.take(#"{"notes":"n","tags":["alcohol","sleep","stress"]}"#, rule: rule).changed)
        #expect(try b.take(#"{"notes":"n","tags":["caffeine","sleep"]}"#, rule: rule).changed)
        let merged = try #require(try Self.both(a, b).payload(rule: rule).map(Self.json))
        #expect(try merged == Self.json(#"{"notes":"n","tags":["alcohol","caffeine","sleep"]}"#))
        guard case .array(let tags)? = merged["tags"] else {
            Issue.record("no tags in \(merged)")
            return
        }
        // Base + both adds − the removal, as a set too.
        #expect(Set(tags) == Set(["sleep", "stress", "alcohol", "caffeine"].filter { $0 != "stress" }.map(SyncJSONValue.string)))
    }

    @Test("a plain array field (no element rule) is one value: the later change wins it whole")
    func plainArray() throws {
        let rule = SyncRule.fields()
        var (a, b) = try Self.twoDevices(base: #"{"tags":["sleep"]}"#, rule: rule, skew: 0)
        try a.take(#"{"tags":["alcohol","sleep"]}"#, rule: rule, after: 1_000)
        try b.take(#"{"tags":["caffeine","sleep"]}"#, rule: rule, after: 2_000)
        #expect(try Self.both(a, b).payload(rule: rule).map(Self.json) == Self.json(#"{"tags":["caffeine","sleep"]}"#))
    }

    @Test("items by id: A's rename, B's added item and B's removed item are all kept")
    func items() throws {
        let rule = SyncRule.fields(elements: ["items": .field("id")])
        var (a, b) = try Self.twoDevices(
            base: #"{"isSeeded":true,"items":[{"id":"i1","name":"Zinc"},{"id":"i2","name":"Iron"}]}"#, rule: rule, skew: 0)
        try a.take(#"{"isSeeded":true,"items":[{"id":"i1","name":"Zinc 25 mg"},{"id":"i2","name":"Iron"}]}"#, rule: rule)
        try b.take(#"{"isSeeded":true,"items":[{"id":"i1","name":"Zinc"},{"id":"i3","name":"Vitamin D"}]}"#, rule: rule)
        #expect(try Self.both(a, b).payload(rule: rule).map(Self.json) == Self.json(
            #"{"isSeeded":true,"items":[{"id":"i1","name":"Zinc 25 mg"},{"id":"i3","name":"Vitamin D"}]}"#))
    }

    @Test("whole record: the later stamp wins the whole record", arguments: [-60_000, 0, 60_000] as [Int64])
    func wholeRecord(skew: Int64) throws {
        let rule = SyncRule.wholeRecord
        var (a, b) = try Self.twoDevices(base: #"{"x":1,"y":"one"}"#, rule: rule, skew: skew)
        let textA = #"{"x":2,"y":"one"}"#, textB = #"{"x":1,"y":"two"}"#
        let editA = try a.take(textA, rule: rule, after: 4_000)
        let editB = try b.take(textB, rule: rule, after: 4_000)
        let merged = Self.both(a, b)
        #expect(try merged.payload(rule: rule) == (editA.stamp > editB.stamp ? textA : textB))
        #expect(merged == (editA.stamp > editB.stamp ? a.record : b.record))
    }

    @Test("field by field, randomly: edits to disjoint fields on two devices are all kept")
    func disjointFieldsProperty() throws {
        let rule = SyncRule.fields()
        var random = SyncSplitMix64(seed: 0x5EED_0005)
        let names = ["f0", "f1", "f2", "f3", "f4", "f5"]
        for _ in 0..<200 {
            var base: [String: SyncJSONValue] = [:]
            for name in names where Int.random(in: 0..<4, using: &random) > 0 {
                base[name] = .number(Double(Int.random(in: 0...3, using: &random)))
            }
            var (a, b) = try Self.twoDevices(base: SyncJSONValue.object(base).text, rule: rule,
                                             skew: 125 * Int64.random(in: -500...500, using: &random))
            // Each field goes to A, to B, or neither.
            var expected = base, objectA = base, objectB = base
            for name in names {
                let value: SyncJSONValue? = Bool.random(using: &random) ? .number(Double(Int.random(in: 4...9, using: &random))) : nil
                switch Int.random(in: 0..<3, using: &random) {
                case 0: objectA[name] = value; expected[name] = value
                case 1: objectB[name] = value; expected[name] = value
                default: break
                }
            }
            try a.take(SyncJSONValue.object(objectA).text, rule: rule, after: 125 * Int64.random(in: -40...40, using: &random))
            try b.take(SyncJSONValue.object(objectB).text, rule: rule, after: 125 * Int64.random(in: -40...40, using: &random))
            #expect(try Self.both(a, b).payload(rule: rule).map(Self.json) == .object(expected))
        }
    }

    // MARK: - Deletes and re-inserts

    static let rules: [SyncRule] = SyncShape.allCases.map(\.rule)

    @Test("a delete made after seeing an edit wins over it", arguments: rules)
    func deleteAfterEdit(rule: SyncRule) throws {
        var (a, b) = try Self.twoDevices(base: #"{"x":1,"tags":["sleep"]}"#, rule: rule, skew: 0)
        try a.take(#"{"x":2,"tags":["sleep","stress"]}"#, rule: rule)
        b.receive(a.record)
        #expect(try b.take(nil, rule: rule).changed)
        let merged = Self.both(a, b)
        #expect(!merged.isPresent)
        #expect(try merged.payload(rule: rule) == nil)
    }

    @Test("a delete wins over a concurrent edit that had not seen it, even a later one", arguments: rules)
    func deleteBeatsConcurrentEdit(rule: SyncRule) throws {
        // A deletes; B's clock is a minute ahead, so B's edit has the later stamp.
        var (a, b) = try Self.twoDevices(base: #"{"x":1,"tags":["sleep"]}"#, rule: rule, skew: 60_000)
        let delete = try a.take(nil, rule: rule)
        let edit = try b.take(#"{"x":2,"tags":["alcohol","sleep"]}"#, rule: rule)
        #expect(edit.stamp > delete.stamp)
        let merged = Self.both(a, b)
        #expect(!merged.isPresent)
        #expect(try merged.payload(rule: rule) == nil)
        #expect(merged == a.record)
    }

    @Test("a re-insert made after seeing the delete brings the record back, with nothing of the old one",
          arguments: rules)
    func reinsertAfterDelete(rule: SyncRule) throws {
        // Every payload here has both arrays, which element rules give back even when left out
        // (see `SyncTakeTests.omittedElementArray`).
        var (a, b) = try Self.twoDevices(base: #"{"x":1,"y":"old","tags":["sleep"],"items":[{"id":"i1"}]}"#,
                                         rule: rule, skew: -60_000)
        // A stale copy of B's that changes y later than everything below (by B's clock it is not,
        // but that copy never sees the delete).
        var stale = b
        stale.now += 600_000
        try stale.take(#"{"x":1,"y":"stale","tags":["sleep","stress"],"items":[{"id":"i1"},{"id":"i2"}]}"#, rule: rule)
        try a.take(nil, rule: rule)
        b.receive(a.record)
        #expect(!b.record.isPresent)
        let text = #"{"items":[{"id":"i3"}],"tags":["caffeine"],"x":5}"#
        #expect(try b.take(text, rule: rule).changed)
        let merged = Self.both(a, b)
        #expect(merged.isPresent)
        #expect(try merged.payload(rule: rule).map(Self.json) == Self.json(text))
        // The copy that never saw the delete brings none of its values back.
        #expect(try merged.merged(with: stale.record).payload(rule: rule).map(Self.json) == Self.json(text))
        #expect(stale.record.merged(with: merged) == merged)
    }

    @Test("two devices that both delete agree it is gone; a re-insert after that comes back", arguments: rules)
    func concurrentDeletes(rule: SyncRule) throws {
        var (a, b) = try Self.twoDevices(base: #"{"x":1,"tags":["sleep"],"items":[]}"#, rule: rule, skew: 0)
        try a.take(nil, rule: rule)
        try b.take(nil, rule: rule)
        let gone = Self.both(a, b)
        #expect(!gone.isPresent && gone.life == a.record.life && gone.life == b.record.life)
        a.receive(b.record)
        try a.take(#"{"x":2,"tags":[],"items":[]}"#, rule: rule)
        let back = Self.both(a, b)
        #expect(back.isPresent)
        #expect(try back.payload(rule: rule).map(Self.json) == Self.json(#"{"x":2,"tags":[],"items":[]}"#))
    }

    @Test("a record not there has no payload, and deleting it again changes nothing", arguments: rules)
    func absent(rule: SyncRule) throws {
        var record = SyncRecord(collection: "journals", key: "2026-11-28")
        #expect(!record.isPresent)
        #expect(try record.payload(rule: rule) == nil)
        let stamp = SyncStamp(time: syncEpoch, counter: 0, device: "a")
        #expect(try record.take(nil, rule: rule, stamp: stamp) == false)
        #expect(try record.take(#"{"x":1}"#, rule: rule, stamp: stamp))
        #expect(try record.payload(rule: rule) != nil)
        let later = SyncStamp(time: syncEpoch + 1, counter: 0, device: "a")
        #expect(try record.take(nil, rule: rule, stamp: later))
        #expect(try record.payload(rule: rule) == nil)
        #expect(record.values.isEmpty)
        #expect(try record.take(nil, rule: rule, stamp: SyncStamp(time: syncEpoch + 2, counter: 0, device: "a")) == false)
        #expect(record.lifeStamp == later)
    }
}
