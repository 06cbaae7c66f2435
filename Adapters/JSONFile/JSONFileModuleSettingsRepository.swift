import Foundation
import WellnessApplication
import WellnessDomain

/// Module settings in `modules.json`.
public struct JSONFileModuleSettingsRepository: ModuleSettingsRepository {
    private let store: JSONFileStore
    static let collection = "modules"

    /// Keeps its data in `store`'s `modules.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func load() async throws -> ModuleSettings? {
        try await store.read(Self.collection, as: Document.self)?.settings
    }

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result {
        try await store.update(Self.collection, as: Document.self) { document in
            var settings = document?.settings
            let result = try change(&settings)
            document = settings.map(Document.init)
            return result
        }
    }

    /// The file's shape: `{"modules": [{"module", "enabled", "enabledAt"?, "lastUsed"?}], "firstRunAt"?,
    /// "chosenAt"?}`.
    struct Document: Codable, Equatable {
        struct Module: Codable, Equatable {
            var module: String
            var enabled: Bool
            var enabledAt: Date?
            var lastUsed: Date?
        }

        var modules: [Module]
        var firstRunAt: Date?
        var chosenAt: Date?

        init(_ settings: ModuleSettings) {
            firstRunAt = settings.firstRunAt
            chosenAt = settings.chosenAt
            modules = settings.entries.map {
                Module(module: $0.module, enabled: $0.isEnabled, enabledAt: $0.enabledAt, lastUsed: $0.lastUsed)
            }
        }

        var settings: ModuleSettings {
            ModuleSettings(entries: modules.map {
                ModuleEntry(module: $0.module, isEnabled: $0.enabled, enabledAt: $0.enabledAt, lastUsed: $0.lastUsed)
            }, firstRunAt: firstRunAt, chosenAt: chosenAt)
        }
    }
}
