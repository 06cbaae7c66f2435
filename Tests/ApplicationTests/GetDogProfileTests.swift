import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("GetDogProfile")
struct GetDogProfileTests {
    @Test("nil when no profile was set")
    func none() async throws {
        #expect(try await TestWorld().getDogProfile.execute() == nil)
    }

    @Test("age and phase follow today's date", arguments: [
        ("2026-03-01T10:00:00+01:00", 10, DogLifePhase.puppy),
        ("2026-12-19T10:00:00+01:00", 51, .puppy),
        ("2026-12-20T10:00:00+01:00", 52, .adult),
        ("2032-12-20T10:00:00+01:00", 365, .adult),
        ("2032-12-21T10:00:00+01:00", 365, .senior),
    ])
    func ageAndPhase(now: String, weeks: Int, phase: DogLifePhase) async throws {
        let profile = DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2025-12-21"))
        let world = TestWorld(now: now, profile: profile)
        let status = try #require(try await world.getDogProfile.execute())
        #expect(status.profile == profile)
        #expect(status.ageInWeeks == weeks)
        #expect(status.lifePhase == phase)
    }

    @Test("today is the date in the person's time zone")
    func localToday() async throws {
        // 52 weeks old on 2026-12-20: reached at 00:30 in Tokyo while still the 19th in Los Angeles.
        let profile = DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2025-12-21"))
        let tokyo = TestWorld(now: "2026-12-19T15:30:00Z", zone: "Asia/Tokyo", profile: profile)
        let la = TestWorld(now: "2026-12-19T15:30:00Z", zone: "America/Los_Angeles", profile: profile)
        #expect(try await tokyo.getDogProfile.execute()?.lifePhase == .adult)
        #expect(try await la.getDogProfile.execute()?.lifePhase == .puppy)
    }
}
