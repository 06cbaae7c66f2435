import Foundation
import WellnessDomain

extension TierSetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> Tier {
        try await stores.tier.tier()
    }

    public static func write(_ tier: Tier, into stores: WellnessRepositories) async throws {
        try await stores.tier.setTier(tier)
    }
}

extension CheckinPauseSetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> Date? {
        try await stores.checkinQueue.pausedUntil()
    }

    public static func write(_ until: Date?, into stores: WellnessRepositories) async throws {
        if let until { try await stores.checkinQueue.pause(until: until) }
    }
}
