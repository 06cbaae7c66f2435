import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("DogProfile")
struct DogProfileTests {
    let today = Fixtures.day("2026-05-01")

    @Test("a valid profile keeps the trimmed name and the birth date")
    func valid() throws {
        let profile = try DogProfile(name: "  Bobbie \n", birthDate: Fixtures.day("2026-02-20"), today: today)
        #expect(profile.name == "Bobbie")
        #expect(profile.birthDate == Fixtures.day("2026-02-20"))
    }

    @Test("a dog born today is accepted")
    func bornToday() throws {
        let profile = try DogProfile(name: "Pup", birthDate: today, today: today)
        #expect(profile.ageInWeeks(today: today) == 0)
        #expect(profile.lifePhase(today: today) == .puppy)
    }

    @Test("a blank name is refused", arguments: ["", " ", "   ", "\n\t", "\u{00A0}"])
    func blankName(name: String) {
        #expect(throws: DogProfileError.emptyName) {
            try DogProfile(name: name, birthDate: Fixtures.day("2025-01-01"), today: today)
        }
    }

    @Test("a name of more than 100 characters is refused; 100 is fine")
    func nameLength() throws {
        #expect(throws: DogProfileError.nameTooLong(101)) {
            try DogProfile(name: String(repeating: "a", count: 101), birthDate: today, today: today)
        }
        let profile = try DogProfile(name: String(repeating: "a", count: 100), birthDate: today, today: today)
        #expect(profile.name.count == 100)
    }

    @Test("a birth date in the future is refused", arguments: ["2026-05-02", "2027-01-01"])
    func futureBirthDate(birth: String) {
        let day = Fixtures.day(birth)
        #expect(throws: DogProfileError.birthDateInFuture(day)) {
            try DogProfile(name: "Bobbie", birthDate: day, today: today)
        }
    }

    @Test("errors carry what a message needs: the length, the date")
    func errorDetails() {
        #expect(DogProfileError.emptyName.details.isEmpty)
        #expect(DogProfileError.nameTooLong(120).details == [.number(120)])
        #expect(DogProfileError.birthDateInFuture(Fixtures.day("2027-01-01")).details == [.verbatim("2027-01-01")])
        #expect(DogProfileError.birthDateInFuture(Fixtures.day("2027-01-01")).message.key
                == "error.dogProfile.birthDateInFuture")
    }

    @Test("age in whole weeks", arguments: [
        ("2026-05-01", 0), ("2026-04-25", 0), ("2026-04-24", 1), ("2026-02-20", 10), ("2025-05-01", 52),
    ])
    func ageInWeeks(birth: String, weeks: Int) {
        #expect(DogProfile(storedName: "Bobbie", birthDate: Fixtures.day(birth)).ageInWeeks(today: today) == weeks)
    }

    @Test("stored values are taken as they are")
    func storedInit() {
        let profile = DogProfile(storedName: "  ", birthDate: Fixtures.day("2030-01-01"))
        #expect(profile.name == "  ")
        #expect(profile.ageInWeeks(today: today) == 0)
    }

    @Test("encodes the birth date as YYYY-MM-DD")
    func codable() throws {
        let profile = try DogProfile(name: "Bobbie", birthDate: Fixtures.day("2026-02-20"), today: today)
        let data = try JSONEncoder().encode(profile)
        #expect(String(decoding: data, as: UTF8.self).contains(#""2026-02-20""#))
        #expect(try JSONDecoder().decode(DogProfile.self, from: data) == profile)
    }
}
