import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("HealthDaySummary: the day rules for health data")
struct HealthDaySummaryTests {
    static let amsterdam = Fixtures.calendar("Europe/Amsterdam").timeZone
    static let phone = "Ann's iPhone"
    static let watch = "Ann's Apple Watch"

    static func sample(_ kind: HealthSampleKind, _ source: String, _ start: String, _ end: String? = nil,
                       _ value: Double = 0, category: String? = nil) -> HealthSample {
        HealthSample(kind: kind, source: source, start: Fixtures.instant(start), end: Fixtures.instant(end ?? start),
                     value: value, category: category)
    }

    /// A sleep or mindful stretch, its value the minutes it lasts.
    static func stretch(_ kind: HealthSampleKind, _ source: String, _ start: String, _ end: String) -> HealthSample {
        let minutes = Fixtures.instant(end).timeIntervalSince(Fixtures.instant(start)) / 60
        return sample(kind, source, start, end, minutes, category: kind == .sleep ? "AsleepCore" : nil)
    }

    static func summary(_ day: String, steps: Int? = nil, sleep: Int? = nil, water: Double? = nil, mindful: Int? = nil,
                        workouts: Int? = nil, workoutMinutes: Int? = nil, energy: Int? = nil,
                        restingHeartRate: Int? = nil) -> HealthDaySummary {
        var summary = HealthDaySummary(day: Fixtures.day(day))
        summary.steps = steps
        summary.sleepMinutes = sleep
        summary.waterLiters = water
        summary.mindfulMinutes = mindful
        summary.workouts = workouts
        summary.workoutMinutes = workoutMinutes
        summary.activeEnergyKilocalories = energy
        summary.restingHeartRate = restingHeartRate
        return summary
    }

    static func summaries(_ samples: [HealthSample], _ first: String, _ last: String,
                          zone: TimeZone = amsterdam) -> [HealthDaySummary] {
        HealthDaySummary.summaries(of: samples, days: Fixtures.day(first)...Fixtures.day(last), in: zone)
    }

    // MARK: - Largest single source

    @Test("a phone and a watch counting the same walk: the larger source's total, not the sum")
    func stepsFromTwoSources() {
        let samples = [
            Self.sample(.steps, Self.phone, "2024-06-14T09:00:00+02:00", "2024-06-14T09:30:00+02:00", 2000),
            Self.sample(.steps, Self.phone, "2024-06-14T17:00:00+02:00", "2024-06-14T17:30:00+02:00", 3000),
            Self.sample(.steps, Self.watch, "2024-06-14T09:00:00+02:00", "2024-06-14T17:30:00+02:00", 6000),
            // The next day the phone counted more.
            Self.sample(.steps, Self.phone, "2024-06-15T09:00:00+02:00", "2024-06-15T09:30:00+02:00", 4000.4),
            Self.sample(.steps, Self.watch, "2024-06-15T09:00:00+02:00", "2024-06-15T09:30:00+02:00", 3500),
        ]
        #expect(Self.summaries(samples, "2024-06-14", "2024-06-15")
                == [Self.summary("2024-06-15", steps: 4000), Self.summary("2024-06-14", steps: 6000)])
    }

    @Test("water and active energy: the larger source's total, rounded (water to 0.01 L)")
    func waterAndEnergy() {
        let samples = [
            Self.sample(.water, Self.phone, "2024-06-14T08:00:00+02:00", nil, 0.333),
            Self.sample(.water, Self.phone, "2024-06-14T12:00:00+02:00", nil, 0.333),
            Self.sample(.water, "WaterMinder", "2024-06-14T12:00:00+02:00", nil, 0.5),
            Self.sample(.activeEnergy, Self.watch, "2024-06-14T08:00:00+02:00", "2024-06-14T08:10:00+02:00", 120.4),
            Self.sample(.activeEnergy, Self.watch, "2024-06-14T09:00:00+02:00", "2024-06-14T09:10:00+02:00", 80.4),
            Self.sample(.activeEnergy, Self.phone, "2024-06-14T09:00:00+02:00", "2024-06-14T09:10:00+02:00", 150),
        ]
        #expect(Self.summaries(samples, "2024-06-14", "2024-06-14") == [Self.summary("2024-06-14", water: 0.67, energy: 201)])
    }

    @Test("the resting heart rate is the mean of the day's readings, rounded")
    func restingHeartRate() {
        let samples = [
            Self.sample(.restingHeartRate, Self.watch, "2024-06-14T07:00:00+02:00", nil, 58),
            Self.sample(.restingHeartRate, "Oura", "2024-06-14T08:00:00+02:00", nil, 61),
            Self.sample(.restingHeartRate, Self.watch, "2024-06-15T07:00:00+02:00", nil, 57),
            Self.sample(.restingHeartRate, Self.watch, "2024-06-15T08:00:00+02:00", nil, 58),
            Self.sample(.restingHeartRate, Self.watch, "2024-06-15T09:00:00+02:00", nil, 60),
        ]
        #expect(Self.summaries(samples, "2024-06-14", "2024-06-15").map(\.restingHeartRate) == [58, 60])
    }

    @Test("workouts belong to the day they start on: how many and their minutes")
    func workouts() {
        let samples = [
            Self.sample(.workout, Self.watch, "2024-06-14T18:00:00+02:00", "2024-06-14T18:30:30+02:00", 30.5, category: "Running"),
            Self.sample(.workout, "Down Dog", "2024-06-14T23:30:00+02:00", "2024-06-15T00:30:00+02:00", 60, category: "Yoga"),
        ]
        #expect(Self.summaries(samples, "2024-06-14", "2024-06-15")
                == [Self.summary("2024-06-15"), Self.summary("2024-06-14", workouts: 2, workoutMinutes: 91)])
    }

    // MARK: - Union of intervals

    @Test("a night from two sources counts each minute once, on the day it ends; a nap adds its own stretch")
    func sleepFromTwoSources() {
        let night = [
            Self.stretch(.sleep, Self.watch, "2024-06-13T23:00:00+02:00", "2024-06-14T03:00:00+02:00"),
            Self.stretch(.sleep, "Sleep Cycle", "2024-06-14T02:00:00+02:00", "2024-06-14T06:30:00+02:00"),
        ]
        #expect(Self.summaries(night, "2024-06-13", "2024-06-14")
                == [Self.summary("2024-06-14", sleep: 450), Self.summary("2024-06-13")])
        let nap = Self.stretch(.sleep, Self.phone, "2024-06-14T14:00:00+02:00", "2024-06-14T14:45:00+02:00")
        #expect(Self.summaries(night + [nap], "2024-06-14", "2024-06-14").first?.sleepMinutes == 495)
    }

    @Test("stages that touch make one stretch: a night across midnight counts on the morning")
    func stagesTouch() {
        let night = [
            Self.stretch(.sleep, Self.watch, "2024-06-13T22:30:00+02:00", "2024-06-13T23:59:00+02:00"),
            Self.stretch(.sleep, Self.watch, "2024-06-13T23:59:00+02:00", "2024-06-14T02:00:00+02:00"),
            Self.stretch(.sleep, Self.watch, "2024-06-14T02:00:00+02:00", "2024-06-14T06:00:00+02:00"),
        ]
        #expect(Self.summaries(night, "2024-06-13", "2024-06-14").map(\.sleepMinutes) == [450, nil])
    }

    @Test("mindful minutes: overlapping sessions once, a session past midnight on the day it starts")
    func mindful() {
        let samples = [
            Self.stretch(.mindfulness, Self.phone, "2024-06-14T08:00:00+02:00", "2024-06-14T08:10:00+02:00"),
            Self.stretch(.mindfulness, Self.watch, "2024-06-14T08:05:00+02:00", "2024-06-14T08:15:00+02:00"),
            Self.stretch(.mindfulness, Self.watch, "2024-06-14T23:50:00+02:00", "2024-06-15T00:10:00+02:00"),
        ]
        #expect(Self.summaries(samples, "2024-06-14", "2024-06-15").map(\.mindfulMinutes) == [nil, 35])
    }

    // MARK: - Clock changes

    @Test("spring forward: a night across the change counts the minutes that passed; local days by the local clock")
    func springForward() {
        let samples = [
            // 23:00 CET to 07:00 CEST is seven hours, not eight.
            Self.stretch(.sleep, Self.watch, "2024-03-30T23:00:00+01:00", "2024-03-31T07:00:00+02:00"),
            Self.sample(.steps, Self.phone, "2024-03-30T23:30:00+01:00", nil, 10), // 30 March
            Self.sample(.steps, Self.phone, "2024-03-31T00:30:00+01:00", nil, 100), // 31 March, 23:30 UTC the day before
            Self.sample(.steps, Self.phone, "2024-03-31T23:30:00+02:00", nil, 1000), // 31 March, 21:30 UTC
            Self.sample(.steps, Self.phone, "2024-04-01T00:10:00+02:00", nil, 5), // 1 April
        ]
        #expect(Self.summaries(samples, "2024-03-30", "2024-04-01") == [
            Self.summary("2024-04-01", steps: 5),
            Self.summary("2024-03-31", steps: 1100, sleep: 420),
            Self.summary("2024-03-30", steps: 10),
        ])
    }

    @Test("fall back: a night across the change counts nine hours; both 02:30s are the same day")
    func fallBack() {
        let samples = [
            Self.stretch(.sleep, Self.watch, "2024-10-26T23:00:00+02:00", "2024-10-27T07:00:00+01:00"),
            Self.sample(.steps, Self.phone, "2024-10-27T02:30:00+02:00", nil, 1),
            Self.sample(.steps, Self.phone, "2024-10-27T02:30:00+01:00", nil, 2),
            Self.sample(.steps, Self.phone, "2024-10-27T23:30:00+01:00", nil, 4), // 22:30 UTC
            Self.sample(.mindfulness, Self.phone, "2024-10-27T23:30:00+01:00", "2024-10-27T23:50:00+01:00", 20),
            Self.sample(.steps, Self.phone, "2024-10-28T00:00:00+01:00", nil, 8),
        ]
        #expect(Self.summaries(samples, "2024-10-26", "2024-10-28") == [
            Self.summary("2024-10-28", steps: 8),
            Self.summary("2024-10-27", steps: 7, sleep: 540, mindful: 20),
            Self.summary("2024-10-26"),
        ])
    }

    @Test("the day is the local day in the zone asked for")
    func zoneDecidesTheDay() {
        // 03:00 in Amsterdam is 21:00 the evening before in New York.
        let samples = [Self.sample(.steps, Self.phone, "2024-06-14T03:00:00+02:00", nil, 500)]
        let newYork = Fixtures.calendar("America/New_York").timeZone
        #expect(Self.summaries(samples, "2024-06-13", "2024-06-14").map(\.steps) == [500, nil])
        #expect(Self.summaries(samples, "2024-06-13", "2024-06-14", zone: newYork).map(\.steps) == [nil, 500])
    }

    // MARK: - The days

    @Test("one summary per day, newest first; a day without data has every field nil")
    func newestFirstAndNil() {
        let samples = [Self.sample(.steps, Self.phone, "2024-06-12T10:00:00+02:00", nil, 42)]
        let result = Self.summaries(samples, "2024-06-10", "2024-06-14")
        #expect(result.map(\.day.description) == ["2024-06-14", "2024-06-13", "2024-06-12", "2024-06-11", "2024-06-10"])
        #expect(result[2] == Self.summary("2024-06-12", steps: 42))
        for empty in [result[0], result[1], result[3], result[4]] {
            #expect(empty == HealthDaySummary(day: empty.day))
            #expect(empty.steps == nil && empty.sleepMinutes == nil && empty.waterLiters == nil && empty.mindfulMinutes == nil)
            #expect(empty.workouts == nil && empty.workoutMinutes == nil && empty.activeEnergyKilocalories == nil)
            #expect(empty.restingHeartRate == nil)
        }
        #expect(Self.summaries([], "2024-06-14", "2024-06-14") == [Self.summary("2024-06-14")])
    }

    @Test("samples on days outside the range are left out")
    func outsideTheRange() {
        let samples = [
            Self.sample(.steps, Self.phone, "2024-06-09T23:59:00+02:00", nil, 1),
            Self.sample(.steps, Self.phone, "2024-06-10T00:00:00+02:00", nil, 2),
            Self.sample(.steps, Self.phone, "2024-06-11T00:00:00+02:00", nil, 4),
        ]
        #expect(Self.summaries(samples, "2024-06-10", "2024-06-10").map(\.steps) == [2])
    }

    // MARK: - The helpers

    @Test("largest single source: nil without samples, else the largest source's sum")
    func largestSourceTotal() {
        #expect(HealthDaySummary.largestSourceTotal([]) == nil)
        let samples = [Self.sample(.water, "a", "2024-06-14T08:00:00Z", nil, 0.25), Self.sample(.water, "b", "2024-06-14T08:00:00Z", nil, 0.4),
                       Self.sample(.water, "a", "2024-06-14T09:00:00Z", nil, 0.25)]
        #expect(HealthDaySummary.largestSourceTotal(samples) == 0.5)
    }

    @Test("union: sorted, overlapping, touching and nested intervals merged; apart ones kept")
    func union() {
        func interval(_ start: String, _ end: String) -> DateInterval {
            DateInterval(start: Fixtures.instant(start), end: Fixtures.instant(end))
        }
        let merged = HealthIntervals.union([
            interval("2024-06-14T10:00:00Z", "2024-06-14T11:00:00Z"),
            interval("2024-06-14T08:00:00Z", "2024-06-14T09:00:00Z"),
            interval("2024-06-14T09:00:00Z", "2024-06-14T09:30:00Z"), // touches
            interval("2024-06-14T08:15:00Z", "2024-06-14T08:45:00Z"), // nested
            interval("2024-06-14T10:30:00Z", "2024-06-14T12:00:00Z"), // overlaps
        ])
        #expect(merged == [interval("2024-06-14T08:00:00Z", "2024-06-14T09:30:00Z"),
                           interval("2024-06-14T10:00:00Z", "2024-06-14T12:00:00Z")])
        #expect(HealthIntervals.union([]).isEmpty)
    }

    @Test("minutes of a union, and by the day of a stretch's start or end")
    func minutesByDay() {
        let samples = [
            Self.stretch(.sleep, "a", "2024-06-13T23:00:00+02:00", "2024-06-14T01:00:00+02:00"),
            Self.stretch(.sleep, "b", "2024-06-14T00:30:00+02:00", "2024-06-14T01:00:30+02:00"),
        ]
        #expect(HealthIntervals.minutes(samples) == 121) // 120.5 rounds up
        let byEnd = HealthIntervals.minutesByDay(samples, in: Self.amsterdam, dayOf: \.end)
        let byStart = HealthIntervals.minutesByDay(samples, in: Self.amsterdam, dayOf: \.start)
        #expect(byEnd == [Fixtures.day("2024-06-14"): 121])
        #expect(byStart == [Fixtures.day("2024-06-13"): 121])
    }

    // MARK: - HealthSample

    @Test("a sample keeps whole milliseconds and never ends before it starts")
    func sampleRules() {
        let start = Fixtures.instant("2024-06-14T08:00:00Z")
        let sample = HealthSample(kind: .sleep, source: "a", start: start.addingTimeInterval(0.000_4),
                                  end: start.addingTimeInterval(-60), value: 0)
        #expect(sample.start == start)
        #expect(sample.end == start)
        #expect(sample.interval.duration == 0)
        let rounded = HealthSample(kind: .steps, source: "a", start: start.addingTimeInterval(0.0126), end: start, value: 1)
        #expect(Timestamp.milliseconds(rounded.start) == Timestamp.milliseconds(start) + 13)
    }

    @Test("the key is kind, source, start, end and value; the category and energy are not part of it")
    func keys() {
        let a = Self.sample(.workout, "a", "2024-06-14T08:00:00Z", "2024-06-14T09:00:00Z", 60, category: "Running")
        let b = HealthSample(kind: .workout, source: "a", start: a.start, end: a.end, value: 60, category: "Yoga",
                             energyKilocalories: 300)
        #expect(a.key == b.key)
        #expect(a.key != Self.sample(.workout, "b", "2024-06-14T08:00:00Z", "2024-06-14T09:00:00Z", 60).key)
        #expect(a.key != Self.sample(.workout, "a", "2024-06-14T08:00:00Z", "2024-06-14T09:00:01Z", 60).key)
        #expect(a.key != Self.sample(.workout, "a", "2024-06-14T08:00:00Z", "2024-06-14T09:00:00Z", 61).key)
        #expect(a.key != Self.sample(.mindfulness, "a", "2024-06-14T08:00:00Z", "2024-06-14T09:00:00Z", 60).key)
    }

    @Test("order: start, then kind, source, end and value")
    func order() {
        let samples = [
            Self.sample(.steps, "b", "2024-06-14T08:00:00Z", nil, 1),
            Self.sample(.water, "a", "2024-06-14T08:00:00Z", nil, 1),
            Self.sample(.steps, "a", "2024-06-14T08:00:00Z", "2024-06-14T08:05:00Z", 1),
            Self.sample(.steps, "a", "2024-06-14T08:00:00Z", nil, 2),
            Self.sample(.steps, "a", "2024-06-14T08:00:00Z", nil, 1),
            Self.sample(.workout, "a", "2024-06-14T07:00:00Z", nil, 1),
        ]
        let sorted = samples.sorted(by: HealthSample.order)
        #expect(sorted.map { "\($0.kind) \($0.source) \(Timestamp.format($0.end)) \($0.value)" } == [
            "workout a 2024-06-14T07:00:00.000Z 1.0",
            "steps a 2024-06-14T08:00:00.000Z 1.0",
            "steps a 2024-06-14T08:00:00.000Z 2.0",
            "steps a 2024-06-14T08:05:00.000Z 1.0",
            "steps b 2024-06-14T08:00:00.000Z 1.0",
            "water a 2024-06-14T08:00:00.000Z 1.0",
        ])
    }

    @Test("a sample survives JSON, and a stored one obeys the same rules as a new one")
    func coding() throws {
        let sample = HealthSample(kind: .workout, source: "Ann\u{2019}s Apple Watch", start: Fixtures.instant("2024-06-14T08:00:00.123Z"),
                                  end: Fixtures.instant("2024-06-14T08:30:00Z"), value: 30, category: "Running",
                                  energyKilocalories: 250.5)
        let data = try JSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(HealthSample.self, from: data) == sample)
        let backwards = #"{"kind":"sleep","source":"a","start":10,"end":5,"value":0}"#
        let decoded = try JSONDecoder().decode(HealthSample.self, from: Data(backwards.utf8))
        #expect(decoded.end == decoded.start)
        #expect(decoded.category == nil && decoded.energyKilocalories == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(HealthSample.self, from: Data(#"{"kind":"heartbeat","source":"a","start":1,"end":1,"value":0}"#.utf8))
        }
    }

    @Test("each kind's unit")
    func units() {
        #expect(HealthSampleKind.allCases.map(\.unit) == ["count", "L", "count/min", "kcal", "min", "min", "min"])
        #expect(HealthDaySummary.kinds == Set(HealthSampleKind.allCases))
    }
}
