import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// The latest weigh-in, the 7- and 30-day change and the 7-day moving average, by hand.
@Suite("Weight trend")
struct WeightTrendTests {
    let calendar = Fixtures.calendar("Europe/Amsterdam")

    func entry(_ iso: String, _ kilograms: Double) -> WeightEntry {
        try! WeightEntry(date: Fixtures.instant(iso), kilograms: kilograms)
    }

    func day(_ text: String) -> LocalDay { Fixtures.day(text) }

    /// A moving-average point's parts, comparable as a whole.
    struct P: Equatable {
        let day: LocalDay
        let kilograms: Double
        init(_ day: String, _ kilograms: Double) {
            self.day = Fixtures.day(day)
            self.kilograms = kilograms
        }
        init(_ point: WeightTrend.Point) {
            day = point.day
            kilograms = point.kilograms
        }
    }

    func points(_ points: [WeightTrend.Point]) -> [P] { points.map(P.init) }

    @Test("no entries: nothing at all")
    func empty() {
        let trend = WeightTrend(entries: [], calendar: calendar)
        #expect(trend.latest == nil)
        #expect(trend.change7Days == nil)
        #expect(trend.change30Days == nil)
        #expect(trend.currentAverage == nil)
        #expect(trend.movingAverage.isEmpty)
    }

    @Test("one entry: it is the latest and its own average; no change")
    func single() {
        let only = entry("2024-01-10T07:00:00Z", 80)
        let trend = WeightTrend(entries: [only], calendar: calendar)
        #expect(trend.latest == only)
        #expect(trend.change7Days == nil)
        #expect(trend.change30Days == nil)
        #expect(trend.currentAverage == 80)
        #expect(points(trend.movingAverage) == [P("2024-01-10", 80)])
    }

    /// Winter (CET, UTC+1) so that local days are UTC+1 throughout.
    var history: [WeightEntry] {
        [
            entry("2024-01-01T07:00:00Z", 80),     // 08:00 local
            entry("2024-01-08T07:00:01Z", 79.5),   // just after the 30-day cutoff
            entry("2024-01-20T07:00:00Z", 79),
            entry("2024-01-31T07:00:00Z", 77),     // exactly at the 7-day cutoff
            entry("2024-01-31T07:00:01Z", 77.5),   // one second after it
            entry("2024-02-07T07:00:00Z", 76),     // the latest
        ]
    }

    @Test("change over N days: the latest minus the last entry at or before latest − N × 24 h")
    func changes() throws {
        let history = self.history
        let trend = WeightTrend(entries: history.shuffled(), calendar: calendar)
        #expect(trend.latest == history.last)
        #expect(trend.change7Days == -1.0)
        #expect(trend.change30Days == -4.0)
    }

    @Test("no entry old enough: the change is nil")
    func changeNil() {
        let tenDays = [entry("2024-01-28T07:00:00Z", 78), entry("2024-02-07T07:00:00Z", 76)]
        let trend = WeightTrend(entries: tenDays, calendar: calendar)
        #expect(trend.change7Days == -2)
        #expect(trend.change30Days == nil)
        // One second short of 7 days.
        let short = [entry("2024-01-31T07:00:01Z", 78), entry("2024-02-07T07:00:00Z", 76)]
        #expect(WeightTrend(entries: short, calendar: calendar).change7Days == nil)
    }

    @Test("days are calendar days, not 24 hours, across a DST change")
    func changeAcrossDST() {
        // 2024-03-31 has 23 hours in Amsterdam: 7 calendar days before 2024-04-03T08:00+02:00
        // is 2024-03-27T08:00+01:00 (7 × 24 h would be 07:00).
        let entries = [
            entry("2024-03-27T07:00:00Z", 80),   // 08:00 local: at the cutoff
            entry("2024-03-27T07:30:00Z", 81),   // 08:30 local: after it
            entry("2024-04-03T06:00:00Z", 79),
        ]
        let trend = WeightTrend(entries: entries, calendar: calendar)
        #expect(trend.change7Days == -1)
    }

    @Test("the issue's rows: 07:30 before the change and 08:00 after it, 7 calendar days apart, are a 7-day change")
    func changeOverSpringForward() {
        let entries = [entry("2026-03-23T07:30:00+01:00", 70), entry("2026-03-30T08:00:00+02:00", 72)]
        #expect(WeightTrend(entries: entries, calendar: calendar).change7Days == 2)
        // Chatham (+12:45/+13:45) ends its summer time on 2026-04-05.
        let chatham = Fixtures.calendar("Pacific/Chatham")
        let across = [entry("2026-04-01T07:30:00+13:45", 70), entry("2026-04-08T07:30:00+12:45", 69.5)]
        #expect(WeightTrend(entries: across, calendar: chatham).change7Days == -0.5)
        // New York falls back on 2026-11-01: 7 calendar days are 169 hours there.
        let newYork = Fixtures.calendar("America/New_York")
        let autumn = [entry("2026-10-28T07:00:00-04:00", 80), entry("2026-11-04T07:00:00-05:00", 79)]
        #expect(WeightTrend(entries: autumn, calendar: newYork).change7Days == -1)
    }

    @Test("7-day moving average: every weigh-in of the day and the six days before, several per day")
    func movingAverage() {
        let entries = [
            entry("2024-02-01T06:00:00Z", 77),
            entry("2024-02-01T19:00:00Z", 78),
            entry("2024-02-03T07:00:00Z", 76),
            entry("2024-02-07T22:59:00Z", 74),   // 23:59 local, still 7 Feb
            entry("2024-02-07T23:00:00Z", 75),   // 00:00 local: 8 Feb
            entry("2024-02-14T12:00:00Z", 73),
        ]
        let trend = WeightTrend(entries: entries.reversed(), calendar: calendar)
        let expected: [P] = [
            P("2024-02-01", 77.5),    // (77 + 78) / 2
            P("2024-02-03", 77),      // (77 + 78 + 76) / 3
            P("2024-02-07", 76.25),   // (77 + 78 + 76 + 74) / 4: 1–7 Feb
            P("2024-02-08", 75),      // (76 + 74 + 75) / 3: 2–8 Feb
            P("2024-02-14", 74),      // (75 + 73) / 2: 8–14 Feb
        ]
        #expect(points(trend.movingAverage) == expected)
        #expect(trend.currentAverage == 74)
        #expect(trend.latest?.kilograms == 73)
    }

    @Test("the moving average's days follow the calendar's time zone")
    func movingAverageTimeZone() {
        let entries = [entry("2024-02-07T23:30:00Z", 75), entry("2024-02-08T10:00:00Z", 77)]
        let amsterdam = WeightTrend.movingAverage(entries, calendar: calendar)
        #expect(points(amsterdam) == [P("2024-02-08", 76)])
        let newYork = WeightTrend.movingAverage(entries, calendar: Fixtures.calendar("America/New_York"))
        #expect(points(newYork) == [P("2024-02-07", 75), P("2024-02-08", 76)])
    }

    @Test("a window of another length")
    func otherWindow() {
        let entries = [entry("2024-02-01T12:00:00Z", 80), entry("2024-02-02T12:00:00Z", 78),
                       entry("2024-02-03T12:00:00Z", 76)]
        #expect(WeightTrend.movingAverage(entries, window: 2, calendar: calendar).map(\.kilograms) == [80, 79, 77])
        #expect(WeightTrend.movingAverage(entries, window: 1, calendar: calendar).map(\.kilograms) == [80, 78, 76])
    }

    @Test("each point is summed afresh, so it does not drift over a long series")
    func noDrift() {
        var entries: [WeightEntry] = []
        let start = Fixtures.instant("2023-01-01T11:00:00Z")
        for index in 0..<1000 {
            entries.append(try! WeightEntry(date: start.addingTimeInterval(Double(index) * 86_400),
                                            kilograms: index.isMultiple(of: 2) ? 70.1 : 70.3))
        }
        let points = WeightTrend.movingAverage(entries, calendar: Fixtures.calendar("UTC"))
        #expect(points.count == 1000)
        let last = points.last!.kilograms
        let expected = [70.3, 70.1, 70.3, 70.1, 70.3, 70.1, 70.3].reduce(0, +) / 7
        #expect(abs(last - expected) < 1e-12)
    }
}
