import Testing
import WellnessDomain
import WellnessTestSupport

/// The contract every `DogProfileRepository` adapter keeps.
@Suite("DogProfileRepository contract")
struct DogProfileRepositoryContractTests {
    @Test("no profile until one is saved", arguments: AdapterKind.allCases)
    func emptyIsNil(kind: AdapterKind) async throws {
        #expect(try await kind.makeStore().dogProfile.load() == nil)
    }

    @Test("save then load, also from a second handle", arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let profile = DogProfile(storedName: "Ollie, \"the good boy\" — ✓", birthDate: Fixtures.day("2024-02-29"))
        try await store.dogProfile.save(profile)
        #expect(try await store.dogProfile.load() == profile)
        #expect(try await kind.reopen(store).dogProfile.load() == profile)
    }

    @Test("saving again replaces the profile", arguments: AdapterKind.allCases)
    func replaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.dogProfile.save(DogProfile(storedName: "Ollie", birthDate: Fixtures.day("2025-01-10")))
        let second = DogProfile(storedName: "Bo", birthDate: Fixtures.day("2019-06-01"))
        try await store.dogProfile.save(second)
        #expect(try await kind.reopen(store).dogProfile.load() == second)
    }
}
