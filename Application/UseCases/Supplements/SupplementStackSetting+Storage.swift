import WellnessDomain

extension SupplementStackSetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> SupplementStack {
        try await stores.supplements.stack()
    }

    public static func write(_ stack: SupplementStack, into stores: WellnessRepositories) async throws {
        try await stores.supplements.update { $0 = stack }
    }
}
