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

    /// Records a use of `module` at `date` in `stored` (which becomes the first-run defaults when
    /// there were none), or throws ``off(_:)`` when the module is off there, leaving `stored` as
    /// it was: what a tracker's write (`RecordRepository.write(_:removing:usingModule:at:)`) does
    /// in its one transaction, so a module switched off while a command ran writes nothing.
    public static func recordingWork(of module: TrackingModule, at date: Date, in stored: inout ModuleSettings?)
        throws(ModuleOffError) {
        guard (stored ?? ModuleSettings.defaults(at: date)).isEnabled(module) else { throw .off(module) }
        ModuleSettings.recordingUse(of: module, at: date, in: &stored)
    }

    /// Throws ``off(_:)`` unless `module` is on in `settings` (the first-run defaults while none
    /// were stored): every command of a tracking module checks it before it reads or writes.
    public static func requireOn(_ module: TrackingModule, in settings: any ModuleSettingsRepository, now: Date)
        async throws {
        let stored = try await settings.load() ?? ModuleSettings.defaults(at: now)
        guard stored.isEnabled(module) else { throw ModuleOffError.off(module) }
    }
}
