import Foundation
import Testing
import WellnessDomain

/// `UTCOffsets`: a zone's offsets remembered between its changes of clocks, the same answers
/// as the zone's own.
@Suite("UTC offsets")
struct UTCOffsetsTests {
    @Test("UTCOffsets answers as the zone does, for every zone, instants in order and out of order")
    func offsetsOfEveryZone() {
        var generator = SeededGenerator(seed: 99)
        var checked = 0
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            var millis: [Int64] = []
            // Every few weeks from 1850 to 2040, with every change of offset ± 1 ms and 1 s.
            var at: Int64 = -3_786_825_600_000
            while at < 2_208_988_800_000 {
                millis.append(at)
                at += Int64.random(in: 1...4_000_000_000, using: &generator)
            }
            var date = Date(timeIntervalSince1970: -3_786_825_600)
            while let change = zone.nextDaylightSavingTimeTransition(after: date), change.timeIntervalSince1970 < 2.2e9 {
                let ms = Timestamp.milliseconds(change)
                millis += [ms - 1000, ms - 1, ms, ms + 1, ms + 1000]
                date = change
            }
            millis.sort()
            // In order (an export), then shuffled, then far ahead (a zone's rules in years to come).
            let shuffled = Array(millis.shuffled(using: &generator).prefix(300))
            let future = (0..<200).map { _ in Int64.random(in: 2_208_988_800_000...253_402_300_799_999, using: &generator) }
            for order in [millis, shuffled, future.sorted()] {
                var offsets = UTCOffsets(zone)
                for value in order {
                    let date = Timestamp.fromMilliseconds(value)
                    let expected = zone.secondsFromGMT(for: date)
                    let answer = offsets.seconds(at: date)
                    if answer != expected {
                        Issue.record("\(identifier) at \(value): \(answer), not \(expected)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 500_000)
    }
}
