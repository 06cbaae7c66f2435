import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The exercise library (seed 003), seeded with the bundled defaults on first use.
    public struct Exercises: Sendable {
        let listExercises: ListExercises
        let searchExercises: SearchExercises

        init(exercises: any ExerciseRepository, defaults: [ExerciseDefinition]) {
            listExercises = ListExercises(exercises: exercises, defaults: defaults)
            searchExercises = SearchExercises(exercises: exercises, defaults: defaults)
        }

        /// The library, optionally of one muscle group and/or one equipment.
        public func list(muscleGroup: MuscleGroup? = nil, equipment: Equipment? = nil) async throws
            -> [ExerciseDefinition] {
            try await listExercises.execute(muscleGroup: muscleGroup, equipment: equipment)
        }

        /// Exercises whose name contains the text, ignoring case and accents.
        public func search(_ text: String) async throws -> [ExerciseDefinition] { try await searchExercises.execute(text) }
    }
}
