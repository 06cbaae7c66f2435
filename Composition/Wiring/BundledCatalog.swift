import Foundation
import WellnessDomain

extension InterventionCatalog {
    /// The default catalog shipped with Wellness (`Resources/interventions.json`).
    public static func bundled() throws -> InterventionCatalog {
        guard let url = Bundle.module.url(forResource: "interventions", withExtension: "json") else {
            throw CatalogError(source: "built-in", reason: "the resource interventions.json is missing from the bundle")
        }
        return try load(url)
    }

    /// A catalog file that replaces the default one (`--catalog FILE`).
    public static func load(_ file: URL) throws -> InterventionCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CatalogError(source: file.path, reason: "cannot read the file (\(error.localizedDescription))")
        }
        return try decode(data, source: file.path)
    }
}
