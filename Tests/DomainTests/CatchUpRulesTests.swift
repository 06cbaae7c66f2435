import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("CatchUpRules")
struct CatchUpRulesTests {
    static let vegetables = DomainFixtures.item("vegetables_dinner")
    static let hydration = DomainFixtures.item("hydration_morning")
    static let exercise = DomainFixtures.item("exercise_timing")
    static let windDown = DomainFixtures.item("mindfulness_prebed")

    func cards(_ catalog: [Intervention] = DomainFixtures.catalog, completions: [InterventionCompletion] = [],
               decisions: [InterventionDecision] = [], at iso: String,
               zone: String = "Europe/Amsterdam") -> [CatchUpCard] {
        CatchUpRules.cards(catalog: catalog, completions: completions, decisions: decisions,
                           now: Fixtures.instant(iso), calendar: Fixtures.calendar(zone))
    }

    /// Card ids, `intervention@day`.
    func ids(_ cards: [CatchUpCard]) -> [String] { cards.map(\.id) }

    @Test("the lookback is 24 real hours and the rules look at today and the two days before")
    func constants() {
        #expect(CatchUpRules.lookback == 86_400)
        #expect(CatchUpRules.searchedDays(today: Fixtures.day("2026-03-01")) == [
            Fixtures.day("2026-02-27"), Fixtures.day("2026-02-28"), Fixtures.day("2026-03-01"),
        ])
    }

    // MARK: - Ended, and within the last 24 hours

    @Test("a section instance is eligible from exactly its end, not a minute before")
    func eligibleAtEnd() {
        let catalog = [Self.hydration]
        // Yesterday's morning ended 2026-03-04 12:00, today's ends 2026-03-05 12:00.
        #expect(ids(cards(catalog, at: "2026-03-05T11:59:00+01:00")) == ["hydration_morning@2026-03-04"])
        #expect(ids(cards(catalog, at: "2026-03-05T11:59:59+01:00")) == ["hydration_morning@2026-03-04"])
        #expect(ids(cards(catalog, at: "2026-03-05T12:00:00+01:00")) == [
            "hydration_morning@2026-03-04", "hydration_morning@2026-03-05",
        ])
        #expect(ids(cards(catalog, at: "2026-03-05T12:01:00+01:00")) == ["hydration_morning@2026-03-05"])
    }

    /// Zones east and west of UTC (June offsets), including half-hour offsets.
    static let zones: [(zone: String, offset: String)] = [
        ("Europe/Amsterdam", "+02:00"), ("America/Los_Angeles", "-07:00"), ("Asia/Tokyo", "+09:00"),
        ("Pacific/Auckland", "+12:00"), ("Asia/Kolkata", "+05:30"), ("America/St_Johns", "-02:30"),
        ("Pacific/Honolulu", "-10:00"), ("UTC", "+00:00"),
    ]

    /// Yesterday's evening ended at 21:00: it is carded until exactly 24 hours later (inclusive,
    /// `end >= now - 24h`) and gone a minute (even a second) after.
    @Test("the 24-hour lookback, to the minute, in zones east and west of UTC", arguments: zones)
    func lookbackBoundary(zone: String, offset: String) {
        let catalog = [Self.vegetables]
        func at(_ time: String) -> [String] { ids(cards(catalog, at: "2026-06-10T\(time)\(offset)", zone: zone)) }
        #expect(at("05:00:00") == ["vegetables_dinner@2026-06-09"])
        #expect(at("20:59:00") == ["vegetables_dinner@2026-06-09"])
        #expect(at("21:00:00") == ["vegetables_dinner@2026-06-09", "vegetables_dinner@2026-06-10"])
        #expect(at("21:00:01") == ["vegetables_dinner@2026-06-10"])
        #expect(at("21:01:00") == ["vegetables_dinner@2026-06-10"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let zone: String
        let iso: String
        let expected: [String]
        let note: String
        var testDescription: String { "\(iso) in \(zone): \(note)" }
    }

    /// On a DST day, 24 real hours before now is not the same wall-clock time yesterday.
    static let dstCases: [Case] = [
        // Amsterdam, spring-forward Sunday 2026-03-29. Yesterday's evening ended 21:00 CET
        // (20:00Z); 24 real hours later is 22:00 CEST today, not 21:00.
        Case(zone: "Europe/Amsterdam", iso: "2026-03-29T21:30:00+02:00",
             expected: ["vegetables_dinner@2026-03-28", "vegetables_dinner@2026-03-29"],
             note: "23.5 real hours after yesterday's evening: still carded (same wall-clock time yesterday was 21:30)"),
        Case(zone: "Europe/Amsterdam", iso: "2026-03-29T22:00:00+02:00",
             expected: ["vegetables_dinner@2026-03-28", "vegetables_dinner@2026-03-29"], note: "exactly 24 hours"),
        Case(zone: "Europe/Amsterdam", iso: "2026-03-29T22:01:00+02:00",
             expected: ["vegetables_dinner@2026-03-29"], note: "24 hours and a minute"),
        // Amsterdam, fall-back Sunday 2026-10-25. Yesterday's evening ended 21:00 CEST (19:00Z);
        // 24 real hours later is 20:00 CET today, before 21:00.
        Case(zone: "Europe/Amsterdam", iso: "2026-10-25T19:59:00+01:00",
             expected: ["vegetables_dinner@2026-10-24"], note: "23 h 59 min"),
        Case(zone: "Europe/Amsterdam", iso: "2026-10-25T20:00:00+01:00",
             expected: ["vegetables_dinner@2026-10-24"], note: "exactly 24 hours"),
        Case(zone: "Europe/Amsterdam", iso: "2026-10-25T20:01:00+01:00",
             expected: [], note: "24 hours and a minute"),
        Case(zone: "Europe/Amsterdam", iso: "2026-10-25T20:30:00+01:00",
             expected: [], note: "24.5 real hours: gone although the same wall-clock time yesterday was before 21:00"),
        // Los Angeles, spring-forward 2026-03-08: yesterday's evening ended 21:00 PST (05:00Z).
        Case(zone: "America/Los_Angeles", iso: "2026-03-08T21:30:00-07:00",
             expected: ["vegetables_dinner@2026-03-07", "vegetables_dinner@2026-03-08"], note: "23.5 real hours"),
        Case(zone: "America/Los_Angeles", iso: "2026-03-08T22:00:00-07:00",
             expected: ["vegetables_dinner@2026-03-07", "vegetables_dinner@2026-03-08"], note: "exactly 24 hours"),
        Case(zone: "America/Los_Angeles", iso: "2026-03-08T22:01:00-07:00",
             expected: ["vegetables_dinner@2026-03-08"], note: "24 hours and a minute"),
        // Los Angeles, fall-back 2026-11-01: yesterday's evening ended 21:00 PDT (04:00Z).
        Case(zone: "America/Los_Angeles", iso: "2026-11-01T20:00:00-08:00",
             expected: ["vegetables_dinner@2026-10-31"], note: "exactly 24 hours"),
        Case(zone: "America/Los_Angeles", iso: "2026-11-01T20:01:00-08:00",
             expected: [], note: "24 hours and a minute"),
        Case(zone: "America/Los_Angeles", iso: "2026-11-01T20:59:00-08:00",
             expected: [], note: "24 h 59 min, before 21:00 on the wall clock"),
    ]

    @Test("the lookback is 24 real hours on DST days", arguments: dstCases)
    func lookbackOnDSTDays(check: Case) {
        #expect(ids(cards([Self.vegetables], at: check.iso, zone: check.zone)) == check.expected)
    }

    @Test("after a 23-hour day, the pre-bed section of the day before yesterday is still exactly 24 hours ago")
    func dayBeforeYesterdayAfterSpringForward() throws {
        let catalog = [Self.windDown]
        // 2026-03-28 23:00 CET = 22:00Z; 2026-03-30 00:00 CEST = 2026-03-29 22:00Z.
        let atMidnight = cards(catalog, at: "2026-03-30T00:00:00+02:00")
        #expect(ids(atMidnight) == ["mindfulness_prebed@2026-03-28", "mindfulness_prebed@2026-03-29"])
        let oldest = try #require(atMidnight.first)
        #expect(oldest.label == LocalizedText("deck.label.weekday", [.text(TimeOfDaySection.preBed.name),
                                                                    .text(Weekday.saturday.name)]))
        #expect(ids(cards(catalog, at: "2026-03-30T00:01:00+02:00")) == ["mindfulness_prebed@2026-03-29"])
        // On an ordinary night it is already 25 hours old at midnight.
        #expect(ids(cards(catalog, at: "2026-03-06T00:00:00+01:00")) == ["mindfulness_prebed@2026-03-05"])
    }

    @Test("a section that has not ended yet is not carded, even long past its start")
    func notYetEnded() {
        // Only yesterday's instance: today's started hours ago but has not ended.
        #expect(ids(cards([Self.vegetables], at: "2026-03-05T20:59:59+01:00")) == ["vegetables_dinner@2026-03-04"])
        #expect(ids(cards([Self.windDown], at: "2026-03-05T22:59:59+01:00")) == ["mindfulness_prebed@2026-03-04"])
    }

    // MARK: - Multi-section items

    @Test("an item in morning and evening is carded once per day, in the evening, only after the evening ended",
          arguments: [[TimeOfDaySection.morning, .evening], [.evening, .morning]])
    func multiSection(sections: [TimeOfDaySection]) {
        let item = Intervention(id: "exercise_timing", title: "Exercise", sections: sections, trackingType: .timer)
        let morning = cards([item], at: "2026-03-05T13:00:00+01:00")
        #expect(ids(morning) == ["exercise_timing@2026-03-04"])
        #expect(morning.map(\.section) == [.evening])
        #expect(ids(cards([item], at: "2026-03-05T20:59:00+01:00")) == ["exercise_timing@2026-03-04"])
        let both = cards([item], at: "2026-03-05T21:00:00+01:00")
        #expect(ids(both) == ["exercise_timing@2026-03-04", "exercise_timing@2026-03-05"])
        #expect(both.map(\.section) == [.evening, .evening])
        #expect(ids(cards([item], at: "2026-03-05T21:01:00+01:00")) == ["exercise_timing@2026-03-05"])
    }

    @Test("an item in morning and afternoon is carded in the afternoon")
    func morningAndAfternoon() {
        let item = DomainFixtures.intervention("x", [.afternoon, .morning])
        let found = cards([item], at: "2026-03-05T17:00:00+01:00")
        #expect(ids(found) == ["x@2026-03-04", "x@2026-03-05"])
        #expect(found.allSatisfy { $0.section == .afternoon })
        #expect(ids(cards([item], at: "2026-03-05T16:59:00+01:00")) == ["x@2026-03-04"])
    }

    // MARK: - Exclusions

    @Test("only binary, counter and timer items are carded", arguments: TrackingType.allCases)
    func trackingTypes(type: TrackingType) {
        let found = cards([DomainFixtures.intervention("x", [.evening], type)], at: "2026-03-05T21:00:00+01:00")
        let eligible = [TrackingType.binary, .counter, .timer].contains(type)
        #expect(type.isCatchUpEligible == eligible)
        #expect(ids(found) == (eligible ? ["x@2026-03-04", "x@2026-03-05"] : []))
    }

    @Test("anytime items are never carded, even when they also list a timed section",
          arguments: [[TimeOfDaySection.anytime], [.evening, .anytime], [.anytime, .morning], []])
    func anytime(sections: [TimeOfDaySection]) {
        let item = DomainFixtures.intervention("x", sections)
        #expect(item.isAnytime)
        #expect(item.latestSection == nil)
        #expect(cards([item], at: "2026-03-05T23:30:00+01:00").isEmpty)
    }

    @Test("with the sample catalog, anytime, checklist, appointment and automatic items never appear")
    func sampleExclusions() {
        for hour in ["00", "06", "12", "17", "21", "23"] {
            let found = Set(cards(at: "2026-03-05T\(hour):00:00+01:00").map(\.interventionID))
            #expect(found.isDisjoint(with: ["bedroom_cool", "checkup", "sleep_tracking", "supplements"]))
        }
    }

    /// At 21:00 both yesterday's and today's evening are in view.
    @Test("a completion excludes the item for its day only",
          arguments: InterventionCompletion.Source.allCases)
    func completedExcludesThatDay(source: InterventionCompletion.Source) {
        let calendar = Fixtures.calendar()
        let now = "2026-03-05T21:00:00+01:00"
        let yesterday = DomainFixtures.completion("vegetables_dinner", "2026-03-04", source: source, in: calendar)
        let today = DomainFixtures.completion("vegetables_dinner", "2026-03-05", source: source, in: calendar)
        let older = DomainFixtures.completion("vegetables_dinner", "2026-03-03", source: source, in: calendar)
        let other = DomainFixtures.completion("walk_after_lunch", "2026-03-04", source: source, in: calendar)
        #expect(ids(cards([Self.vegetables], completions: [yesterday], at: now)) == ["vegetables_dinner@2026-03-05"])
        #expect(ids(cards([Self.vegetables], completions: [today], at: now)) == ["vegetables_dinner@2026-03-04"])
        #expect(ids(cards([Self.vegetables], completions: [yesterday, today], at: now)) == [])
        #expect(ids(cards([Self.vegetables], completions: [older, other], at: now)) == [
            "vegetables_dinner@2026-03-04", "vegetables_dinner@2026-03-05",
        ])
    }

    @Test("a decision, done or skipped, excludes the item for its day only",
          arguments: InterventionDecision.Status.allCases)
    func decidedExcludesThatDay(status: InterventionDecision.Status) {
        let now = "2026-03-05T21:00:00+01:00"
        let yesterday = DomainFixtures.decision("vegetables_dinner", "2026-03-04", status)
        let today = DomainFixtures.decision("vegetables_dinner", "2026-03-05", status)
        let other = DomainFixtures.decision("walk_after_lunch", "2026-03-04", status)
        #expect(ids(cards([Self.vegetables], decisions: [yesterday], at: now)) == ["vegetables_dinner@2026-03-05"])
        #expect(ids(cards([Self.vegetables], decisions: [today], at: now)) == ["vegetables_dinner@2026-03-04"])
        #expect(ids(cards([Self.vegetables], decisions: [other], at: now)) == [
            "vegetables_dinner@2026-03-04", "vegetables_dinner@2026-03-05",
        ])
    }

    @Test("a multi-section item ticked off in the morning is not carded that evening")
    func multiSectionCompletedInMorning() {
        let morning = InterventionCompletion(interventionID: "exercise_timing", day: Fixtures.day("2026-03-05"),
                                             timestamp: Fixtures.instant("2026-03-05T07:30:00+01:00"), count: 1,
                                             source: .tracked)
        #expect(ids(cards([Self.exercise], completions: [morning], at: "2026-03-05T21:00:00+01:00")) == [
            "exercise_timing@2026-03-04",
        ])
    }

    // MARK: - Order

    @Test("cards come oldest section first, then in catalog order")
    func order() {
        let found = cards(at: "2026-03-05T13:00:00+01:00")
        #expect(ids(found) == [
            "walk_after_lunch@2026-03-04", "stress_reduction@2026-03-04",
            "exercise_timing@2026-03-04", "vegetables_dinner@2026-03-04",
            "mindfulness_prebed@2026-03-04",
            "hydration_morning@2026-03-05", "morning_light@2026-03-05",
        ])
        #expect(found.map(\.section) == [.afternoon, .afternoon, .evening, .evening, .preBed, .morning, .morning])
    }

    @Test("reversing the catalog reverses the order within a section only")
    func catalogOrderWithinSection() {
        let found = cards(DomainFixtures.catalog.reversed(), at: "2026-03-05T13:00:00+01:00")
        #expect(ids(found) == [
            "stress_reduction@2026-03-04", "walk_after_lunch@2026-03-04",
            "vegetables_dinner@2026-03-04", "exercise_timing@2026-03-04",
            "mindfulness_prebed@2026-03-04",
            "morning_light@2026-03-05", "hydration_morning@2026-03-05",
        ])
    }

    @Test("the same section of two days: the older day first")
    func olderDayFirst() {
        let found = cards([Self.windDown, Self.vegetables], at: "2026-03-05T23:00:00+01:00")
        #expect(ids(found) == [
            "mindfulness_prebed@2026-03-04", "vegetables_dinner@2026-03-05", "mindfulness_prebed@2026-03-05",
        ])
    }

    // MARK: - Card content

    @Test("labels say today or yesterday with the section name")
    func labels() throws {
        let found = cards(at: "2026-03-05T13:00:00+01:00")
        let walk = try #require(found.first { $0.interventionID == "walk_after_lunch" })
        #expect(walk.label == LocalizedText("deck.label.yesterday", [.text(LocalizedText("section.afternoon"))]))
        let water = try #require(found.first { $0.interventionID == "hydration_morning" })
        #expect(water.label == LocalizedText("deck.label.today", [.text(LocalizedText("section.morning"))]))
    }

    @Test("labels use the local day of the zone: just after midnight in Tokyo, 14:00 UTC is already tomorrow")
    func labelsInTokyo() {
        // 2026-06-10 00:30 JST = 2026-06-09 15:30Z: yesterday (9 June JST) pre-bed ended 1.5 hours ago.
        let found = cards([Self.windDown], at: "2026-06-09T15:30:00Z", zone: "Asia/Tokyo")
        #expect(ids(found) == ["mindfulness_prebed@2026-06-09"])
        #expect(found.first?.label == LocalizedText("deck.label.yesterday", [.text(LocalizedText("section.preBed"))]))
        // In UTC the same instant is still 9 June, and the 9 June pre-bed has not ended.
        #expect(ids(cards([Self.windDown], at: "2026-06-09T15:30:00Z", zone: "UTC")) == [
            "mindfulness_prebed@2026-06-08",
        ])
    }

    @Test("default count 1 for counters, nil otherwise; content copied from the catalog")
    func content() throws {
        let found = cards(at: "2026-03-05T13:00:00+01:00")
        let water = try #require(found.first { $0.interventionID == "hydration_morning" })
        #expect(water.defaultCount == 1)
        #expect(water.trackingType == .counter)
        #expect(water.title == "Water on waking")
        #expect(water.roi == .medium)
        #expect(water.day == Fixtures.day("2026-03-05"))
        #expect(water.section == .morning)
        let counts = Dictionary(uniqueKeysWithValues: found.map { ($0.interventionID, $0.defaultCount) })
        #expect(counts["stress_reduction"] == .some(1))
        #expect(counts["walk_after_lunch"] == .some(nil))
        #expect(counts["morning_light"] == .some(nil))
        #expect(counts["exercise_timing"] == .some(nil))
    }

    @Test("cards carry the health hint: the built-in mapping, or the catalog's own")
    func hints() {
        let found = cards(at: "2026-03-05T13:00:00+01:00")
        let hints = Dictionary(uniqueKeysWithValues: found.map { ($0.interventionID, $0.healthHint) })
        let expected: [Intervention.ID: HealthHintType?] = [
            "walk_after_lunch": nil, "stress_reduction": .mindfulness, "exercise_timing": .exercise,
            "vegetables_dinner": nil, "mindfulness_prebed": .mindfulness, "hydration_morning": .water,
            "morning_light": nil,
        ]
        #expect(hints == expected)
        let overridden = Intervention(id: "hydration_morning", title: "Water", sections: [.morning],
                                      trackingType: .counter, healthHint: .mindfulness)
        #expect(cards([overridden], at: "2026-03-05T13:00:00+01:00").first?.healthHint == .mindfulness)
    }

    @Test("a calendar other than Gregorian gives the same deck")
    func otherCalendar() {
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let now = Fixtures.instant("2026-06-10T13:00:00+09:00")
        let expected = cards(at: "2026-06-10T13:00:00+09:00", zone: "Asia/Tokyo")
        #expect(!expected.isEmpty)
        #expect(CatchUpRules.cards(catalog: DomainFixtures.catalog, completions: [], decisions: [], now: now,
                                   calendar: japanese) == expected)
    }
}
