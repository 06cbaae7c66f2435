import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness exercises list|search|groups`.
struct ExercisesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "The exercise library, by muscle group and equipment.",
        subcommands: [List.self, Search.self, Groups.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List exercises, optionally of one group or equipment.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "A muscle group (see `wellness exercises groups`).", transform: parsed { try MuscleGroup.parse($0) })
        var muscle: MuscleGroup?
        @Option(help: "Equipment: \(Equipment.allCases.map(\.rawValue).joined(separator: ", ")).",
                transform: parsed { try Equipment.parse($0) })
        var equipment: Equipment?

        func run() async throws {
            try await Console.run(options) { console in
                try console.showExercises(try await console.wellness.exercises.list(muscleGroup: muscle,
                                                                                            equipment: equipment))
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find exercises by name (ignores case and accents).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "Part of the name.") var text: String

        func run() async throws {
            try await Console.run(options) { console in
                try console.showExercises(try await console.wellness.exercises.search(text))
            }
        }
    }

    struct Groups: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The muscle groups, with how many exercises each has.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let all = try await console.wellness.exercises.list()
                let counts = MuscleGroup.allCases.map { group in (group, all.filter { $0.muscleGroup == group }.count) }
                if console.json {
                    return try console.printJSON(counts.map {
                        GroupOutput(group: $0.0.rawValue, name: console.text.string($0.0.name), exercises: $0.1)
                    })
                }
                console.printTable(header: [console.text.string("cli.column.group"), console.text.string("cli.column.name"),
                                            console.text.string("cli.column.count")],
                                   rows: counts.map { [$0.0.rawValue, console.text.string($0.0.name), "\($0.1)"] })
            }
        }
    }
}

/// `{"group", "name", "exercises"}`.
struct GroupOutput: Encodable {
    let group: String
    let name: String
    let exercises: Int
}

/// `{"id", "name", "muscleGroup", "secondaryMuscles", "equipment", "category"}`.
struct ExerciseOutput: Encodable {
    let id: String
    let name: String
    let muscleGroup: MuscleGroup
    let secondaryMuscles: [MuscleGroup]
    let equipment: Equipment
    let category: ExerciseCategory

    init(_ exercise: ExerciseDefinition) {
        id = exercise.id.rawValue
        name = exercise.name
        muscleGroup = exercise.muscleGroup
        secondaryMuscles = exercise.secondaryMuscles
        equipment = exercise.equipment
        category = exercise.category
    }
}

extension Console {
    func showExercises(_ exercises: [ExerciseDefinition]) throws {
        if json { return try printJSON(exercises.map(ExerciseOutput.init)) }
        if exercises.isEmpty { return print(text.string("cli.exercises.none")) }
        printTable(header: [text.string("cli.column.name"), text.string("cli.column.group"),
                            text.string("cli.column.equipment"), "ID"],
                   rows: exercises.map { [$0.name, text.string($0.muscleGroup.name), text.string($0.equipment.name), $0.id.rawValue] })
    }
}
