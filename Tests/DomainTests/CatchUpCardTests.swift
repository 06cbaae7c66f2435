import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("CatchUpCard")
struct CatchUpCardTests {
    let today = Fixtures.day("2026-03-05") // a Thursday

    @Test("the label: today, yesterday, else the weekday with the section")
    func label() {
        let morning = LocalizedText.Argument.text(LocalizedText("section.morning"))
        #expect(CatchUpCard.label(section: .morning, day: today, today: today)
            == LocalizedText("deck.label.today", [morning]))
        #expect(CatchUpCard.label(section: .morning, day: today.adding(days: -1), today: today)
            == LocalizedText("deck.label.yesterday", [morning]))
        #expect(CatchUpCard.label(section: .morning, day: today.adding(days: -2), today: today)
            == LocalizedText("deck.label.weekday", [morning, .text(LocalizedText("weekday.tuesday"))]))
    }

    @Test("weekdays of known dates", arguments: [
        ("1970-01-01", Weekday.thursday), ("2026-03-02", .monday), ("2026-03-28", .saturday),
        ("2026-03-29", .sunday), ("1969-12-31", .wednesday), ("2000-02-29", .tuesday),
    ])
    func weekday(day: String, expected: Weekday) {
        #expect(Fixtures.day(day).weekday == expected)
    }

    @Test("the id is intervention@day; content and default count come from the intervention",
          arguments: TrackingType.allCases)
    func content(type: TrackingType) {
        let item = Intervention(id: "x", title: "X", description: "Why", sections: [.evening], trackingType: type,
                                roi: .low)
        let card = CatchUpCard(intervention: item, day: today.adding(days: -1), section: .evening, today: today)
        #expect(card.id == "x@2026-03-04")
        #expect(card.interventionID == "x")
        #expect(card.title == "X")
        #expect(card.description == "Why")
        #expect(card.roi == .low)
        #expect(card.trackingType == type)
        #expect(card.section == .evening)
        #expect(card.defaultCount == (type == .counter ? 1 : nil))
    }
}
