import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessTestSupport

/// A planned meal on `Wellness.due()`: from its time until the next meal's time (or midnight)
/// while not given, only while the feeding module is on.
@Suite("What is due: meals")
struct FeedingDueTests {
    static func at(_ iso: String) -> Date { Fixtures.instant(iso) }

    /// Only the meals of `items`, described.
    static func meals(_ items: [DueItem]) -> [String] {
        items.filter { $0.kind == .meal }.map { "\($0.name) \(Timestamp.format($0.since))" }
    }

    @Test("a planned meal is due from its time until it is given or the next meal's time; the last until midnight")
    func dueOverTheDay() async throws {
        let clock = FixedWallClock(Self.at("2026-01-05T05:00:00Z")) // 06:00 in Amsterdam
        let wellness = try Wellness(repositories: .inMemory(), clock: clock, calendar: Fixtures.calendar())
        try await wellness.feeding.plan([try PlannedMeal.parse("07:00 120g kibble"), try PlannedMeal.parse("18:00")])
        #expect(Self.meals(try await wellness.due()).isEmpty, "06:00: nothing yet")
        clock.set(Self.at("2026-01-05T06:00:00Z"))
        #expect(Self.meals(try await wellness.due()) == ["07:00 kibble 2026-01-05T06:00:00.000Z"])
        #expect(Self.meals(try await wellness.newlyDue()) == ["07:00 kibble 2026-01-05T06:00:00.000Z"])
        #expect(Self.meals(try await wellness.newlyDue()).isEmpty, "said once")
        clock.set(Self.at("2026-01-05T16:59:00Z"))
        #expect(Self.meals(try await wellness.due()) == ["07:00 kibble 2026-01-05T06:00:00.000Z"], "due until 18:00")
        clock.set(Self.at("2026-01-05T17:00:00Z"))
        #expect(Self.meals(try await wellness.due()) == ["18:00 2026-01-05T17:00:00.000Z"], "07:00 skipped, 18:00 due")
        try await wellness.feeding.give()
        #expect(Self.meals(try await wellness.due()).isEmpty, "given")
        _ = try await wellness.modules.setEnabled([.feeding], enabled: false)
        clock.set(Self.at("2026-01-06T06:30:00Z"))
        #expect(Self.meals(try await wellness.due()).isEmpty, "the module is off")
        _ = try await wellness.modules.setEnabled([.feeding], enabled: true)
        #expect(Self.meals(try await wellness.due()) == ["07:00 kibble 2026-01-06T06:00:00.000Z"], "the plan came back")
    }
}
