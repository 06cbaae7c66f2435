import Foundation
import Logging
import WellnessApplication
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

extension WellnessRepositories {
    /// The repositories of a built-in store kind, keeping `registry`'s kinds of records.
    public static func make(_ kind: StoreKind, directory: URL, registry: RecordRegistry = .standard,
                            logger: Logger = Logger(label: "wellness.store")) throws -> WellnessRepositories {
        if kind != .memory { StoreLeftovers.removeAbandoned(in: directory, logger: logger) }
        return switch kind {
        case .sqlite: try sqlite(in: directory, registry: registry, logger: logger)
        case .json: try jsonFiles(in: directory, registry: registry, logger: logger)
        case .memory: inMemory(registry: registry)
        }
    }
}
