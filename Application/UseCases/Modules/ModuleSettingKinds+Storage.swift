import WellnessDomain

extension ModuleSettingsSetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> ModuleSettings? {
        try await stores.moduleSettings.load()
    }

    public static func write(_ settings: ModuleSettings?, into stores: WellnessRepositories) async throws {
        if let settings { try await stores.moduleSettings.update { $0 = settings } }
    }
}

extension DogProfileSetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> DogProfile? {
        try await stores.dogProfile.load()
    }

    public static func write(_ profile: DogProfile?, into stores: WellnessRepositories) async throws {
        if let profile { try await stores.dogProfile.save(profile) }
    }
}
