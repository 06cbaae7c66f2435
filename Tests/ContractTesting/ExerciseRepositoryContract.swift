import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `ExerciseRepository` adapter keeps: the library comes back exactly and in
/// stored order, its seeded marker persists and is never cleared (so seeding happens once, even
/// from two handles at once), and an update whose change throws saves nothing.
public enum ExerciseRepositoryContract {
    typealias Case = ContractCase<any ExerciseRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any ExerciseRepository>] = [
        empty, roundTripInOrder, seededMarkerPersists, seededWithNothing, seededMarkerStays, concurrentSeeding,
        throwingUpdateSavesNothing,
    ]

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

    // MARK: - Cases

    static let empty = Case("an empty store has an empty, unseeded library") { factory in
        let library = try await factory.make().subject.library()
        #expect(library == ExerciseLibrary())
        #expect(library.exercises.isEmpty)
        #expect(!library.isSeeded)
    }

    static let roundTripInOrder = Case("a library comes back exactly and in stored order") { factory in
        for seeded in [false, true] {
            let store = try await factory.make()
            let expected = ExerciseLibrary(exercises: library, isSeeded: seeded)
            try await store.subject.update { library in library = expected }
            let loaded = try await store.reopen().library()
            #expect(loaded == expected)
            #expect(loaded.exercises.map(\.id) == library.map(\.id))
            #expect(loaded.isSeeded == seeded)
        }
    }

    static let seededMarkerPersists = Case("the seeded marker persists and seeding never happens twice") { factory in
        let store = try await factory.make()
        let defaults = library
        try await store.subject.update { library in library.seedIfNeeded(with: defaults) }
        let seeded = try await store.reopen().library()
        #expect(seeded == ExerciseLibrary(exercises: defaults, isSeeded: true))

        try await store.reopen().update { library in library.seedIfNeeded(with: more) }
        #expect(try await store.reopen().library() == seeded)
    }

    static let seededWithNothing = Case("seeding with an empty list still marks the store seeded") { factory in
        let store = try await factory.make()
        try await store.subject.update { library in library.seedIfNeeded(with: []) }
        #expect(try await store.reopen().library() == ExerciseLibrary(exercises: [], isSeeded: true))
        let defaults = library
        try await store.reopen().update { library in library.seedIfNeeded(with: defaults) }
        #expect(try await store.reopen().library().exercises.isEmpty)
    }

    static let seededMarkerStays = Case("the seeded marker is never cleared") { factory in
        let store = try await factory.make()
        try await store.subject.update { $0.seedIfNeeded(with: []) }
        try await store.subject.update { $0 = ExerciseLibrary(exercises: [], isSeeded: false) }
        #expect(try await store.reopen().library().isSeeded)
    }

    static let concurrentSeeding = Case("seeding at once from two handles adds the defaults once") { factory in
        let store = try await factory.make()
        let defaults = library
        var handles: [any ExerciseRepository] = []
        for _ in 0..<2 { handles.append(try await store.reopen()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for exercises in handles {
                group.addTask { try await exercises.update { library in library.seedIfNeeded(with: defaults) } }
            }
            try await group.waitForAll()
        }
        #expect(try await store.reopen().library() == ExerciseLibrary(exercises: defaults, isSeeded: true))
    }

    static let throwingUpdateSavesNothing = Case("an update whose change throws saves nothing") { factory in
        let store = try await factory.make()
        let defaults = library
        await #expect(throws: Refused.self) {
            try await store.subject.update { library in
                library.seedIfNeeded(with: defaults)
                throw Refused()
            }
        }
        #expect(try await store.reopen().library() == ExerciseLibrary())
    }
}
