import Foundation
import WellnessDomain

extension InterventionCatalog {
    /// The default catalog shipped with Wellness (`Resources/interventions.json`), in English.
    public static func bundled() throws -> InterventionCatalog {
        guard let url = Bundle.module.url(forResource: "interventions", withExtension: "json") else {
            throw CatalogError(source: "built-in", problem: .resourceMissing("interventions.json"))
        }
        return try load(url)
    }

    /// The default catalog with each title and description in `localizer`'s language: the
    /// string tables' `intervention.<id>.title` and `intervention.<id>.desc`.
    public static func bundled(localizedBy localizer: Localizer) throws -> InterventionCatalog {
        let english = try bundled()
        return try InterventionCatalog(items: english.items.map { item in
            Intervention(id: item.id, title: localizer.string("intervention.\(item.id.rawValue).title"),
                         description: item.description.map { _ in localizer.string("intervention.\(item.id.rawValue).desc") },
                         sections: item.sections, trackingType: item.trackingType, roi: item.roi,
                         healthHint: item.healthHintOverride)
        })
    }

    /// A catalog file that replaces the default one (`--catalog FILE`).
    public static func load(_ file: URL) throws -> InterventionCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CatalogError(source: file.path, problem: .unreadable(error.localizedDescription))
        }
        return try decode(data, source: file.path)
    }
}

extension ExerciseDefinition {
    /// The default exercise library shipped with Wellness (`Resources/exercises.json`).
    public static func bundledLibrary() throws -> [ExerciseDefinition] {
        guard let url = Bundle.module.url(forResource: "exercises", withExtension: "json") else {
            throw CatalogError(source: "built-in", problem: .resourceMissing("exercises.json"))
        }
        do {
            return try JSONDecoder().decode([ExerciseDefinition].self, from: Data(contentsOf: url))
        } catch {
            throw CatalogError(source: url.path, problem: .invalidExerciseLibrary("\(error)"))
        }
    }
}
