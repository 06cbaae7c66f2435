import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `DogProfileRepository` adapter keeps: no profile until one is saved, then
/// exactly the last one saved, through any handle.
public enum DogProfileRepositoryContract {
    typealias Case = ContractCase<any DogProfileRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any DogProfileRepository>] = [emptyIsNil, roundTrip, replaces]

    // MARK: - Cases

    static let emptyIsNil = Case("no profile until one is saved") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.load() == nil)
    }

    static let roundTrip = Case("save then load, also from a second handle") { factory in
        let store = try await factory.make()
        let profile = DogProfile(storedName: "Ollie, \"the good boy\" — ✓", birthDate: Fixtures.day("2024-02-29"))
        try await store.subject.save(profile)
        #expect(try await store.subject.load() == profile)
        #expect(try await store.reopen().load() == profile)
    }

    static let replaces = Case("saving again replaces the profile") { factory in
        let store = try await factory.make()
        try await store.subject.save(DogProfile(storedName: "Ollie", birthDate: Fixtures.day("2025-01-10")))
        let second = DogProfile(storedName: "Bo", birthDate: Fixtures.day("2019-06-01"))
        try await store.subject.save(second)
        #expect(try await store.reopen().load() == second)
    }
}
