import Foundation
import WellnessDomain

/// A setting (``SettingKind``) with the way a store's repositories keep it: read for a backup,
/// written into an empty store by a restore. Every setting a registry backs up conforms.
public protocol StoredSettingKind: SettingKind {
    /// The setting's value in `stores`.
    static func read(from stores: WellnessRepositories) async throws -> Value
    /// Writes `value` into `stores` (an empty store, being restored); ``SettingKind/unused``
    /// may be left as it is.
    static func write(_ value: Value, into stores: WellnessRepositories) async throws
}

extension RecordRegistry {
    /// The registry's settings with how a store keeps each; a setting that does not say is a
    /// programming error, caught the first time a backup or restore runs.
    var storedSettings: [any StoredSettingKind.Type] {
        settings.map { setting in
            guard let stored = setting as? any StoredSettingKind.Type else {
                preconditionFailure("the \(setting.name) setting must conform to StoredSettingKind to be backed up")
            }
            return stored
        }
    }
}

extension StoredSettingKind {
    /// Reads the setting from `stores` into `settings`.
    static func read(from stores: WellnessRepositories, into settings: inout BackupSettings) async throws {
        settings[Self.self] = try await read(from: stores)
    }

    /// Writes the setting `settings` hold into `stores`.
    static func write(from settings: BackupSettings, into stores: WellnessRepositories) async throws {
        try await write(settings[Self.self], into: stores)
    }
}
