import Foundation
import Testing
import WellnessDomain

@Suite("TypedID: one generic id for every entity")
struct TypedIDTests {
    let uuid = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    @Test("a UUID id shows in lower case and encodes as its bare raw value")
    func uuidIDs() throws {
        let id = Goal.ID(uuid)
        #expect(id.description == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(id.rawValue == uuid)
        let encoded = try JSONEncoder().encode([id])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"6F9619FF-8B86-D011-B42D-00C04FC964FF\"]")
        #expect(try JSONDecoder().decode([Goal.ID].self, from: encoded) == [id])
    }

    @Test("a UUID id's text is uuidString in lower case, for every byte value")
    func uuidText() {
        var generator = SplitMix64(seed: 7)
        var uuids = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for _ in 0..<1000 {
            let (a, b) = (generator.next(), generator.next())
            uuids.append(withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) })
        }
        for uuid in uuids {
            #expect(Goal.ID(uuid).description == uuid.uuidString.lowercased())
        }
    }

    @Test("a string id is its text, compares by it, and can be written as a literal")
    func stringIDs() throws {
        let id: Intervention.ID = "hydration_morning"
        #expect(id.description == "hydration_morning")
        #expect(Intervention.ID("a") < Intervention.ID("b"))
        let encoded = try JSONEncoder().encode(id)
        #expect(String(decoding: encoded, as: UTF8.self) == "\"hydration_morning\"")
        #expect(try JSONDecoder().decode(Intervention.ID.self, from: encoded) == id)
    }

    @Test("new ids are random and a wrong raw value is refused when decoding")
    func freshAndRefused() {
        #expect(Goal.ID() != Goal.ID())
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Goal.ID.self, from: Data("\"not-a-uuid\"".utf8)) }
    }

    @Test("ids of different entities are different types even with one raw value")
    func distinctTypes() throws {
        let goal = Goal.ID(uuid), supplement = Supplement.ID(uuid), tip = GoalTip.ID(uuid), queued = QueuedCheckin.ID(uuid)
        #expect(goal.rawValue == supplement.rawValue && tip.rawValue == queued.rawValue)
        #expect(type(of: goal) != type(of: supplement))
        #expect(QueuedCheckin(id: queued, checkin: try Checkin(day: try #require(LocalDay("2026-03-29")), energy: 3, stress: 3, social: 3),
                              queuedAt: Date(timeIntervalSince1970: 0)).idempotencyKey == queued.description)
    }
}
