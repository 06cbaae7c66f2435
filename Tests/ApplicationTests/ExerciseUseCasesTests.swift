import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// ListExercises and SearchExercises over a small default library.
@Suite("ListExercises and SearchExercises")
struct ExerciseUseCasesTests {
    @Test("the first use seeds the defaults once; later defaults are not added")
    func seededOnce() async throws {
        let world = TestWorld()
        #expect(await world.exercises.library() == ExerciseLibrary())
        let listed = try await world.listExercises.execute()
        #expect(Set(listed.map(\.id)) == Set(TestWorld.sampleExercises.map(\.id)))
        #expect(await world.exercises.library() == ExerciseLibrary(exercises: TestWorld.sampleExercises, isSeeded: true))

        let other = [ExerciseDefinition(id: .init("curl"), name: "Curl", muscleGroup: .biceps, equipment: .dumbbell,
                                        category: .strength)]
        let later = ListExercises(exercises: world.exercises, defaults: other)
        #expect(try await later.execute() == listed)
        #expect(try await SearchExercises(exercises: world.exercises, defaults: other).execute("curl")
                .map(\.name) == ["Nordic Curl"])
        #expect(await world.exercises.library().exercises.count == TestWorld.sampleExercises.count)
    }

    @Test("searching first also seeds")
    func searchSeeds() async throws {
        let world = TestWorld()
        #expect(try await world.searchExercises.execute("press").map(\.name) == ["Bench Press"])
        #expect(await world.exercises.library().isSeeded)
    }

    @Test("sorted by muscle group in declaration order, then name")
    func sortOrder() async throws {
        let world = TestWorld()
        let listed = try await world.listExercises.execute()
        #expect(listed.map(\.name) == [
            "Bench Press", "Dumbbell Fly", "Push-Up", // chest
            "Barbell Row", // back
            "Développé Militaire", // shoulders
            "Nordic Curl", "Romanian Deadlift", // hamstrings
            "Rowing Machine", // cardio
        ])
    }

    @Test("filters by primary muscle group")
    func byGroup() async throws {
        let world = TestWorld()
        #expect(try await world.listExercises.execute(muscleGroup: .chest).map(\.name)
                == ["Bench Press", "Dumbbell Fly", "Push-Up"])
        // A secondary muscle does not list an exercise under that group.
        #expect(try await world.listExercises.execute(muscleGroup: .triceps).isEmpty)
        #expect(try await world.listExercises.execute(muscleGroup: .calves).isEmpty)
    }

    @Test("filters by equipment, and by both")
    func byEquipment() async throws {
        let world = TestWorld()
        #expect(try await world.listExercises.execute(equipment: .barbell).map(\.name)
                == ["Bench Press", "Barbell Row", "Développé Militaire", "Romanian Deadlift"])
        #expect(try await world.listExercises.execute(muscleGroup: .chest, equipment: .barbell).map(\.name)
                == ["Bench Press"])
        #expect(try await world.listExercises.execute(muscleGroup: .hamstrings, equipment: .bodyweight).map(\.name)
                == ["Nordic Curl"])
        #expect(try await world.listExercises.execute(muscleGroup: .back, equipment: .cable).isEmpty)
    }

    @Test("search is case- and accent-insensitive, sorted by name", arguments: [
        ("ROMÁNIAN", ["Romanian Deadlift"]),
        ("developpe", ["Développé Militaire"]),
        ("DÉVELOPPÉ", ["Développé Militaire"]),
        ("row", ["Barbell Row", "Rowing Machine"]),
        ("u", ["Dumbbell Fly", "Nordic Curl", "Push-Up"]),
        ("squat", []),
    ])
    func search(text: String, expected: [String]) async throws {
        let world = TestWorld()
        #expect(try await world.searchExercises.execute(text).map(\.name) == expected)
    }

    @Test("an empty search lists every exercise by name")
    func emptySearch() async throws {
        let world = TestWorld()
        #expect(try await world.searchExercises.execute("  ").map(\.name) == TestWorld.sampleExercises.map(\.name).sorted())
    }
}
