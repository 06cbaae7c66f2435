import WellnessDomain

extension ExerciseLibrarySetting: StoredSettingKind {
    public static func read(from stores: WellnessRepositories) async throws -> ExerciseLibrary {
        try await stores.exercises.library()
    }

    public static func write(_ library: ExerciseLibrary, into stores: WellnessRepositories) async throws {
        try await stores.exercises.update { $0 = library }
    }
}
