import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("SetDogProfile")
struct SetDogProfileTests {
    @Test("saves a valid profile and returns its age and phase today")
    func saves() async throws {
        let world = TestWorld(now: "2026-03-01T10:00:00+01:00")
        let status = try await world.setDogProfile.execute(name: " Bobbie ", birthDate: Fixtures.day("2025-12-21"))
        #expect(status.profile.name == "Bobbie")
        #expect(status.ageInWeeks == 10)
        #expect(status.lifePhase == .puppy)
        #expect(await world.profiles.load() == status.profile)
    }

    @Test("replaces the earlier profile")
    func replaces() async throws {
        let world = TestWorld()
        _ = try await world.setDogProfile.execute(name: "Bobbie", birthDate: Fixtures.day("2025-12-21"))
        _ = try await world.setDogProfile.execute(name: "Rex", birthDate: Fixtures.day("2019-01-01"))
        #expect(await world.profiles.load() == DogProfile(storedName: "Rex", birthDate: Fixtures.day("2019-01-01")))
    }

    @Test("a blank name is refused and nothing is saved")
    func blankName() async {
        let world = TestWorld()
        await #expect(throws: DogProfileError.emptyName) {
            try await world.setDogProfile.execute(name: "  ", birthDate: Fixtures.day("2025-12-21"))
        }
        #expect(await world.profiles.load() == nil)
    }

    @Test("a birth date after today (in the person's zone) is refused")
    func futureBirthDate() async {
        // 1 March in UTC, still 28 February (21:00) in Los Angeles.
        let world = TestWorld(now: "2026-03-01T05:00:00Z", zone: "America/Los_Angeles")
        await #expect(throws: DogProfileError.birthDateInFuture(Fixtures.day("2026-03-01"))) {
            try await world.setDogProfile.execute(name: "Bobbie", birthDate: Fixtures.day("2026-03-01"))
        }
        #expect(await world.profiles.load() == nil)
    }

    @Test("a dog born today is accepted")
    func bornToday() async throws {
        let world = TestWorld(now: "2026-03-01T05:00:00Z", zone: "America/Los_Angeles")
        let status = try await world.setDogProfile.execute(name: "Bobbie", birthDate: Fixtures.day("2026-02-28"))
        #expect(status.ageInWeeks == 0)
        #expect(status.lifePhase == .puppy)
    }
}
