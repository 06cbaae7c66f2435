import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `TierRepository` adapter keeps: Free until set, the last tier set wins,
/// persisted.
@Suite("TierRepository contract")
struct TierRepositoryContractTests {
    @Test("a new store is on the Free tier, through any handle", arguments: AdapterKind.allCases)
    func freeByDefault(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.tier.tier() == .free)
        #expect(try await kind.reopen(store).tier.tier() == .free)
    }

    @Test("the tier set is the tier read, here and through another handle", arguments: AdapterKind.allCases)
    func setAndGet(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.tier.setTier(.pro)
        #expect(try await store.tier.tier() == .pro)
        #expect(try await kind.reopen(store).tier.tier() == .pro)

        try await kind.reopen(store).tier.setTier(.free)
        #expect(try await store.tier.tier() == .free)
        #expect(try await kind.reopen(store).tier.tier() == .free)

        try await store.tier.setTier(.pro)
        try await store.tier.setTier(.pro)
        #expect(try await kind.reopen(store).tier.tier() == .pro, "setting the same tier twice is harmless")
    }

    @Test("the tier does not disturb the other Drift data", arguments: AdapterKind.allCases)
    func independentOfOtherData(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let day = Fixtures.day("2026-11-20")
        let checkin = try Checkin(day: day, energy: 4, stress: 2, social: 5)
        #expect(try await store.checkins.save(checkin, replacing: false))
        try await store.driftCache.store("tier", data: Data("\"free\"".utf8), fetchedAt: Fixtures.instant("2026-11-20T09:00:00Z"))
        try await store.tier.setTier(.pro)

        let reopened = try kind.reopen(store)
        #expect(try await reopened.tier.tier() == .pro)
        #expect(try await reopened.checkins.checkins(on: day...day) == [checkin])
        #expect(try await reopened.driftCache.cached("tier")?.data == Data("\"free\"".utf8))
    }
}
