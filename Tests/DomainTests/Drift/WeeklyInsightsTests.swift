import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Drift weekly insights")
struct DriftWeeklyInsightsTests {
    let today = DriftFixtures.today // 2026-03-29; the 7-day window is 03-23...03-29, the one before 03-16...03-22

    func c(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, contact: String? = nil) -> Checkin {
        DriftFixtures.checkin(day, energy: energy, stress: stress, social: social, contact: contact)
    }

    func insights(_ checkins: [Checkin], days: Int = 7) throws -> WeeklyInsights {
        try WeeklyInsightsCalculator.insights(today: today, days: days, checkins: checkins)
    }

    // MARK: - A full week, computed by hand

    /// drift index per day: 03-22 5 (before the window), 03-23 4, 03-24 none, 03-25 14/3,
    /// 03-26 13/3, 03-27 2, 03-28 4, 03-29 5; 03-30 (tomorrow) and 03-15 must be ignored.
    var week: [Checkin] {
        [
            c("2026-03-15", 5, 1, 5),
            c("2026-03-22", 1, 5, 1),
            c("2026-03-23", 2, 4, 2),
            c("2026-03-25", 1, 5, 2),
            c("2026-03-26", 2, 4, 1, contact: "Sam"),
            c("2026-03-27", 4, 2, 4),
            c("2026-03-28", 2, 4, 2, contact: "  Alex "),
            c("2026-03-29", 1, 5, 1),
            c("2026-03-30", 1, 5, 1, contact: "Zoe"),
        ]
    }

    @Test("a full week: window, counts, averages, level, alerts, highlights, suggestions")
    func fullWeek() throws {
        let result = try insights(week)
        #expect(result.weekStart == Fixtures.day("2026-03-23"))
        #expect(result.weekEnd == today)
        #expect(result.days == 7)
        #expect(result.summary.checkinCount == 6)
        // 03-23 follows 03-22 (before the window), 03-26 follows 03-25, 03-29 follows 03-28;
        // 03-25 follows a missing day, 03-28 follows a low one.
        #expect(result.summary.alertCount == 3)
        // energy 12/6, stress 24/6, social 12/6, drift 72/18
        #expect(result.summary.averages == .init(energy: 2, stress: 4, social: 2, driftIndex: 4))
        #expect(result.summary.driftLevel == .high)
        #expect(result.summary.hasEnoughData)
        // against 03-22 alone: energy 1 → 2, stress 5 → 4, social 1 → 2
        #expect(result.highlights == [.trend(.energy, .up), .trend(.stress, .down), .trend(.social, .up)])
        #expect(result.highlights.map(\.text) == ["Energy trending up", "Stress trending down", "Social trending up"])
        #expect(result.suggestions == [.easeStress, .restoreEnergy, .reconnect(contact: "Alex")])
    }

    @Test("the full week as JSON, with the seed's key names")
    func fullWeekJSON() throws {
        let json = try DriftFixtures.json(try insights(week))
        #expect(json == """
            {"days":7,"highlights":["Energy trending up","Stress trending down","Social trending up"],\
            "suggestions":["Stress has been high: try a 10-minute wind-down before bed.",\
            "Energy has been low: protect your sleep and get some daylight early in the day.",\
            "Reach out to Alex this week: a short message or call counts."],\
            "summary":{"alertCount":3,"averages":{"driftIndex":4,"energy":2,"social":2,"stress":4},\
            "checkinCount":6,"driftLevel":"high","hasEnoughData":true},\
            "weekEnd":"2026-03-29","weekStart":"2026-03-23"}
            """)
    }

    @Test("insights survive a JSON round trip")
    func roundTrip() throws {
        for value in [try insights(week), try insights(week, days: 14), try insights([])] {
            #expect(try JSONDecoder().decode(WeeklyInsights.self, from: JSONEncoder().encode(value)) == value)
        }
    }

    // MARK: - Window edges

    @Test("the window is today and the 6 (or 13) days before; the day before it does not count")
    func windowEdges() throws {
        let edges = [c("2026-03-22", 3, 3, 3), c("2026-03-23", 5, 1, 5), c("2026-03-29", 1, 5, 1)]
        let week = try insights(edges)
        #expect(week.weekStart == Fixtures.day("2026-03-23"))
        #expect(week.summary.checkinCount == 2)
        #expect(week.summary.averages.energy == 3) // (5 + 1) / 2, not (3 + 5 + 1) / 3
        let fortnight = try insights(edges + [c("2026-03-16", 4, 4, 4), c("2026-03-15", 1, 1, 1)], days: 14)
        #expect(fortnight.weekStart == Fixtures.day("2026-03-16"))
        #expect(fortnight.weekEnd == today)
        #expect(fortnight.days == 14)
        #expect(fortnight.summary.checkinCount == 4)
        #expect(fortnight.summary.averages.energy == 3.25) // (3 + 5 + 1 + 4) / 4
    }

    @Test("a check-in after today is ignored")
    func future() throws {
        let result = try insights([c("2026-03-30", 1, 5, 1)])
        #expect(result.summary.checkinCount == 0)
        #expect(result.summary.averages == .none)
    }

    @Test("when two check-ins share a day the later one in the list counts")
    func sameDay() throws {
        let result = try insights([c("2026-03-29", 1, 5, 1), c("2026-03-29", 5, 1, 5)])
        #expect(result.summary.checkinCount == 1)
        #expect(result.summary.averages == .init(energy: 5, stress: 1, social: 5, driftIndex: 1))
    }

    // MARK: - Alerts

    @Test("a high day on the window's first day is an alert when the day before the window was high")
    func alertAcrossWindowStart() throws {
        let high = [DriftFixtures.checkin("2026-03-22", driftTotal: 11), DriftFixtures.checkin("2026-03-23", driftTotal: 11)]
        #expect(try insights(high).summary.alertCount == 1)
        let fortnight = [DriftFixtures.checkin("2026-03-15", driftTotal: 15), DriftFixtures.checkin("2026-03-16", driftTotal: 12)]
        #expect(try insights(fortnight, days: 14).summary.alertCount == 1)
    }

    @Test("a high day after a missing day is no alert, even when the day before that was high")
    func alertNeedsPreviousCalendarDay() throws {
        let gap = [DriftFixtures.checkin("2026-03-21", driftTotal: 15), DriftFixtures.checkin("2026-03-23", driftTotal: 15)]
        #expect(try insights(gap).summary.alertCount == 0)
        let inside = [DriftFixtures.checkin("2026-03-25", driftTotal: 15), DriftFixtures.checkin("2026-03-27", driftTotal: 15)]
        #expect(try insights(inside).summary.alertCount == 0)
    }

    @Test("a high day after a day just under 3.5 (10/3) is no alert; after 11/3 it is")
    func alertThreshold() throws {
        #expect(try insights([DriftFixtures.checkin("2026-03-27", driftTotal: 10),
                              DriftFixtures.checkin("2026-03-28", driftTotal: 15)]).summary.alertCount == 0)
        #expect(try insights([DriftFixtures.checkin("2026-03-27", driftTotal: 11),
                              DriftFixtures.checkin("2026-03-28", driftTotal: 10)]).summary.alertCount == 0)
        #expect(try insights([DriftFixtures.checkin("2026-03-27", driftTotal: 11),
                              DriftFixtures.checkin("2026-03-28", driftTotal: 11)]).summary.alertCount == 1)
    }

    @Test("consecutive high days: every one after the first is an alert")
    func consecutiveHighDays() throws {
        let run = ["2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28"].map { DriftFixtures.checkin($0, driftTotal: 12) }
        #expect(try insights(run).summary.alertCount == 3)
        let wholeWeek = (0..<8).map { DriftFixtures.checkin(today.adding(days: -$0).description, driftTotal: 13) }
        #expect(try insights(wholeWeek).summary.alertCount == 7) // 03-22...03-29, all high
    }

    @Test("two high days both before the window are no alert")
    func alertsBeforeWindow() throws {
        let before = [DriftFixtures.checkin("2026-03-21", driftTotal: 15), DriftFixtures.checkin("2026-03-22", driftTotal: 15)]
        #expect(try insights(before).summary.alertCount == 0)
    }

    // MARK: - Averages and rounding

    @Test("averages are rounded to two decimals from the exact fractions")
    func thirds() throws {
        // energy 4/3, stress 13/3, social 5/3; drift totals 13 + 15 + 12 = 40 → 40/9 = 4.444…
        let result = try insights([c("2026-03-27", 1, 4, 2), c("2026-03-28", 1, 5, 1), c("2026-03-29", 2, 4, 2)])
        #expect(result.summary.averages == .init(energy: 1.33, stress: 4.33, social: 1.67, driftIndex: 4.44))
    }

    @Test("an exact half of a hundredth rounds away from zero (2.625 → 2.63)")
    func halfHundredth() throws {
        // 8 check-ins in 14 days: energy 21/8 = 2.625, stress 19/8 = 2.375, social 31/8 = 3.875,
        // drift totals 8+8+7+7+7+8+8+10 = 63 → 63/24 = 2.625.
        let ratings = [(3, 3, 4), (3, 3, 4), (3, 2, 4), (3, 2, 4), (3, 2, 4), (2, 2, 4), (2, 2, 4), (2, 3, 3)]
        let checkins = ratings.enumerated().map { index, rating in
            c(today.adding(days: -index).description, rating.0, rating.1, rating.2)
        }
        let result = try insights(checkins, days: 14)
        #expect(result.summary.averages == .init(energy: 2.63, stress: 2.38, social: 3.88, driftIndex: 2.63))
        #expect(result.summary.driftLevel == .moderate)
        #expect(result.summary.alertCount == 0)
        #expect(result.summary.hasEnoughData)
        // no rule applies (stress 2.38, energy 2.63, social 3.88); the level is moderate, and
        // energy pulls hardest (6 − 2.63 = 3.37 against stress 2.38 and 6 − 3.88 = 2.12).
        #expect(result.suggestions == [.restoreEnergy])
    }

    @Test("no check-ins in the window: null averages, no level, nothing else")
    func empty() throws {
        let result = try insights([c("2026-03-22", 1, 5, 1), c("2026-03-20", 1, 5, 1)])
        #expect(result.summary == .init(checkinCount: 0, alertCount: 0, averages: .none, driftLevel: nil,
                                        hasEnoughData: false))
        #expect(result.highlights.isEmpty)
        #expect(result.suggestions.isEmpty)
    }

    @Test("null averages are encoded as explicit nulls, not left out")
    func nullJSON() throws {
        let result = try insights([])
        #expect(try DriftFixtures.json(result.summary) == """
            {"alertCount":0,"averages":{"driftIndex":null,"energy":null,"social":null,"stress":null},\
            "checkinCount":0,"driftLevel":null,"hasEnoughData":false}
            """)
        #expect(try DriftFixtures.json(result) == """
            {"days":7,"highlights":[],"suggestions":[],"summary":{"alertCount":0,\
            "averages":{"driftIndex":null,"energy":null,"social":null,"stress":null},"checkinCount":0,\
            "driftLevel":null,"hasEnoughData":false},"weekEnd":"2026-03-29","weekStart":"2026-03-23"}
            """)
    }

    // MARK: - Level

    @Test("the level at the boundaries: 14/6 low, 15/6 = 2.5 moderate, 20/6 moderate, 21/6 = 3.5 high",
          arguments: [((7, 7), DriftLevel.low, 2.33), ((7, 8), .moderate, 2.5), ((10, 10), .moderate, 3.33),
                      ((10, 11), .high, 3.5), ((3, 3), .low, 1), ((15, 15), .high, 5)])
    func levelBoundaries(totals: (Int, Int), level: DriftLevel, average: Double) throws {
        let result = try insights([DriftFixtures.checkin("2026-03-25", driftTotal: totals.0),
                                   DriftFixtures.checkin("2026-03-27", driftTotal: totals.1)])
        #expect(result.summary.averages.driftIndex == average)
        #expect(result.summary.driftLevel == level)
    }

    // MARK: - Enough data

    @Test("enough data from half the window's days: 3 of 7 no, 4 of 7 yes, 6 of 14 no, 7 of 14 yes",
          arguments: [(7, 3, false), (7, 4, true), (7, 7, true), (7, 0, false), (14, 6, false), (14, 7, true),
                      (14, 14, true), (14, 1, false)])
    func enoughData(days: Int, count: Int, expected: Bool) throws {
        // every other day first, so the days are spread over the window
        let order = Array(stride(from: 0, to: days, by: 2)) + Array(stride(from: 1, to: days, by: 2))
        let checkins = order.prefix(count).map { c(today.adding(days: -$0).description, 3, 3, 3) }
        // plus check-ins outside the window, which must not count
        let outside = [c(today.adding(days: -days).description, 3, 3, 3), c(today.adding(days: 1).description, 3, 3, 3)]
        let result = try insights(checkins + outside, days: days)
        #expect(result.summary.checkinCount == count)
        #expect(result.summary.hasEnoughData == expected)
    }

    // MARK: - Highlights

    @Test("highlights: +0.5 is up, +0.49 stable, −0.5 down, per metric in order energy, stress, social")
    func highlightThresholds() throws {
        // previous window 03-16...03-22: 7 check-ins; energy 19/7 = 2.71, stress 21/7 = 3, social 35/7 = 5
        let previousEnergy = [3, 3, 3, 3, 3, 2, 2]
        let previous = previousEnergy.enumerated().map { index, energy in
            c(Fixtures.day("2026-03-16").adding(days: index).description, energy, 3, 5)
        }
        // this window: 5 check-ins; energy 16/5 = 3.2 (+0.49), stress 17/5 = 3.4 (+0.4), social 22/5 = 4.4 (−0.6)
        let current = [(4, 4, 5), (3, 4, 5), (3, 3, 4), (3, 3, 4), (3, 3, 4)].enumerated().map { index, rating in
            c(Fixtures.day("2026-03-25").adding(days: index).description, rating.0, rating.1, rating.2)
        }
        let result = try insights(previous + current)
        #expect(result.summary.averages.energy == 3.2)
        #expect(result.summary.averages.stress == 3.4)
        #expect(result.summary.averages.social == 4.4)
        #expect(result.highlights == [.trend(.energy, .stable), .trend(.stress, .stable), .trend(.social, .down)])
        #expect(result.highlights.map(\.text) == ["Energy stable", "Stress stable", "Social trending down"])
    }

    @Test("highlights: a change of exactly +0.5 or −0.5 counts as trending")
    func highlightExactHalf() throws {
        // previous: one check-in 3/3/3; now: energy (3+4)/2 = 3.5, stress (3+2)/2 = 2.5, social (3+3)/2 = 3
        let result = try insights([c("2026-03-20", 3, 3, 3), c("2026-03-27", 3, 3, 3), c("2026-03-28", 4, 2, 3)])
        #expect(result.highlights == [.trend(.energy, .up), .trend(.stress, .down), .trend(.social, .stable)])
        #expect(result.highlights.map(\.text) == ["Energy trending up", "Stress trending down", "Social stable"])
    }

    @Test("highlights compare 14 days with the 14 days before them")
    func highlightsFortnight() throws {
        // 03-15 is the last day of the previous 14-day window; 03-01 is before it
        let result = try insights([c("2026-03-01", 5, 5, 5), c("2026-03-15", 1, 1, 1), c("2026-03-16", 2, 1, 1)],
                                  days: 14)
        #expect(result.highlights == [.trend(.energy, .up), .trend(.stress, .stable), .trend(.social, .stable)])
    }

    @Test("no highlights when either window lacks data")
    func highlightsNeedBothWindows() throws {
        #expect(try insights([c("2026-03-29", 3, 3, 3)]).highlights.isEmpty)
        #expect(try insights([c("2026-03-22", 3, 3, 3)]).highlights.isEmpty)
        // a check-in older than the previous window does not count as previous data
        #expect(try insights([c("2026-03-15", 3, 3, 3), c("2026-03-29", 3, 3, 3)]).highlights.isEmpty)
    }

    // MARK: - Suggestions

    @Test("suggestion rules: stress ≥ 3.5, energy ≤ 2.5, social ≤ 2.5, in that order")
    func suggestionRules() throws {
        // stress (3+4)/2 = 3.5, energy (2+3)/2 = 2.5, social (3+2)/2 = 2.5: all three, just
        #expect(try insights([c("2026-03-28", 2, 3, 3), c("2026-03-29", 3, 4, 2)]).suggestions
            == [.easeStress, .restoreEnergy, .reconnect(contact: nil)])
        // just short of every rule: stress 10/3 = 3.33, energy 8/3 = 2.67, social 8/3 = 2.67; the level is
        // (9 + 9 + 12)/9 = 3.33, moderate, and the three pulls tie at 3.33, so stress comes first
        #expect(try insights([c("2026-03-27", 3, 3, 3), c("2026-03-28", 3, 3, 3), c("2026-03-29", 2, 4, 2)]).suggestions
            == [.easeStress])
        #expect(try insights([c("2026-03-29", 5, 4, 5)]).suggestions == [.easeStress]) // level low (2), stress rule
        #expect(try insights([c("2026-03-29", 2, 1, 5)]).suggestions == [.restoreEnergy]) // low (2), energy rule
        #expect(try insights([c("2026-03-29", 5, 1, 2)]).suggestions == [.reconnect(contact: nil)]) // low (2)
    }

    @Test("moderate or high always brings at least one suggestion; low with no rule brings keepGoing")
    func atLeastOneSuggestion() throws {
        // 3/3/3 every day: moderate (3.0), no rule; the three pulls tie → stress
        let moderate = try insights([c("2026-03-28", 3, 3, 3), c("2026-03-29", 3, 3, 3)])
        #expect(moderate.summary.driftLevel == .moderate)
        #expect(moderate.suggestions == [.easeStress])
        // energy 3, stress 2, social 3: drift 8/3 = 2.67 moderate; energy and social pull hardest, energy first
        let energy = try insights([c("2026-03-29", 3, 2, 3)])
        #expect(energy.summary.driftLevel == .moderate)
        #expect(energy.suggestions == [.restoreEnergy])
        // energy 3.5, stress 2.5, social 3: (9 + 7)/6 = 2.67 moderate; social pulls hardest (3 against 2.5 and 2.5)
        let social = try insights([c("2026-03-28", 3, 3, 3, contact: "Sam"), c("2026-03-29", 4, 2, 3)])
        #expect(social.summary.driftLevel == .moderate)
        #expect(social.suggestions == [.reconnect(contact: "Sam")])
        // low level, nothing wrong
        let low = try insights([c("2026-03-29", 4, 2, 4)])
        #expect(low.summary.driftLevel == .low)
        #expect(low.suggestions == [.keepGoing])
        // every combination of ratings: moderate/high never comes without suggestions
        for energy in 1...5 {
            for stress in 1...5 {
                for social in 1...5 {
                    let result = try insights([c("2026-03-29", energy, stress, social)])
                    #expect(!result.suggestions.isEmpty)
                    if result.summary.driftLevel == .low {
                        #expect(!result.suggestions.contains(.keepGoing) || result.suggestions == [.keepGoing])
                    } else {
                        #expect(!result.suggestions.contains(.keepGoing))
                    }
                }
            }
        }
    }

    @Test("the social suggestion names the most recent key contact of the window")
    func keyContact() throws {
        let result = try insights([
            c("2026-03-22", 3, 3, 1, contact: "Before"),
            c("2026-03-26", 3, 3, 1, contact: "Sam"),
            c("2026-03-27", 3, 3, 1, contact: "Alex"),
            c("2026-03-28", 3, 3, 1),
            c("2026-03-30", 3, 3, 1, contact: "After"),
        ])
        #expect(result.suggestions.contains(.reconnect(contact: "Alex")))
        #expect(result.suggestions.last?.text == "Reach out to Alex this week: a short message or call counts.")
        let nobody = try insights([c("2026-03-22", 3, 3, 1, contact: "Before"), c("2026-03-29", 3, 3, 1)])
        #expect(nobody.suggestions.last == .reconnect(contact: nil))
        #expect(nobody.suggestions.last?.text == "Plan a short call or coffee with someone close to you this week.")
    }

    // MARK: - Windows

    @Test("only 7 and 14 days are valid windows", arguments: [0, 1, 6, 8, 13, 15, 30, -7])
    func invalidWindow(days: Int) {
        #expect(throws: DriftWindowError.invalidInsightsWindow(days)) { try insights([], days: days) }
        #expect(throws: DriftWindowError.invalidInsightsWindow(days)) { try InsightsWindow(days: days) }
    }

    @Test("window ranges and the days the calculation needs")
    func windowRanges() throws {
        #expect(try InsightsWindow(days: 7) == .sevenDays)
        #expect(try InsightsWindow(days: 14) == .fourteenDays)
        #expect(InsightsWindow.sevenDays.range(endingOn: today)
            == Fixtures.day("2026-03-23")...Fixtures.day("2026-03-29"))
        #expect(InsightsWindow.sevenDays.daysNeeded(endingOn: today)
            == Fixtures.day("2026-03-16")...Fixtures.day("2026-03-29"))
        #expect(InsightsWindow.fourteenDays.daysNeeded(endingOn: today)
            == Fixtures.day("2026-03-02")...Fixtures.day("2026-03-29"))
        #expect(DriftWindowError.invalidInsightsWindow(10).summary == "driftWindow.invalidInsightsWindow(10)")
    }

    // MARK: - Gating

    @Test("on Free the suggestions are withheld and locked names weekly_detail; on Pro they stay")
    func gated() throws {
        let full = try insights(week)
        #expect(full.gated(for: .pro) == full)
        let free = full.gated(for: .free)
        #expect(free.suggestions.isEmpty)
        #expect(free.locked == WeeklyInsights.Locked(feature: .weeklyDetail))
        #expect(try DriftFixtures.json(free).contains(#""locked":{"feature":"weekly_detail"}"#))
        #expect(full.locked == nil)
        #expect(try !DriftFixtures.json(full).contains("locked"))
        #expect(free.summary == full.summary)
        #expect(free.highlights == full.highlights)
        let none = try insights([])
        #expect(none.gated(for: .free).suggestions.isEmpty && none.gated(for: .free).locked == nil)
    }
}

@Suite("Drift highlights and suggestions as text")
struct DriftInsightTextTests {
    @Test("every highlight's text and key, and parsing it back")
    func highlights() {
        var texts: [String] = []
        for metric in DriftMetric.allCases {
            for trend in HighlightTrend.allCases {
                let highlight = Highlight.trend(metric, trend)
                texts.append(highlight.text)
                #expect(Highlight(text: highlight.text) == highlight)
                #expect(highlight.localized == LocalizedText("drift.highlight.\(metric.rawValue).\(trend.rawValue)"))
            }
        }
        #expect(texts == ["Energy trending up", "Energy trending down", "Energy stable",
                          "Stress trending up", "Stress trending down", "Stress stable",
                          "Social trending up", "Social trending down", "Social stable"])
    }

    @Test("an unknown highlight or suggestion is kept verbatim", arguments: ["Sleep trending up", "energy trending up", ""])
    func unknown(text: String) throws {
        #expect(Highlight(text: text) == .other(text))
        #expect(Suggestion(text: text) == .other(text))
        let decoded = try JSONDecoder().decode([Highlight].self, from: JSONEncoder().encode([text]))
        #expect(decoded == [.other(text)])
        #expect(try DriftFixtures.json(decoded) == DriftFixtures.json([text]))
        #expect(Highlight.other(text).localized == LocalizedText("drift.highlight.other", [.verbatim(text)]))
    }

    @Test("every suggestion's id, key and text, and parsing the text back", arguments: [
        (Suggestion.easeStress, "easeStress", "drift.suggestion.easeStress"),
        (.restoreEnergy, "restoreEnergy", "drift.suggestion.restoreEnergy"),
        (.reconnect(contact: nil), "reconnect", "drift.suggestion.reconnect"),
        (.reconnect(contact: "Sam"), "reconnect", "drift.suggestion.reconnectWith"),
        (.reconnect(contact: "Reach out to Jo"), "reconnect", "drift.suggestion.reconnectWith"),
        (.keepGoing, "keepGoing", "drift.suggestion.keepGoing"),
        (.unlockDetailedSuggestions, "unlockDetailedSuggestions", "drift.suggestion.unlockDetailedSuggestions"),
        (.other("Drink water"), "other", "drift.suggestion.other"),
    ])
    func suggestions(suggestion: Suggestion, id: String, key: String) throws {
        #expect(suggestion.id == id)
        #expect(suggestion.localized.key == key)
        #expect(Suggestion(text: suggestion.text) == suggestion)
        #expect(try JSONDecoder().decode(Suggestion.self, from: JSONEncoder().encode(suggestion)) == suggestion)
    }

    @Test("a contact is the argument of the reconnect text")
    func contactArgument() {
        #expect(Suggestion.reconnect(contact: "Sam").localized
            == LocalizedText("drift.suggestion.reconnectWith", [.verbatim("Sam")]))
        #expect(Suggestion.reconnect(contact: "Sam").text == "Reach out to Sam this week: a short message or call counts.")
    }
}
