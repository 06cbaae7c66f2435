import Foundation
import Testing
import WellnessDomain

/// `SyncRecord.merged(with:)` is a join: over copies of one record that random histories on
/// several devices made (edits, deletes, re-inserts, syncs between them, skewed clocks), every
/// order and grouping of merges gives one record.
@Suite("Sync merge laws")
struct SyncMergeLawTests {
    /// Three copies from one random history each time.
    static func triples(_ shape: SyncShape, seed: UInt64, count: Int) throws -> [(SyncRecord, SyncRecord, SyncRecord)] {
        var random = SyncSplitMix64(seed: seed)
        var triples: [(SyncRecord, SyncRecord, SyncRecord)] = []
        for _ in 0..<count {
            let history = try SyncHistory(shape: shape, devices: Int.random(in: 2...4, using: &random),
                                          steps: Int.random(in: 4...24, using: &random), using: &random)
            triples.append((history.randomSnapshot(using: &random), history.randomSnapshot(using: &random),
                            history.randomSnapshot(using: &random)))
        }
        return triples
    }

    @Test("commutative, associative, idempotent over 500 random triples", arguments: SyncShape.allCases)
    func laws(shape: SyncShape) throws {
        var differing = 0, longerLifeWins = 0, valuesJoined = 0
        for (a, b, c) in try Self.triples(shape, seed: 0x5EED_0001, count: 500) {
            let ab = a.merged(with: b)
            #expect(ab == b.merged(with: a), "a ⊔ b == b ⊔ a\na: \(a)\nb: \(b)")
            #expect(ab.merged(with: c) == a.merged(with: b.merged(with: c)), "(a ⊔ b) ⊔ c == a ⊔ (b ⊔ c)")
            #expect(a.merged(with: a) == a, "a ⊔ a == a")
            #expect(ab.merged(with: a) == ab && ab.merged(with: b) == ab, "a ⊔ b absorbs a and b")
            // What the merged copy says is one JSON object (or none) whatever the order.
            #expect(try ab.payload(rule: shape.rule) == b.merged(with: a).payload(rule: shape.rule))
            if a != b { differing += 1 }
            if a.life != b.life { longerLifeWins += 1 }
            if a.life == b.life, a.isPresent, ab != a, ab != b { valuesJoined += 1 }
        }
        // The histories do make the cases the laws are about (not mostly equal copies).
        #expect(differing > 250)
        #expect(longerLifeWins > 50)
        // (A whole record's copies of one life keep one or the other value: nothing to join.)
        if shape != .wholeRecord { #expect(valuesJoined > 25) }
    }

    @Test("of two values with one stamp, a removal and an empty text merge alike in either order")
    func tiedRemovalAndEmptyText() {
        // Only a crafted push makes this pair (a stamp names its device), but the merge must still commute.
        let stamp = SyncStamp(time: 5, counter: 0, device: "a")
        func copy(_ json: String?) -> SyncRecord {
            SyncRecord(collection: "goals", key: "g", life: 1, lifeStamp: stamp, values: ["title": .init(stamp: stamp, json: json)])
        }
        let removed = copy(nil), empty = copy(""), text = copy(#""x""#)
        #expect(removed.merged(with: empty) == empty.merged(with: removed))
        #expect(removed.merged(with: empty) == empty)
        #expect(text.merged(with: empty) == empty.merged(with: text))
    }

    @Test("4 to 6 copies merged in any order and grouping give one record", arguments: SyncShape.allCases)
    func anyOrder(shape: SyncShape) throws {
        var random = SyncSplitMix64(seed: 0x5EED_0002)
        for _ in 0..<150 {
            let history = try SyncHistory(shape: shape, devices: 6, steps: Int.random(in: 6...30, using: &random),
                                          using: &random)
            let copies = (0..<Int.random(in: 4...6, using: &random)).map { _ in history.randomSnapshot(using: &random) }
            let expected = copies.dropFirst().reduce(copies[0]) { $0.merged(with: $1) }
            for _ in 0..<8 {
                // A random order, merged left to right.
                let shuffled = copies.shuffled(using: &random)
                #expect(shuffled.dropFirst().reduce(shuffled[0]) { $0.merged(with: $1) } == expected)
                // A random grouping: any two merged (either way round) until one is left.
                var pool = copies
                while pool.count > 1 {
                    let first = pool.remove(at: Int.random(in: 0..<pool.count, using: &random))
                    let second = pool.remove(at: Int.random(in: 0..<pool.count, using: &random))
                    pool.append(Bool.random(using: &random) ? first.merged(with: second) : second.merged(with: first))
                }
                #expect(pool[0] == expected)
            }
        }
    }

    @Test("devices that sync with each other end with one record and one payload", arguments: SyncShape.allCases)
    func convergence(shape: SyncShape) throws {
        var random = SyncSplitMix64(seed: 0x5EED_0003)
        for _ in 0..<100 {
            let history = try SyncHistory(shape: shape, devices: 4, steps: Int.random(in: 4...30, using: &random),
                                          using: &random)
            var devices = history.devices
            // A ring of syncs twice round reaches every device with every change.
            for round in 0..<(2 * devices.count) {
                let index = round % devices.count
                devices[(index + 1) % devices.count].receive(devices[index].record)
            }
            let record = devices[0].record
            for device in devices {
                #expect(device.record == record)
                #expect(try device.record.payload(rule: shape.rule) == record.payload(rule: shape.rule))
            }
            // And what they converged on is the join of what each held.
            #expect(history.devices.dropFirst().reduce(history.devices[0].record) { $0.merged(with: $1.record) } == record)
        }
    }

    @Test("a record survives JSON coding (stamps as text)", arguments: SyncShape.allCases)
    func coding(shape: SyncShape) throws {
        var random = SyncSplitMix64(seed: 0x5EED_0004)
        for _ in 0..<50 {
            let history = try SyncHistory(shape: shape, devices: 3, steps: 12, using: &random)
            for record in history.devices.map(\.record) {
                let data = try JSONEncoder().encode(record)
                #expect(try JSONDecoder().decode(SyncRecord.self, from: data) == record)
            }
        }
    }
}
