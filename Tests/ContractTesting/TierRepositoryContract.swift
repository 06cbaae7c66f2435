import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `TierRepository` adapter keeps: Free until set, the last tier set wins,
/// persisted, without disturbing the Drift data stored beside it.
public enum TierRepositoryContract {
    typealias Case = ContractCase<DriftRepositories>

    /// Every rule of the contract.
    public static let cases: [ContractCase<DriftRepositories>] = [freeByDefault, setAndGet, independentOfOtherData,
                                                                  readWithCheckins]

    // MARK: - Cases

    static let freeByDefault = Case("a new store is on the Free tier, through any handle") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.tier.tier() == .free)
        #expect(try await store.reopen().tier.tier() == .free)
    }

    static let setAndGet = Case("the tier set is the tier read, here and through another handle") { factory in
        let store = try await factory.make()
        try await store.subject.tier.setTier(.pro)
        #expect(try await store.subject.tier.tier() == .pro)
        #expect(try await store.reopen().tier.tier() == .pro)

        try await store.reopen().tier.setTier(.free)
        #expect(try await store.subject.tier.tier() == .free)
        #expect(try await store.reopen().tier.tier() == .free)

        try await store.subject.tier.setTier(.pro)
        try await store.subject.tier.setTier(.pro)
        #expect(try await store.reopen().tier.tier() == .pro, "setting the same tier twice is harmless")
    }

    static let readWithCheckins = Case(
        "check-ins read with this store's tier give this store's tier, as it is set, through any handle"
    ) { factory in
        let store = try await factory.make()
        let checkin = try Checkin(day: Fixtures.day("2026-11-20"), energy: 4, stress: 2, social: 5)
        #expect(try await store.subject.checkins.save(checkin, replacing: false))
        let days = Fixtures.day("2026-11-14")...Fixtures.day("2026-11-20")
        let free = try await store.subject.checkins.checkins(on: days, withTierFrom: store.subject.tier)
        #expect(free.checkins == [checkin] && free.tier == .free)
        try await store.reopen().tier.setTier(.pro)
        let pro = try await store.subject.checkins.checkins(on: days, withTierFrom: store.subject.tier)
        #expect(pro.checkins == [checkin] && pro.tier == .pro)
        let reopened = try await store.reopen()
        #expect(try await reopened.checkins.checkins(on: days, withTierFrom: reopened.tier).tier == .pro)
    }

    static let independentOfOtherData = Case("the tier does not disturb the other Drift data") { factory in
        let store = try await factory.make()
        let day = Fixtures.day("2026-11-20")
        let checkin = try Checkin(day: day, energy: 4, stress: 2, social: 5)
        #expect(try await store.subject.checkins.save(checkin, replacing: false))
        try await store.subject.driftCache.store("tier", data: Data("\"free\"".utf8),
                                                 fetchedAt: Fixtures.instant("2026-11-20T09:00:00Z"))
        try await store.subject.tier.setTier(.pro)

        let reopened = try await store.reopen()
        #expect(try await reopened.tier.tier() == .pro)
        #expect(try await reopened.checkins.checkins(on: day...day) == [checkin])
        #expect(try await reopened.driftCache.cached("tier")?.data == Data("\"free\"".utf8))
    }
}
