import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// Issue 37, finding 1: one hostile Health value used to crash every summary; now each kind's
/// values are bounded where samples enter, and adding up never traps.
@Suite("Health sample limits: bounded where they enter, never a trap when added up")
struct HealthSampleLimitsTests {
    static let at = Fixtures.instant("2024-06-14T07:00:00Z")

    static func sample(_ kind: HealthSampleKind, _ value: Double, minutes: Double = 10, source: String = "Watch",
                       category: String? = nil, energy: Double? = nil) -> HealthSample {
        HealthSample(kind: kind, source: source, start: at, end: at.addingTimeInterval(minutes * 60), value: value,
                     category: category, energyKilocalories: energy)
    }

    @Test("each kind keeps its whole range and refuses just outside it, and what is not finite",
          arguments: HealthSampleKind.allCases)
    func ranges(kind: HealthSampleKind) {
        let range = kind.valueRange
        #expect(Self.sample(kind, range.lowerBound).problem == nil)
        #expect(Self.sample(kind, range.upperBound).problem == nil)
        #expect(Self.sample(kind, range.upperBound + 1).problem?.code == .outOfRange)
        #expect(Self.sample(kind, range.lowerBound - 1).problem?.code == .outOfRange)
        #expect(Self.sample(kind, .infinity).problem == .notFinite(kind))
        #expect(Self.sample(kind, .nan).problem == .notFinite(kind))
    }

    @Test("the probe's values are refused, each naming its kind, value and limits")
    func probeValues() {
        #expect(Self.sample(.workout, 1e300 * 60).problem?.code == .outOfRange)
        #expect(Self.sample(.steps, 1e19).problem
            == .outOfRange(.steps, "1e+19", minimum: "0", maximum: "250000", unit: "count"))
        #expect(Self.sample(.restingHeartRate, 1e300).problem?.code == .outOfRange)
        #expect(Self.sample(.water, 1e308).problem
            == .outOfRange(.water, "1e+308", minimum: "0", maximum: "10", unit: "L"))
        #expect(Self.sample(.water, 0.25).problem == nil)
    }

    @Test("a workout's energy, a sample's span and its text are bounded too")
    func energySpanText() {
        #expect(Self.sample(.workout, 60, energy: 50_000).problem == nil)
        #expect(Self.sample(.workout, 60, energy: 50_001).problem
            == .energyOutOfRange("50001", minimum: "0", maximum: "50000"))
        #expect(Self.sample(.workout, 60, energy: -.infinity).problem == .energyNotFinite)
        #expect(Self.sample(.steps, 10, minutes: 7 * 24 * 60).problem == nil)
        #expect(Self.sample(.steps, 10, minutes: 7 * 24 * 60 + 1).problem == .tooLong(.steps, hours: 168, maximumHours: 168))
        #expect(Self.sample(.steps, 10, source: "a\u{0}b").problem
            == .controlCharacter(ControlCharacterError(field: .source, character: "\u{0}")))
        #expect(Self.sample(.sleep, 10, category: "Asleep\u{1B}").problem
            == .controlCharacter(ControlCharacterError(field: .category, character: "\u{1B}")))
        #expect(Self.sample(.steps, 10, source: "Ann’s\tWatch").problem == nil)
    }

    @Test("the health kind's rules refuse a bad sample from outside (restore, a store's repository)")
    func kindRules() throws {
        let water = Self.sample(.water, 1e308)
        let problem = try #require(water.problem)
        #expect(throws: RecordRejection(problem), "worded for people, as the CLI words it") {
            try HealthRecords.validate(water)
        }
        #expect(RecordRejection(problem).cause == problem.message)
        #expect(throws: Never.self) { try HealthRecords.validate(Self.sample(.water, 2)) }
    }

    @Test("an export's hostile workout duration stops the import at its line, naming the problem")
    func hostileWorkout() {
        let workout = #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1e300" durationUnit="h" sourceName="Watch" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:42:00 +0200"/>"#
        let outcome = ExportOutcome.read(HealthExports.export([workout]))
        #expect(outcome.error?.line == HealthExports.firstLine)
        #expect(outcome.error?.element == "Workout")
        guard case .sample(.outOfRange(.workout, _, "0", "10080", "min"))? = outcome.error?.problem else {
            Issue.record("\(outcome)")
            return
        }
        let steps = ExportOutcome.read(HealthExports.export([HealthExports.steps("1e19")]))
        #expect(steps.error?.problem == .sample(.outOfRange(.steps, "1e+19", minimum: "0", maximum: "250000", unit: "count")))
        #expect(steps.error?.line == HealthExports.firstLine)
    }

    @Test("adding up never traps: beyond an Int is its nearest end, not a number is 0")
    func whole() {
        #expect(HealthDaySummary.whole(41.5) == 42)
        #expect(HealthDaySummary.whole(-2.5) == -3)
        #expect(HealthDaySummary.whole(1e300) == Int.max)
        #expect(HealthDaySummary.whole(-.infinity) == Int.min)
        #expect(HealthDaySummary.whole(.nan) == 0)
        #expect(HealthDaySummary.whole(Double(Int.max)) == Int.max)
    }

    @Test("a stored sample out of its limits is named when a summary meets it")
    func unusable() {
        let bad = Self.sample(.restingHeartRate, 1e300)
        #expect(throws: UnusableHealthSampleError(bad, .outOfRange(.restingHeartRate, "1e+300", minimum: "20",
                                                                   maximum: "250", unit: "count/min"))) {
            try UnusableHealthSampleError.check([Self.sample(.steps, 100), bad])
        }
        #expect(throws: Never.self) { try UnusableHealthSampleError.check([Self.sample(.steps, 100)]) }
    }
}
