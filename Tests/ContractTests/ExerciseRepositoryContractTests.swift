import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `ExerciseRepository` adapter keeps.
@Suite("ExerciseRepository contract")
struct ExerciseRepositoryContractTests {
    struct Refused: Error, Equatable {}

    /// A small library in deliberately non-alphabetic, non-group order.
    static let library: [ExerciseDefinition] = [
        ExerciseDefinition(id: .init("walking_lunge"), name: "Walking Lunge", muscleGroup: .quads,
                           secondaryMuscles: [.glutes, .hamstrings], equipment: .dumbbell, category: .strength),
        ExerciseDefinition(id: .init("burpee"), name: "Burpee", muscleGroup: .fullBody, equipment: .bodyweight,
                           category: .plyometric),
        ExerciseDefinition(id: .init("romanian_deadlift"), name: "Romanian Deadlift", muscleGroup: .hamstrings,
                           secondaryMuscles: [.glutes, .back], equipment: .barbell, category: .strength),
        ExerciseDefinition(id: .init("rowing_machine"), name: "Rowing Machine", muscleGroup: .cardio,
                           secondaryMuscles: [.back], equipment: .cardioMachine, category: .cardio),
        ExerciseDefinition(id: .init("cat_cow"), name: "Cat–Cow Stretch", muscleGroup: .core, equipment: .bodyweight,
                           category: .mobility),
    ]

    static let more: [ExerciseDefinition] = [
        ExerciseDefinition(id: .init("bench_press"), name: "Bench Press", muscleGroup: .chest, secondaryMuscles: [.triceps],
                           equipment: .barbell, category: .strength),
    ]

    @Test("an empty store has an empty, unseeded library", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let library = try await kind.makeStore().exercises.library()
        #expect(library == ExerciseLibrary())
        #expect(library.exercises.isEmpty)
        #expect(!library.isSeeded)
    }

    @Test("a library comes back exactly and in stored order", arguments: AdapterKind.allCases)
    func roundTripInOrder(kind: AdapterKind) async throws {
        for seeded in [false, true] {
            let store = try kind.makeStore()
            let expected = ExerciseLibrary(exercises: Self.library, isSeeded: seeded)
            try await store.exercises.update { library in library = expected }
            let loaded = try await kind.reopen(store).exercises.library()
            #expect(loaded == expected)
            #expect(loaded.exercises.map(\.id) == Self.library.map(\.id))
            #expect(loaded.isSeeded == seeded)
        }
    }

    @Test("the seeded marker persists and seeding never happens twice", arguments: AdapterKind.allCases)
    func seededMarkerPersists(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let defaults = Self.library
        try await store.exercises.update { library in library.seedIfNeeded(with: defaults) }
        let seeded = try await kind.reopen(store).exercises.library()
        #expect(seeded == ExerciseLibrary(exercises: defaults, isSeeded: true))

        let more = Self.more
        try await kind.reopen(store).exercises.update { library in library.seedIfNeeded(with: more) }
        #expect(try await kind.reopen(store).exercises.library() == seeded)
    }

    @Test("seeding with an empty list still marks the store seeded", arguments: AdapterKind.allCases)
    func seededWithNothing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.exercises.update { library in library.seedIfNeeded(with: []) }
        #expect(try await kind.reopen(store).exercises.library() == ExerciseLibrary(exercises: [], isSeeded: true))
        let defaults = Self.library
        try await kind.reopen(store).exercises.update { library in library.seedIfNeeded(with: defaults) }
        #expect(try await kind.reopen(store).exercises.library().exercises.isEmpty)
    }

    @Test("seeding at once from two handles adds the defaults once", arguments: AdapterKind.allCases)
    func concurrentSeeding(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let defaults = Self.library
        let handles = try (0..<2).map { _ in try kind.reopen(store).exercises }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for exercises in handles {
                group.addTask { try await exercises.update { library in library.seedIfNeeded(with: defaults) } }
            }
            try await group.waitForAll()
        }
        #expect(try await kind.reopen(store).exercises.library() == ExerciseLibrary(exercises: defaults, isSeeded: true))
    }

    @Test("an update whose change throws saves nothing", arguments: AdapterKind.allCases)
    func throwingUpdateSavesNothing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let defaults = Self.library
        await #expect(throws: Refused.self) {
            try await store.exercises.update { library in
                library.seedIfNeeded(with: defaults)
                throw Refused()
            }
        }
        #expect(try await kind.reopen(store).exercises.library() == ExerciseLibrary())
    }
}
