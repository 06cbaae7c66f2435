import Foundation

/// The tier the store holds (Free or Pro): a subscription setting, not a person's data.
public enum TierSetting: SettingKind {
    public static let name = "tier"
    public static var unused: Tier { .free }
    public static var isData: Bool { false }
    /// The server's to say: received, never sent.
    public static var syncRule: SyncRule { .serverOwned }

    public static func encode(_ tier: Tier, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(tier, forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> Tier {
        try container.decode(Tier.self, forKey: key)
    }
}

/// Until when the server asked not to be sent check-ins; `nil` when it did not.
public enum CheckinPauseSetting: SettingKind {
    public static let name = "checkinsPausedUntil"
    /// What the server told this device: it stays here.
    public static var syncRule: SyncRule { .deviceLocal }
    public static var unused: Date? { nil }

    public static func encode(_ until: Date?, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(until, forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> Date? {
        try container.decodeIfPresent(Date.self, forKey: key)
    }
}
