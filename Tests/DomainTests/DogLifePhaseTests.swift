import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("DogLifePhase")
struct DogLifePhaseTests {
    @Test("puppy under 52 weeks, adult under 7 years, senior after", arguments: [
        ("2025-01-01", "2025-01-01", DogLifePhase.puppy),
        ("2025-01-01", "2025-12-30", .puppy),   // 363 days: 51 weeks
        ("2025-01-01", "2025-12-31", .adult),   // 364 days: 52 weeks
        ("2025-01-01", "2026-01-01", .adult),
        ("2019-03-10", "2026-03-09", .adult),   // one day short of 7 years
        ("2019-03-10", "2026-03-10", .senior),  // 7th birthday
        ("2015-06-01", "2026-06-01", .senior),
        ("2020-02-29", "2021-02-26", .puppy),   // 363 days
        ("2020-02-29", "2021-02-27", .adult),   // 364 days
        ("2020-02-29", "2027-02-28", .adult),   // leap-day birthday not yet reached in a common year
        ("2020-02-29", "2027-03-01", .senior),  // completes 7 years on 1 March
        ("2021-02-28", "2028-02-28", .senior),
        ("2021-03-01", "2028-02-29", .adult),
    ])
    func phase(birth: String, today: String, expected: DogLifePhase) {
        #expect(DogLifePhase(birthDate: Fixtures.day(birth), today: Fixtures.day(today)) == expected)
    }

    @Test("a birth date after today is still a puppy, not a crash")
    func futureBirthDate() {
        #expect(DogLifePhase(birthDate: Fixtures.day("2026-06-01"), today: Fixtures.day("2026-05-01")) == .puppy)
    }

    @Test("the display name is a localisation key", arguments: DogLifePhase.allCases)
    func name(phase: DogLifePhase) {
        #expect(phase.name == LocalizedText("phase.\(phase.rawValue)"))
    }

    @Test("the phases in order")
    func allCases() {
        #expect(DogLifePhase.allCases == [.puppy, .adult, .senior])
    }
}
