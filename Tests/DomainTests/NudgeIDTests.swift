import Foundation
import Testing
import WellnessDomain

@Suite("NudgeID")
struct NudgeIDTests {
    @Test("every identifier, in a fixed order")
    func all() {
        #expect(NudgeID.all.map(\.description) == [
            "disable_medications", "disable_walks", "disable_socialization", "disable_training",
            "disable_feeding", "disable_documents", "disable_milestones",
            "enable_medications", "enable_walks", "enable_socialization", "enable_training",
            "enable_feeding", "enable_documents", "enable_milestones",
            "phase_puppy", "phase_adult", "phase_senior", "simplify",
        ])
        #expect(Set(NudgeID.all).count == NudgeID.all.count)
    }

    @Test("description and parse round trip", arguments: NudgeID.all)
    func roundTrip(id: NudgeID) throws {
        #expect(try NudgeID.parse(id.description) == id)
    }

    @Test("descriptions of the four kinds")
    func descriptions() {
        #expect(NudgeID.disable(.walks).description == "disable_walks")
        #expect(NudgeID.enable(.socialization).description == "enable_socialization")
        #expect(NudgeID.phase(.adult).description == "phase_adult")
        #expect(NudgeID.simplify.description == "simplify")
    }

    @Test("an unknown identifier is refused with every valid one listed", arguments: [
        "disable_grooming", "", "Disable_walks", "disable walks", "phase_", "simplify_walks", "enable_", " simplify",
    ])
    func unknown(text: String) {
        #expect(throws: InvalidValue(kind: .nudgeID, value: text, valid: NudgeID.all.map(\.description))) {
            try NudgeID.parse(text)
        }
    }

    @Test("the parse error message names the id and the valid ones")
    func errorMessage() throws {
        let error = try #require(#expect(throws: InvalidValue.self) { try NudgeID.parse("disable_grooming") })
        #expect(error.value == "disable_grooming")
        #expect(error.valid.contains("disable_walks") && error.valid.contains("simplify"))
        #expect(error.summary.hasPrefix("invalidValue.nudgeID(disable_grooming, "))
    }

    @Test("encodes as its description")
    func codable() throws {
        let ids: [NudgeID] = [.disable(.walks), .enable(.socialization), .phase(.senior), .simplify]
        let data = try JSONEncoder().encode(ids)
        #expect(String(decoding: data, as: UTF8.self)
                == #"["disable_walks","enable_socialization","phase_senior","simplify"]"#)
        #expect(try JSONDecoder().decode([NudgeID].self, from: data) == ids)
    }

    @Test("decoding an unknown id throws")
    func decodingUnknown() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([NudgeID].self, from: Data(#"["disable_grooming"]"#.utf8))
        }
    }
}
