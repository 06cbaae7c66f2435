import Foundation
import WellnessDomain

/// A module's command was refused because the module is switched off; its data is kept.
public enum ModuleOffError: WellnessError, Equatable {
    case off(TrackingModule)

    public enum Code: String, CaseIterable, Sendable {
        case off
    }

    public static let family = "moduleOff"

    public var code: Code { .off }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .off(let module): [.text(module.name)]
        }
    }

    /// Throws ``off(_:)`` unless `module` is on in `settings` (the first-run defaults while none
    /// were stored): every command of a tracking module checks it before it reads or writes.
    public static func requireOn(_ module: TrackingModule, in settings: any ModuleSettingsRepository, now: Date)
        async throws {
        let stored = try await settings.load() ?? ModuleSettings.defaults(at: now)
        guard stored.isEnabled(module) else { throw ModuleOffError.off(module) }
    }
}
