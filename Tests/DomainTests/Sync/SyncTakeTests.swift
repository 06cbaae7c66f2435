import Foundation
import Testing
import WellnessDomain

/// `SyncRecord.take(_:rule:stamp:)` and `payload(rule:)`: a record taken in comes back as the
/// same JSON object, and taking it in again changes nothing.
@Suite("Sync take and payload")
struct SyncTakeTests {
    static let samples = [
        // Optional fields left out.
        #"{"id":"m2"}"#,
        #"{}"#,
        // Numbers: integers, doubles (72.5, 0.1), negative, zero, a timestamp of milliseconds.
        #"{"count":3,"weight":72.5,"ratio":0.1,"delta":-4.25,"zero":0,"at":1764300000000}"#,
        // Booleans beside the numbers 1 and 0 (which must stay numbers).
        #"{"on":true,"off":false,"one":1,"nought":0}"#,
        // Strings with unicode, "/", quotes, backslashes and line breaks.
        #"{"notes":"Café ☕️ 🐶 — ñandú","path":"a/b/c","quoted":"she said \"hi\"","back":"a\\b","lines":"1\n2\t3"}"#,
        // Nested objects and arrays, and a null.
        #"{"nested":{"a":{"b":[1,2.5,"x",true,null]},"c":null},"list":[{"k":1},{"k":2}],"none":null}"#,
    ]

    static func json(_ text: String) throws -> SyncJSONValue { try SyncJSONValue.parse(text) }

    @Test("the test's JSON parse tells booleans from numbers")
    func parser() throws {
        #expect(try Self.json("[true,1,false,0,72.5]") == .array([.bool(true), .number(1), .bool(false), .number(0), .number(72.5)]))
        #expect(try Self.json(#"{"a":1,"b":2}"#) == Self.json(#"{ "b": 2, "a": 1.0 }"#))
        #expect(try Self.json(#"{"a":1}"#) != Self.json(#"{"a":true}"#))
    }

    @Test("payload(rule:) gives back the JSON object taken", arguments: SyncShape.allCases, samples)
    func roundTrip(shape: SyncShape, text: String) throws {
        var record = SyncRecord(collection: "journals", key: "k")
        let stamp = SyncStamp(time: syncEpoch, counter: 0, device: "a")
        #expect(try record.take(text, rule: shape.rule, stamp: stamp))
        let payload = try #require(try record.payload(rule: shape.rule))
        if shape == .wholeRecord {
            #expect(payload == text)
        } else if shape == .fields {
            #expect(try Self.json(payload) == Self.json(text))
        } else {
            // None of these samples has the element rule's array, which the payload adds as `[]`
            // (a bug of its own, `omittedElementArray`): without it, the rest is what was taken.
            let field = shape == .tags ? "tags" : "items"
            guard case .object(var object) = try Self.json(payload) else {
                Issue.record("not an object: \(payload)")
                return
            }
            if object[field] == .array([]) { object[field] = nil }
            #expect(try SyncJSONValue.object(object) == Self.json(text))
        }
        // Taking in the same record again changes nothing, by any stamp.
        let later = SyncStamp(time: syncEpoch + 1, counter: 0, device: "b")
        #expect(try record.take(text, rule: shape.rule, stamp: later) == false)
        #expect(try record.take(payload, rule: shape.rule, stamp: later) == false)
        #expect(record.stamp == stamp)
    }

    static let elementSamples: [(SyncShape, String)] = [
        (.tags, #"{"notes":"x","tags":[]}"#),
        (.tags, #"{"notes":"x","tags":["a/b","caffeine","ñandú"]}"#),
        (.tags, #"{"tags":["say \"hi\"","stress"],"n":72.5}"#),
        (.items, #"{"isSeeded":true,"items":[]}"#),
        (.items, #"{"isSeeded":false,"items":[{"id":"i1","name":"Zinc","dose":{"mg":25,"with":"food"}},{"id":"i2","name":"Vitamin D"}]}"#),
    ]

    @Test("with element rules: an array in its rule's order comes back as taken, and again changes nothing",
          arguments: elementSamples)
    func elementRoundTrip(shape: SyncShape, text: String) throws {
        var record = SyncRecord(collection: "journals", key: "k")
        #expect(try record.take(text, rule: shape.rule, stamp: SyncStamp(time: syncEpoch, counter: 0, device: "a")))
        let payload = try #require(try record.payload(rule: shape.rule))
        #expect(try Self.json(payload) == Self.json(text))
        #expect(try record.take(text, rule: shape.rule, stamp: SyncStamp(time: syncEpoch + 1, counter: 0, device: "a")) == false)
    }

    @Test("an element array comes back in its key's order, each key once")
    func elementOrder() throws {
        var tags = SyncRecord(collection: "journals", key: "k")
        let rule = SyncShape.tags.rule
        _ = try tags.take(#"{"tags":["stress","alcohol","stress","caffeine"]}"#, rule: rule,
                          stamp: SyncStamp(time: syncEpoch, counter: 0, device: "a"))
        #expect(try tags.payload(rule: rule).map(Self.json) == Self.json(#"{"tags":["alcohol","caffeine","stress"]}"#))
        var items = SyncRecord(collection: "settings", key: "supplementStack")
        let itemsRule = SyncShape.items.rule
        _ = try items.take(#"{"items":[{"id":"i2","name":"B"},{"id":"i1","name":"A"}]}"#, rule: itemsRule,
                           stamp: SyncStamp(time: syncEpoch, counter: 0, device: "a"))
        #expect(try items.payload(rule: itemsRule).map(Self.json)
                == Self.json(#"{"items":[{"id":"i1","name":"A"},{"id":"i2","name":"B"}]}"#))
    }

    @Test("take reports a change only when something changed", arguments: SyncShape.allCases)
    func changes(shape: SyncShape) throws {
        let rule = shape.rule
        var record = SyncRecord(collection: "journals", key: "k")
        var time = syncEpoch
        func stamp() -> SyncStamp {
            time += 1
            return SyncStamp(time: time, counter: 0, device: "a")
        }
        let first = #"{"a":1,"b":"x","tags":["sleep"],"items":[{"id":"i1","name":"A"}]}"#
        #expect(try record.take(first, rule: rule, stamp: stamp()))
        #expect(try record.take(first, rule: rule, stamp: stamp()) == false)
        if shape != .wholeRecord {
            // Field by field, the same object in another key order or spacing is no change.
            #expect(try record.take(#"{ "items": [{"name":"A","id":"i1"}], "tags": ["sleep"], "b": "x", "a": 1.0 }"#,
                                    rule: rule, stamp: stamp()) == false)
        }
        let second = #"{"a":2,"b":"x","tags":["sleep"],"items":[{"id":"i1","name":"A"}]}"#
        let changedAt = stamp()
        #expect(try record.take(second, rule: rule, stamp: changedAt))
        #expect(record.stamp == changedAt)
        #expect(try record.take(second, rule: rule, stamp: stamp()) == false)
        #expect(record.stamp == changedAt)
        // Leaving out a field is a change; leaving it out again is not.
        let third = #"{"a":2,"tags":["sleep"],"items":[{"id":"i1","name":"A"}]}"#
        #expect(try record.take(third, rule: rule, stamp: stamp()))
        #expect(try record.take(third, rule: rule, stamp: stamp()) == false)
        #expect(try record.payload(rule: rule).map(Self.json) == Self.json(third))
    }

    /// FAILS (bug): with an element rule, `payload(rule:)` gives every element field as an array,
    /// `[]` when the record taken had none: an optional array left out (or `null`) comes back as
    /// `[]`, so the record other devices write is not the one taken.
    @Test("an element array left out of the record (or null) stays so in its payload",
          arguments: [#"{"notes":"x"}"#, #"{"notes":"x","tags":null}"#])
    func omittedElementArray(text: String) throws {
        let rule = SyncShape.tags.rule
        var record = SyncRecord(collection: "journals", key: "k")
        #expect(try record.take(text, rule: rule, stamp: SyncStamp(time: syncEpoch, counter: 0, device: "a")))
        let payload = try #require(try record.payload(rule: rule))
        #expect(try Self.json(payload) == Self.json(text), "took \(text), payload \(payload)")
    }

    /// FAILS (bug): `payload(rule:)` reads every value named `NAME[KEY]` as an element of an
    /// array `NAME`, whether or not the rule merges `NAME` element by element, so a field whose
    /// own name looks like that comes back as an array under another name.
    @Test("a field whose name ends in [..] stays that field", arguments: [SyncShape.fields, .tags])
    func bracketedFieldName(shape: SyncShape) throws {
        let text = #"{"a[1]":5,"tags":["sleep"]}"#
        var record = SyncRecord(collection: "journals", key: "k")
        #expect(try record.take(text, rule: shape.rule, stamp: SyncStamp(time: syncEpoch, counter: 0, device: "a")))
        let payload = try #require(try record.payload(rule: shape.rule))
        #expect(try Self.json(payload) == Self.json(text), "took \(text), payload \(payload)")
    }
}
