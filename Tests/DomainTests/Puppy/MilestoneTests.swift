import Foundation
import Testing
import WellnessDomain

@Suite("Milestones: built-in and own")
struct MilestoneTests {
    @Test("an own milestone's id is its title's letters and digits, lowercased, without accents, by dashes",
          arguments: [
              ("First swim!", "first-swim"),
              ("  Eerste keer één trap op  ", "eerste-keer-een-trap-op"),
              ("🐶", "milestone"),
              ("first vet visit", "first-vet-visit-2"),   // a built-in's id is taken
          ])
    func ownID(title: String, id: String) {
        #expect(Milestone.ownID(for: title, taken: []) == id)
    }

    @Test("an id taken gets -2, -3, …; a long title is cut to fit")
    func taken() {
        #expect(Milestone.ownID(for: "First swim", taken: ["first-swim", "first-swim-2"]) == "first-swim-3")
        let long = Milestone.ownID(for: String(repeating: "ab ", count: 40), taken: [])
        #expect(long.count <= Milestone.maximumIDLength && !long.hasSuffix("-"))
    }

    @Test("a stored milestone is a built-in one without a title or an own one with a well-formed id and title")
    func check() {
        #expect(throws: Never.self) { try MilestoneRecords.validate(Milestone(id: "house-trained", title: nil, reached: nil)) }
        #expect(throws: Never.self) { try MilestoneRecords.validate(Milestone(id: "first-swim", title: "First swim", reached: nil)) }
        for bad in [Milestone(id: "first-swim", title: nil, reached: nil),          // no built-in of that id
                    Milestone(id: "house-trained", title: "Mine", reached: nil),     // a built-in's id
                    Milestone(id: "First Swim", title: "First swim", reached: nil),  // not lowercase
                    Milestone(id: "", title: "x", reached: nil),
                    Milestone(id: "swim", title: "", reached: nil),
                    Milestone(id: "swim", title: "a\u{0}b", reached: nil)] {
            #expect(throws: RecordRejection.self, "\(bad)") { try MilestoneRecords.validate(bad) }
        }
    }

    @Test("the list: every built-in one in order, reached or not, then the own ones by id")
    func list() throws {
        let day = try #require(LocalDay("2026-02-01"))
        let records = [Milestone(id: "zoomies", title: "Zoomies", reached: nil),
                       Milestone(id: "house-trained", title: nil, reached: day),
                       Milestone(id: "agility", title: "Agility", reached: day)]
        let list = MilestoneStatus.list(records)
        #expect(list.count == BuiltInMilestone.allCases.count + 2)
        #expect(list.prefix(BuiltInMilestone.allCases.count).map(\.builtIn) == BuiltInMilestone.allCases)
        #expect(list.first { $0.id == "house-trained" }?.reached == day)
        #expect(list.filter { $0.builtIn != nil && $0.reached != nil }.count == 1)
        #expect(list.suffix(2).map(\.id) == ["agility", "zoomies"])
        #expect(list.last?.ownTitle == "Zoomies")
    }
}
