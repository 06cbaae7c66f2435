import Foundation
import WellnessDomain

/// How a tracking module's use cases write: a kind's records, and a use of the module recorded
/// in ``modules``. In one transaction (``RecordRepository/write(_:removing:usingModule:at:)``)
/// when the store keeps its module settings beside its records, as every built-in bundle does
/// until one of the two ports is swapped (``WellnessRepositories/tracker(for:)``); otherwise the
/// records first and the use after, each through its own port, so the use always lands in the
/// module settings the rest of the app reads.
public struct ModuleTracker<Kind: RecordKind>: Sendable {
    /// Where the kind's records are kept.
    public let records: any RecordRepository<Kind>
    /// The module settings the app reads (whether a module is on, when it was last used).
    public let modules: any ModuleSettingsRepository
    /// Whether `records` records the use in `modules` itself, in its own transaction.
    public let inOneTransaction: Bool

    /// A tracker writing to `records` and recording use in `modules`; `inOneTransaction` only
    /// when `records` keeps `modules` in its own store (a built-in bundle's pair).
    public init(records: any RecordRepository<Kind>, modules: any ModuleSettingsRepository, inOneTransaction: Bool) {
        self.records = records
        self.modules = modules
        self.inOneTransaction = inOneTransaction
    }

    /// Saves `saving` and removes `removing`, and records a use of `module` at `date`. A record
    /// that breaks its kind's rules is refused (`RecordRejection`) before anything is written.
    public func write(_ saving: [Kind.Record], removing: [Kind.Identity], module: TrackingModule, at date: Date)
        async throws {
        if inOneTransaction {
            return try await records.write(saving, removing: removing, usingModule: module, at: date)
        }
        for record in saving { try Kind.validate(record) }
        for identity in removing { _ = try await records.remove(identity) }
        for record in saving { try await records.save(record) }
        try await modules.update { ModuleSettings.recordingUse(of: module, at: date, in: &$0) }
    }
}

extension WellnessRepositories {
    /// The tracker of `kind`: its records in ``records``, its module's use in ``moduleSettings``,
    /// in one transaction unless either port was swapped for one of another store.
    public func tracker<Kind: RecordKind>(for kind: Kind.Type) -> ModuleTracker<Kind> {
        ModuleTracker(records: records.repository(for: kind), modules: moduleSettings,
                      inOneTransaction: modulesKeptWithRecords)
    }
}
