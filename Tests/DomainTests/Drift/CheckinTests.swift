import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Drift check-ins")
struct DriftCheckinTests {
    let day = Fixtures.day("2026-03-29")

    @Test("a valid check-in keeps its ratings and trims the key contact")
    func valid() throws {
        let checkin = try Checkin(day: day, energy: 1, stress: 5, social: 3, keyContact: "  Sam Jones \n")
        #expect(checkin.day == day)
        #expect(checkin.energy == 1)
        #expect(checkin.stress == 5)
        #expect(checkin.social == 3)
        #expect(checkin.keyContact == "Sam Jones")
        #expect(checkin.rating(.energy) == 1)
        #expect(checkin.rating(.stress) == 5)
        #expect(checkin.rating(.social) == 3)
    }

    @Test("a blank or missing key contact is nil", arguments: [nil, "", "   ", "\n\t"] as [String?])
    func blankContact(contact: String?) throws {
        #expect(try Checkin(day: day, energy: 3, stress: 3, social: 3, keyContact: contact).keyContact == nil)
    }

    @Test("a key contact of 100 characters is accepted, 101 refused")
    func contactLength() throws {
        let hundred = String(repeating: "a", count: 100)
        #expect(try Checkin(day: day, energy: 3, stress: 3, social: 3, keyContact: " \(hundred) ").keyContact == hundred)
        #expect(throws: CheckinError.keyContactTooLong(101)) {
            try Checkin(day: day, energy: 3, stress: 3, social: 3, keyContact: hundred + "b")
        }
    }

    @Test("every rating from 1 to 5 is accepted for every field", arguments: DriftMetric.allCases, 1...5)
    func inRange(field: DriftMetric, value: Int) throws {
        let checkin = try Checkin(day: day, energy: field == .energy ? value : 3, stress: field == .stress ? value : 3,
                                  social: field == .social ? value : 3)
        #expect(checkin.rating(field) == value)
    }

    @Test("a rating outside 1...5 is refused naming the field", arguments: DriftMetric.allCases, [0, 6, 7, -1, 100])
    func outOfRange(field: DriftMetric, value: Int) {
        #expect(throws: CheckinError.outOfRange(field: field, value: value)) {
            try Checkin(day: day, energy: field == .energy ? value : 3, stress: field == .stress ? value : 3,
                        social: field == .social ? value : 3)
        }
    }

    @Test("the first bad field is named when several are bad")
    func firstBadField() {
        #expect(throws: CheckinError.outOfRange(field: .stress, value: 9)) {
            try Checkin(day: day, energy: 3, stress: 9, social: 0)
        }
    }

    @Test("errors carry the field, the value and the limit")
    func messages() {
        #expect(CheckinError.outOfRange(field: .energy, value: 7).summary == "checkin.outOfRange(energy, 7)")
        #expect(CheckinError.notAWholeNumber(field: .social, text: "3.5").summary == "checkin.notAWholeNumber(social, 3.5)")
        #expect(CheckinError.keyContactTooLong(120).summary == "checkin.keyContactTooLong(120, 100)")
    }

    @Test("typed ratings: whole numbers 1...5, whitespace ignored",
          arguments: [("1", 1), ("5", 5), (" 3 ", 3), ("03", 3), ("+4", 4)])
    func parse(text: String, value: Int) throws {
        #expect(try Checkin.parseRating(text, for: .energy) == value)
    }

    @Test("typed ratings that are not whole numbers are refused naming the field",
          arguments: ["3.5", "abc", "", " ", "3,0", "1e1", "three", "4.0", "99999999999999999999"])
    func parseNotWhole(text: String) {
        #expect(throws: CheckinError.notAWholeNumber(field: .stress, text: text)) {
            try Checkin.parseRating(text, for: .stress)
        }
    }

    @Test("typed whole numbers outside 1...5 are refused as out of range", arguments: [("0", 0), ("6", 6), ("-2", -2)])
    func parseOutOfRange(text: String, value: Int) {
        #expect(throws: CheckinError.outOfRange(field: .social, value: value)) {
            try Checkin.parseRating(text, for: .social)
        }
    }

    @Test("drift index = mean of (6 − energy), stress, (6 − social)", arguments: [
        (5, 1, 5, 1.0), (1, 5, 1, 5.0), (3, 3, 3, 3.0), (4, 2, 4, 2.0),
        (2, 4, 3, 11.0 / 3), (3, 4, 3, 10.0 / 3), (5, 1, 4, 4.0 / 3), (1, 1, 1, 11.0 / 3),
    ] as [(Int, Int, Int, Double)])
    func driftIndex(energy: Int, stress: Int, social: Int, expected: Double) throws {
        let checkin = try Checkin(day: day, energy: energy, stress: stress, social: social)
        #expect(checkin.driftIndex == expected)
    }

    @Test("a high drift is a drift index of 3.5 or more: 10/3 is not, 11/3 is")
    func highDrift() throws {
        #expect(try !Checkin(day: day, energy: 3, stress: 4, social: 3).isHighDrift) // 10/3 = 3.33
        #expect(try Checkin(day: day, energy: 2, stress: 4, social: 3).isHighDrift) // 11/3 = 3.67
        #expect(try Checkin(day: day, energy: 1, stress: 5, social: 1).isHighDrift) // 5
        #expect(try !Checkin(day: day, energy: 5, stress: 1, social: 5).isHighDrift) // 1
    }

    @Test("JSON: day as YYYY-MM-DD, keyContact present or explicitly null, and back")
    func json() throws {
        let with = try Checkin(day: day, energy: 2, stress: 4, social: 3, keyContact: "Sam")
        let without = try Checkin(day: day, energy: 2, stress: 4, social: 3)
        #expect(try DriftFixtures.json(with)
            == #"{"day":"2026-03-29","energy":2,"keyContact":"Sam","social":3,"stress":4}"#)
        #expect(try DriftFixtures.json(without)
            == #"{"day":"2026-03-29","energy":2,"keyContact":null,"social":3,"stress":4}"#)
        for checkin in [with, without] {
            #expect(try JSONDecoder().decode(Checkin.self, from: JSONEncoder().encode(checkin)) == checkin)
        }
        let missingKey = Data(#"{"day":"2026-03-29","energy":2,"social":3,"stress":4}"#.utf8)
        #expect(try JSONDecoder().decode(Checkin.self, from: missingKey) == without)
    }

    @Test("decoding refuses stored ratings out of range instead of accepting them")
    func decodeValidates() {
        let bad = Data(#"{"day":"2026-03-29","energy":7,"social":3,"stress":4,"keyContact":null}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Checkin.self, from: bad) }
        let badDay = Data(#"{"day":"2026-02-30","energy":3,"social":3,"stress":4}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Checkin.self, from: badDay) }
    }

    @Test("metric names: localisation keys and capitalised English names")
    func metricNames() {
        #expect(DriftMetric.allCases.map(\.name.key) == ["drift.metric.energy", "drift.metric.stress", "drift.metric.social"])
        #expect(DriftMetric.allCases.map(\.englishName) == ["Energy", "Stress", "Social"])
    }
}
