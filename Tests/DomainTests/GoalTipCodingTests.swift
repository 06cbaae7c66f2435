import Foundation
import Testing
import WellnessDomain

@Suite("GoalTip coding")
struct GoalTipCodingTests {
    static let id = GoalTip.ID(UUID(uuidString: "0A0B0C0D-0000-4000-8000-00000000ABCD")!)

    @Test("a tip's id is written in lower case and read in any case")
    func lowerCaseID() throws {
        let tip = GoalTip(id: Self.id, tip: "Walk after lunch", category: .exercise, priority: .high)
        let data = try JSONEncoder().encode(tip)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["id"] as? String == "0a0b0c0d-0000-4000-8000-00000000abcd")
        #expect(Set(object.keys) == ["id", "tip", "category", "priority"])
        #expect(try JSONDecoder().decode(GoalTip.self, from: data) == tip)
        let upper = Data(#"{"id": "0A0B0C0D-0000-4000-8000-00000000ABCD", "tip": "Walk after lunch", "category": "exercise", "priority": "high"}"#.utf8)
        #expect(try JSONDecoder().decode(GoalTip.self, from: upper) == tip, "as stored by earlier versions")
    }
}
