import Foundation

/// The module choices and each module's activity; `nil` until modules are set up.
public enum ModuleSettingsSetting: SettingKind {
    public static let name = "moduleSettings"
    /// A module switched on one device and another used on a second are both kept: each
    /// module's entry merges on its own, field by field.
    public static var syncRule: SyncRule { .fields(elements: ["entries": .field("module")]) }
    public static var unused: ModuleSettings? { nil }

    public static func encode(_ settings: ModuleSettings?, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(settings, forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> ModuleSettings? {
        try container.decodeIfPresent(ModuleSettings.self, forKey: key)
    }
}

/// The profile of the dog; `nil` until one is set.
public enum DogProfileSetting: SettingKind {
    public static let name = "dogProfile"
    /// The name changed on one device and the birth date on another are both kept.
    public static var syncRule: SyncRule { .fields() }
    public static var unused: DogProfile? { nil }

    public static func encode(_ profile: DogProfile?, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(profile, forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> DogProfile? {
        try container.decodeIfPresent(DogProfile.self, forKey: key)
    }

    /// The name's rules, as `profile set` checks them.
    public static func validate(_ profile: DogProfile?) throws(RecordRejection) {
        guard let profile else { return }
        try RecordRejection.checking { _ = try DogProfile(name: profile.name, birthDate: profile.birthDate, today: profile.birthDate) }
    }
}
