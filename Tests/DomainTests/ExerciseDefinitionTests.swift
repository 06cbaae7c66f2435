import Foundation
import Testing
import WellnessDomain

@Suite("ExerciseDefinition")
struct ExerciseDefinitionTests {
    static func exercise(_ id: String, _ name: String, _ group: MuscleGroup = .hamstrings,
                         equipment: Equipment = .barbell) -> ExerciseDefinition {
        ExerciseDefinition(id: .init(id), name: name, muscleGroup: group, secondaryMuscles: [.glutes],
                           equipment: equipment, category: .strength)
    }

    static let romanian = exercise("romanian_deadlift", "Romanian Deadlift")

    @Test("search ignores case and accents", arguments: [
        "ROMÁNIAN", "romanian", "Romanian Deadlift", "deadlift", "DEADLIFT", "rómánián déádlíft", "  roman ", "",
        "ｒｏｍａｎｉａｎ",
    ])
    func matches(query: String) {
        #expect(Self.romanian.matches(query), "\(query)")
    }

    @Test("a name with accents is found without them, and the other way round")
    func accentedName() {
        let exercise = Self.exercise("pres", "Développé Couché", .chest)
        #expect(exercise.matches("developpe"))
        #expect(exercise.matches("COUCHE"))
        #expect(exercise.matches("Développé"))
        #expect(!exercise.matches("squat"))
    }

    @Test("text that is not in the name does not match", arguments: ["squat", "romanians", "dead lift", "x"])
    func noMatch(query: String) {
        #expect(!Self.romanian.matches(query), "\(query)")
    }

    @Test("the muscle groups of the issue, each with its name key")
    func muscleGroups() {
        #expect(MuscleGroup.allCases.map(\.rawValue) == [
            "chest", "back", "shoulders", "biceps", "triceps", "forearms", "core", "quads", "hamstrings", "glutes",
            "calves", "fullBody", "cardio",
        ])
        for group in MuscleGroup.allCases { #expect(group.name.key == "muscle.\(group.rawValue)") }
    }

    @Test("every muscle group parses from its raw value in any case", arguments: MuscleGroup.allCases)
    func parseRaw(group: MuscleGroup) throws {
        #expect(try MuscleGroup.parse(group.rawValue) == group)
        #expect(try MuscleGroup.parse(group.rawValue.uppercased()) == group)
    }

    @Test("muscle group aliases", arguments: [
        ("abs", MuscleGroup.core), ("ABS", .core), ("abs/core", .core), ("Abs/Core", .core), ("abs-core", .core),
        ("abs core", .core), ("quadriceps", .quads), ("full body", .fullBody), ("full-body", .fullBody),
        ("FullBody", .fullBody),
    ])
    func parseAlias(text: String, group: MuscleGroup) throws {
        #expect(try MuscleGroup.parse(text) == group)
    }

    @Test("an unknown muscle group is refused listing every group", arguments: ["neck", "", "absolutely"])
    func parseUnknownGroup(text: String) throws {
        let error = try #require(throws: InvalidValue.self) { try MuscleGroup.parse(text) }
        #expect(error == InvalidValue(kind: .muscleGroup, value: text, valid: MuscleGroup.allCases.map(\.rawValue)))
    }

    @Test("equipment parses in any case", arguments: Equipment.allCases)
    func parseEquipment(equipment: Equipment) throws {
        #expect(try Equipment.parse(equipment.rawValue) == equipment)
        #expect(try Equipment.parse(equipment.rawValue.uppercased()) == equipment)
    }

    @Test("unknown equipment is refused listing every kind", arguments: ["treadmill", "", "bar bell"])
    func parseUnknownEquipment(text: String) throws {
        let error = try #require(throws: InvalidValue.self) { try Equipment.parse(text) }
        #expect(error == InvalidValue(kind: .equipment, value: text, valid: Equipment.allCases.map(\.rawValue)))
        for equipment in Equipment.allCases { #expect(error.summary.contains(equipment.rawValue)) }
    }

    @Test("a definition survives JSON with its typed id as a plain string")
    func codable() throws {
        let data = try JSONEncoder().encode(Self.romanian)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["id"] as? String == "romanian_deadlift")
        #expect(object?["secondaryMuscles"] as? [String] == ["glutes"])
        #expect(try JSONDecoder().decode(ExerciseDefinition.self, from: data) == Self.romanian)
    }

    @Test("the library is seeded once; stored exercises keep priority")
    func librarySeeding() {
        let mine = Self.exercise("romanian_deadlift", "My RDL")
        var library = ExerciseLibrary(exercises: [mine])
        #expect(!library.isSeeded)
        let defaults = [Self.romanian, Self.exercise("squat", "Back Squat", .quads)]
        library.seedIfNeeded(with: defaults)
        #expect(library.isSeeded)
        #expect(library.exercises.map(\.name) == ["My RDL", "Back Squat"])
        library.seedIfNeeded(with: [Self.exercise("curl", "Curl", .biceps)])
        #expect(library.exercises.map(\.name) == ["My RDL", "Back Squat"])
    }
}
