import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// Version 7 UUIDs that strictly increase.
@Suite("Time-ordered UUIDs")
struct TimeOrderedUUIDsTests {
    func bytes(_ uuid: UUID) -> [UInt8] {
        withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }

    func millis(_ uuid: UUID) -> UInt64 {
        bytes(uuid).prefix(6).reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test("10,000 ids in the same millisecond strictly increase and are all version 7, variant 10")
    func sameMillisecond() {
        var ids = TimeOrderedUUIDs()
        let now = Fixtures.instant("2024-03-05T08:30:00.250Z")
        let uuids = (0..<10_000).map { _ in ids.next(now: now) }
        for (previous, next) in zip(uuids, uuids.dropFirst()) {
            #expect(bytes(previous).lexicographicallyPrecedes(bytes(next)), "\(previous) !< \(next)")
        }
        // The text form sorts the same way (hex digits are in ASCII order).
        let texts = uuids.map { $0.uuidString.lowercased() }
        #expect(texts == texts.sorted())
        #expect(Set(uuids).count == 10_000)
        for uuid in uuids {
            let raw = bytes(uuid)
            #expect(raw[6] >> 4 == 7, "version")
            #expect(raw[8] >> 6 == 0b10, "variant")
        }
        // The first carries the instant; later ones only move forward from it.
        #expect(millis(uuids[0]) == UInt64(Timestamp.milliseconds(now)))
        #expect(uuids.allSatisfy { millis($0) >= millis(uuids[0]) })
        #expect(millis(uuids.last!) - millis(uuids[0]) <= 3, "the counter carries into the next milliseconds")
    }

    @Test("ids follow the clock forward and still increase when it goes back")
    func clockMoves() {
        var ids = TimeOrderedUUIDs()
        let base = Fixtures.instant("2024-03-05T08:30:00Z")
        let first = ids.next(now: base)
        let later = ids.next(now: base.addingTimeInterval(60))
        #expect(millis(later) == UInt64(Timestamp.milliseconds(base)) + 60_000)
        let earlier = ids.next(now: base)
        #expect(bytes(first).lexicographicallyPrecedes(bytes(later)))
        #expect(bytes(later).lexicographicallyPrecedes(bytes(earlier)), "never goes backwards")
        #expect(millis(earlier) == millis(later))
    }

    @Test("two generators do not produce the same ids")
    func generatorsDiffer() {
        var a = TimeOrderedUUIDs()
        var b = TimeOrderedUUIDs()
        let now = Fixtures.instant("2024-03-05T08:30:00Z")
        let fromA = Set((0..<1000).map { _ in a.next(now: now) })
        let fromB = Set((0..<1000).map { _ in b.next(now: now) })
        #expect(fromA.isDisjoint(with: fromB))
    }
}

/// `Timestamp.format(_:offsetIn:)`: local time with its offset, read back by `Timestamp.parse`.
@Suite("Timestamp with offset")
struct TimestampOffsetTests {
    func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }

    @Test("formats the local time with the offset in force, milliseconds only when there are some", arguments: [
        ("2024-03-05T07:30:00Z", "Europe/Amsterdam", "2024-03-05T08:30:00+01:00"),
        ("2024-07-05T06:30:00Z", "Europe/Amsterdam", "2024-07-05T08:30:00+02:00"),
        ("2024-03-05T07:30:00.250Z", "Europe/Amsterdam", "2024-03-05T08:30:00.250+01:00"),
        ("2024-03-05T07:30:00.005Z", "Europe/Amsterdam", "2024-03-05T08:30:00.005+01:00"),
        ("2024-03-05T07:30:00.050Z", "Europe/Amsterdam", "2024-03-05T08:30:00.050+01:00"),
        ("2024-03-05T07:30:00Z", "UTC", "2024-03-05T07:30:00Z"),
        ("2024-03-05T13:30:00Z", "America/New_York", "2024-03-05T08:30:00-05:00"),
        ("2024-03-05T03:00:00Z", "Asia/Kolkata", "2024-03-05T08:30:00+05:30"),
        ("2024-03-05T02:45:00Z", "Asia/Kathmandu", "2024-03-05T08:30:00+05:45"),
        ("2024-03-05T12:00:00Z", "America/St_Johns", "2024-03-05T08:30:00-03:30"),
        ("2024-03-04T23:30:00Z", "Europe/Amsterdam", "2024-03-05T00:30:00+01:00"),
        ("2024-03-05T03:30:00Z", "America/New_York", "2024-03-04T22:30:00-05:00"),
        ("1969-12-31T23:59:59.999Z", "UTC", "1969-12-31T23:59:59.999Z"),
        ("1969-12-31T23:30:00Z", "Europe/Amsterdam", "1970-01-01T00:30:00+01:00"),
        ("2024-10-27T00:30:00Z", "Europe/Amsterdam", "2024-10-27T02:30:00+02:00"),
        ("2024-10-27T01:30:00Z", "Europe/Amsterdam", "2024-10-27T02:30:00+01:00"),
    ])
    func formats(iso: String, zone: String, expected: String) {
        let date = Fixtures.instant(iso)
        #expect(Timestamp.format(date, offsetIn: self.zone(zone)) == expected)
        #expect(Timestamp.parse(expected) == date)
    }

    @Test("every instant round-trips through parse, in zones with odd offsets and DST", arguments: [
        "UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns",
        "Pacific/Chatham", "Australia/Lord_Howe", "Pacific/Kiritimati", "Pacific/Pago_Pago",
    ])
    func roundTrip(zone: String) {
        let timeZone = self.zone(zone)
        var generator = SeededGenerator(seed: zone.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        var millis: [Int64] = [0, -1, 1, 999, -999, -86_400_000, 1_711_846_800_000, 1_730_000_000_123]
        for _ in 0..<3000 {
            // 1972 to 2100: the offsets of these zones are whole minutes there.
            millis.append(Int64.random(in: 63_072_000_000...4_102_444_800_000, using: &generator))
        }
        for value in millis {
            let date = Timestamp.fromMilliseconds(value)
            let text = Timestamp.format(date, offsetIn: timeZone)
            guard let parsed = Timestamp.parse(text) else {
                Issue.record("\(text) does not parse")
                continue
            }
            #expect(Timestamp.milliseconds(parsed) == value, "\(text)")
        }
    }

    @Test("an offset with seconds (local mean time) still round-trips")
    func secondsInTheOffset() {
        // Liberia kept −0:44:30 until 1972; New York used −4:56:02 before 1883.
        let cases = [("Africa/Monrovia", "1971-06-01T08:00:00Z"), ("America/New_York", "1880-06-01T12:00:00Z")]
        for (zone, iso) in cases {
            let timeZone = self.zone(zone)
            let date = Fixtures.instant(iso)
            guard !timeZone.secondsFromGMT(for: date).isMultiple(of: 60) else { continue } // no such data here
            let text = Timestamp.format(date, offsetIn: timeZone)
            #expect(Timestamp.parse(text) == date, "\(zone): \(text)")
        }
    }
}
