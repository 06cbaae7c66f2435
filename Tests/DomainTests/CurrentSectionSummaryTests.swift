import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("CurrentSectionSummary")
struct CurrentSectionSummaryTests {
    func summary(at iso: String, zone: String = "Europe/Amsterdam", completions: [InterventionCompletion] = [],
                 decisions: [InterventionDecision] = []) -> CurrentSectionSummary {
        CurrentSectionSummary(catalog: DomainFixtures.catalog, completions: completions, decisions: decisions,
                              now: Fixtures.instant(iso), calendar: Fixtures.calendar(zone))
    }

    @Test("the current section, minutes until it ends and its items in catalog order", arguments: [
        ("2026-03-05T10:00:00+01:00", TimeOfDaySection.morning, 120,
         ["hydration_morning", "morning_light", "exercise_timing"]),
        ("2026-03-05T14:00:00+01:00", .afternoon, 180, ["walk_after_lunch", "stress_reduction", "checkup"]),
        ("2026-03-05T18:00:00+01:00", .evening, 180, ["exercise_timing", "vegetables_dinner"]),
        ("2026-03-05T22:00:00+01:00", .preBed, 60, ["mindfulness_prebed", "bedroom_cool"]),
    ])
    func sections(iso: String, section: TimeOfDaySection, minutes: Int, pending: [String]) {
        let summary = summary(at: iso)
        #expect(summary.section == section)
        #expect(summary.minutesRemaining == minutes)
        #expect(summary.pending == pending.map { Intervention.ID($0) })
        #expect(!summary.allCaughtUp)
    }

    @Test("minutes remaining round up", arguments: [
        ("2026-03-05T05:00:00+01:00", 420), ("2026-03-05T11:58:00+01:00", 2), ("2026-03-05T11:58:59+01:00", 2),
        ("2026-03-05T11:59:00+01:00", 1), ("2026-03-05T11:59:30+01:00", 1), ("2026-03-05T11:59:59.999+01:00", 1),
        ("2026-03-05T12:00:00+01:00", 300), ("2026-03-05T22:59:00+01:00", 1),
    ])
    func rounding(iso: String, minutes: Int) {
        #expect(summary(at: iso).minutesRemaining == minutes)
    }

    @Test("all caught up between 23:00 and 05:00", arguments: [
        "2026-03-05T23:00:00+01:00", "2026-03-05T23:59:59+01:00", "2026-03-06T00:00:00+01:00",
        "2026-03-06T02:00:00+01:00", "2026-03-06T04:59:00+01:00", "2026-03-06T04:59:59+01:00",
    ])
    func allCaughtUp(iso: String) {
        let summary = summary(at: iso)
        #expect(summary.allCaughtUp)
        #expect(summary.section == nil)
        #expect(summary.minutesRemaining == nil)
        #expect(summary.pending.isEmpty)
    }

    @Test("pending leaves out items completed or decided today, not those settled yesterday")
    func pendingExcludesSettled() {
        let calendar = Fixtures.calendar()
        let summary = summary(
            at: "2026-03-05T14:00:00+01:00",
            completions: [
                DomainFixtures.completion("walk_after_lunch", "2026-03-05", in: calendar),
                DomainFixtures.completion("checkup", "2026-03-04", in: calendar),
            ],
            decisions: [DomainFixtures.decision("checkup", "2026-03-04", .done)])
        #expect(summary.pending == ["stress_reduction", "checkup"])
    }

    @Test("a catch-up completion or a decision of either kind today also settles an item",
          arguments: [true, false], InterventionDecision.Status.allCases)
    func pendingExcludesDecided(viaCompletion: Bool, status: InterventionDecision.Status) {
        let calendar = Fixtures.calendar()
        let completions = viaCompletion
            ? [DomainFixtures.completion("stress_reduction", "2026-03-05", source: .catchUp, in: calendar)] : []
        let summary = summary(at: "2026-03-05T14:00:00+01:00", completions: completions,
                              decisions: [DomainFixtures.decision("walk_after_lunch", "2026-03-05", status)])
        #expect(summary.pending == (viaCompletion ? ["checkup"] : ["stress_reduction", "checkup"]))
    }

    @Test("a multi-section item done in the morning is not pending in the evening")
    func multiSection() {
        let calendar = Fixtures.calendar()
        let summary = summary(at: "2026-03-05T18:00:00+01:00",
                              completions: [DomainFixtures.completion("exercise_timing", "2026-03-05", in: calendar)])
        #expect(summary.pending == ["vegetables_dinner"])
    }

    @Test("minutes remaining on DST days and in other zones", arguments: [
        ("2026-03-29T11:00:00+02:00", "Europe/Amsterdam", TimeOfDaySection.morning, 60),
        ("2026-10-25T11:00:00+01:00", "Europe/Amsterdam", .morning, 60),
        ("2026-03-08T11:00:00-07:00", "America/Los_Angeles", .morning, 60),
        ("2026-11-01T11:00:00-08:00", "America/Los_Angeles", .morning, 60),
        ("2026-06-10T03:30:00Z", "Asia/Tokyo", .afternoon, 270),
        ("2026-01-15T09:30:00Z", "Pacific/Auckland", .preBed, 30),
    ])
    func zones(iso: String, zone: String, section: TimeOfDaySection, minutes: Int) {
        let summary = summary(at: iso, zone: zone)
        #expect(summary.section == section)
        #expect(summary.minutesRemaining == minutes)
    }
}
