import Foundation
import Testing
import WellnessDomain

/// `HybridLogicalClock` and `SyncStamp`: stamps that always go forward, come after what was
/// seen, and read and write as `MILLISECONDS.COUNTER.DEVICE`.
@Suite("Sync clock and stamps")
struct SyncClockTests {
    // MARK: - HybridLogicalClock

    @Test("stamps strictly increase, and follow the wall clock where it moves forward, even when it goes back")
    func monotonic() {
        var random = SyncSplitMix64(seed: 0x5EED_0006)
        for _ in 0..<20 {
            var clock = HybridLogicalClock(device: "a")
            var now = syncEpoch
            var previous = clock.latest
            var maximumWall = Int64.min
            for _ in 0..<500 {
                // Eighths of a second, often backwards, now and then standing still.
                now += 125 * Int64.random(in: -16...16, using: &random)
                let stamp = clock.tick(now: syncDate(milliseconds: now))
                #expect(stamp > previous)
                #expect(stamp.device == "a")
                #expect(clock.latest == stamp)
                if now > maximumWall {
                    #expect(stamp.time == now && stamp.counter == 0, "a wall clock ahead of every stamp is the stamp's time")
                } else {
                    #expect(stamp.time == previous.time && stamp.counter == previous.counter + 1)
                }
                maximumWall = max(maximumWall, now)
                previous = stamp
            }
        }
    }

    @Test("after witnessing a stamp, the next tick is later than it, ahead or behind the wall clock")
    func witness() {
        var random = SyncSplitMix64(seed: 0x5EED_0007)
        for _ in 0..<1_000 {
            var clock = HybridLogicalClock(device: "m")
            let now = syncEpoch + 125 * Int64.random(in: -80...80, using: &random)
            _ = clock.tick(now: syncDate(milliseconds: now))
            let counter: UInt32 = [0, 1, 7, .max - 1, .max].randomElement(using: &random)!
            let device = ["a", "m", "z", "0", "zz"].randomElement(using: &random)!
            let seen = SyncStamp(time: syncEpoch + 125 * Int64.random(in: -80...80, using: &random),
                                 counter: counter, device: device)
            let before = clock.latest
            clock.witness(seen)
            // Witnessing never moves the clock back.
            #expect(clock.latest >= before)
            let next = clock.tick(now: syncDate(milliseconds: now + 125 * Int64.random(in: -8...8, using: &random)))
            #expect(next > seen, "witnessed \(seen), then ticked \(next)")
            #expect(next > before)
        }
    }

    @Test("an older stamp witnessed leaves the clock as it was")
    func witnessOlder() {
        var clock = HybridLogicalClock(device: "b")
        let stamp = clock.tick(now: syncDate(milliseconds: syncEpoch))
        clock.witness(SyncStamp(time: syncEpoch - 1_000, counter: 99, device: "z"))
        #expect(clock.latest == stamp)
        #expect(clock.tick(now: syncDate(milliseconds: syncEpoch)) == SyncStamp(time: syncEpoch, counter: 1, device: "b"))
    }

    @Test("two devices ticking at the same moment: ties broken by device, the same way everywhere")
    func tiesByDevice() {
        var a = HybridLogicalClock(device: "a")
        var b = HybridLogicalClock(device: "b")
        let now = syncDate(milliseconds: syncEpoch)
        let stampA = a.tick(now: now), stampB = b.tick(now: now)
        #expect((stampA.time, stampA.counter) == (stampB.time, stampB.counter))
        #expect(stampA != stampB)
        #expect(stampA < stampB && !(stampB < stampA))
        // Time first, then counter, then device.
        #expect(SyncStamp(time: 1, counter: 9, device: "z") < SyncStamp(time: 2, counter: 0, device: "a"))
        #expect(SyncStamp(time: 1, counter: 1, device: "z") < SyncStamp(time: 1, counter: 2, device: "a"))
        #expect(SyncStamp(time: 1, counter: 1, device: "a") < SyncStamp(time: 1, counter: 1, device: "b"))
        // B, having seen A's stamp of the same moment with the same counter, still ticks later.
        b.witness(stampA)
        #expect(b.tick(now: now) > stampA)
    }

    @Test("a witnessed counter at UInt32.max still gives a later stamp (the next millisecond)")
    func counterOverflow() {
        var clock = HybridLogicalClock(device: "a")
        let now = syncDate(milliseconds: syncEpoch)
        _ = clock.tick(now: now)
        let seen = SyncStamp(time: syncEpoch, counter: .max, device: "b")
        clock.witness(seen)
        let next = clock.tick(now: now)
        #expect(next > seen)
        #expect(next == SyncStamp(time: syncEpoch + 1, counter: 0, device: "a"))
        let after = clock.tick(now: now)
        #expect(after > next)
        // The same from a clock's own ticks within one millisecond.
        var own = HybridLogicalClock(device: "c")
        own.witness(SyncStamp(time: syncEpoch, counter: .max - 1, device: "b"))
        let last = own.tick(now: now)
        #expect(last == SyncStamp(time: syncEpoch, counter: .max, device: "c"))
        #expect(own.tick(now: now) == SyncStamp(time: syncEpoch + 1, counter: 0, device: "c"))
    }

    @Test("a clock survives JSON coding")
    func clockCoding() throws {
        var clock = HybridLogicalClock(device: "a")
        _ = clock.tick(now: syncDate(milliseconds: syncEpoch))
        let decoded = try JSONDecoder().decode(HybridLogicalClock.self, from: JSONEncoder().encode(clock))
        #expect(decoded == clock)
    }

    // MARK: - SyncStamp's text

    static let devices = ["0", "a", "dev", "4f1c0e2a-8b3d-4c6e-9a1f-2d3e4f5a6b7c", String(repeating: "z", count: 64), "a-b-9"]

    @Test("text form round-trips: SyncStamp(text) and description")
    func textRoundTrip() throws {
        var random = SyncSplitMix64(seed: 0x5EED_0008)
        var stamps = [SyncStamp(time: 0, counter: 0, device: "0"), SyncStamp(time: SyncStamp.latestTime, counter: .max, device: "a"),
                      SyncStamp(time: syncEpoch, counter: 0, device: "4f1c0e2a-8b3d-4c6e-9a1f-2d3e4f5a6b7c")]
        for _ in 0..<500 {
            stamps.append(SyncStamp(time: Int64.random(in: 0...SyncStamp.latestTime, using: &random),
                                    counter: UInt32.random(in: 0...UInt32.max, using: &random),
                                    device: Self.devices.randomElement(using: &random)!))
        }
        for stamp in stamps {
            let text = stamp.description
            #expect(text == "\(stamp.time).\(stamp.counter).\(stamp.device)")
            #expect(SyncStamp(text) == stamp)
            let data = try JSONEncoder().encode(stamp)
            #expect(String(decoding: data, as: UTF8.self) == "\"\(text)\"")
            #expect(try JSONDecoder().decode(SyncStamp.self, from: data) == stamp)
        }
        #expect(SyncStamp("1764300000000.0.4f1c") == SyncStamp(time: 1_764_300_000_000, counter: 0, device: "4f1c"))
        #expect(SyncStamp("\(SyncStamp.latestTime + 1).0.a") == nil, "no stamp after year 9999")
        #expect(SyncStamp.origin(of: "a") == SyncStamp(time: 0, counter: 0, device: "a"))
    }

    static let invalidTexts = [
        "", "1.2", "a.0.dev", "1.0.UPPER", "-1.0.dev",
        "1.0.", ".0.dev", "1..dev", "1.0.dev.x", "1.-1.dev", "1.4294967296.dev", "9223372036854775808.0.dev",
        "1.0.dév", "1.0.a b", "1 .0.dev", "1.0.\(String(repeating: "z", count: 65))", "1,0,dev", "0x1.0.dev",
    ]

    @Test("invalid texts are not stamps: nil, and a DecodingError from JSON", arguments: invalidTexts)
    func invalidText(text: String) throws {
        #expect(SyncStamp(text) == nil)
        let data = try JSONEncoder().encode([text])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SyncStamp].self, from: data) }
    }

    @Test("a stamp in JSON is a string, not a number or an object")
    func notAString() {
        for json in ["[1]", "[null]", #"[{"time":1,"counter":0,"device":"a"}]"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode([SyncStamp].self, from: Data(json.utf8)) }
        }
    }

    /// FAILS (bug): `Int64.init(_:)` and `UInt32.init(_:)` take a leading `+` (and leading
    /// zeros), so texts that are not the canonical form parse, and their stamp's description is
    /// another text. "-1.0.dev" is refused; "+1.0.dev" should be as well.
    @Test("only the canonical text parses: what parses is its stamp's description",
          arguments: ["+1.0.dev", "1.+0.dev", "01.0.dev", "1.00.dev"])
    func canonicalOnly(text: String) {
        #expect(SyncStamp(text) == nil, "\(text) parsed as \(SyncStamp(text).map(\.description) ?? "nil")")
    }
}
