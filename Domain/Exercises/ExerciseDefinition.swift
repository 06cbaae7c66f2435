import Foundation

/// A muscle group exercises are listed by.
public enum MuscleGroup: String, CaseIterable, Codable, Sendable {
    case chest, back, shoulders, biceps, triceps, forearms, core, quads, hamstrings, glutes, calves, fullBody, cardio

    public var name: LocalizedText { LocalizedText("muscle.\(rawValue)") }

    public static func parse(_ text: String) throws(InvalidValue) -> MuscleGroup {
        let key = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")
        let aliases = ["abs": MuscleGroup.core, "abscore": .core, "abs/core": .core, "quadriceps": .quads]
        guard let group = allCases.first(where: { $0.rawValue.lowercased() == key }) ?? aliases[key] else {
            throw InvalidValue(kind: .muscleGroup, value: text, valid: allCases.map(\.rawValue))
        }
        return group
    }
}

/// What an exercise is done with.
public enum Equipment: String, CaseIterable, Codable, Sendable {
    case barbell, dumbbell, kettlebell, cable, machine, bodyweight, band, cardioMachine

    /// The display name's localisation key (`equipment.<raw>`).
    public var name: LocalizedText { LocalizedText("equipment.\(rawValue)") }

    public static func parse(_ text: String) throws(InvalidValue) -> Equipment {
        guard let equipment = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw InvalidValue(kind: .equipment, value: text, valid: allCases.map(\.rawValue))
        }
        return equipment
    }
}

/// The kind of training an exercise is.
public enum ExerciseCategory: String, CaseIterable, Codable, Sendable {
    case strength, cardio, plyometric, mobility
}

/// An exercise of the library.
public struct ExerciseDefinition: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<ExerciseDefinition, String>

    public let id: ID
    public let name: String
    public let muscleGroup: MuscleGroup
    public let secondaryMuscles: [MuscleGroup]
    public let equipment: Equipment
    public let category: ExerciseCategory

    public init(id: ID, name: String, muscleGroup: MuscleGroup, secondaryMuscles: [MuscleGroup] = [],
                equipment: Equipment, category: ExerciseCategory) {
        self.id = id
        self.name = name
        self.muscleGroup = muscleGroup
        self.secondaryMuscles = secondaryMuscles
        self.equipment = equipment
        self.category = category
    }

    /// Whether `query` occurs in the name, ignoring case and accents.
    public func matches(_ query: String) -> Bool {
        let needle = Self.folded(query.trimmingCharacters(in: .whitespacesAndNewlines))
        return needle.isEmpty || Self.folded(name).contains(needle)
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// The stored exercise library and whether it was ever seeded.
public struct ExerciseLibrary: Sendable, Equatable {
    public private(set) var exercises: [ExerciseDefinition]
    public private(set) var isSeeded: Bool

    public init(exercises: [ExerciseDefinition] = [], isSeeded: Bool = false) {
        self.exercises = exercises
        self.isSeeded = isSeeded
    }

    /// This library, still marked seeded if `original` was: the marker is never cleared.
    public func keepingSeeded(from original: ExerciseLibrary) -> ExerciseLibrary {
        ExerciseLibrary(exercises: exercises, isSeeded: isSeeded || original.isSeeded)
    }

    /// Adds `defaults` the first time; never again. Exercises already stored keep priority.
    public mutating func seedIfNeeded(with defaults: [ExerciseDefinition]) {
        guard !isSeeded else { return }
        isSeeded = true
        let present = Set(exercises.map(\.id))
        exercises += defaults.filter { !present.contains($0.id) }
    }
}
