import Foundation
import WellnessDomain

/// Records a walk, and with it a use of the walks module, in one transaction.
public struct AddWalk: Sendable {
    let walks: any RecordRepository<WalkRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's `walks`, recording use in its `modules`, with now from `time`.
    public init(walks: any RecordRepository<WalkRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.walks = walks
        self.modules = modules
        self.time = time
    }

    /// Records a walk that started at `start` (now by default; never in the future), as long as
    /// `minutes`, as far as `kilometres`, with `note`. Throws `ModuleOffError` when the walks
    /// module is off, `TimeProblem` for a start in the future, `WalkError` for the rest.
    @discardableResult
    public func execute(start: Date? = nil, minutes: Int? = nil, kilometres: Double? = nil,
                        note: String? = nil) async throws -> Walk {
        let now = time.now()
        try await ModuleOffError.requireOn(.walks, in: modules, now: now)
        let walk = try Walk(start: try time.recordable(start ?? now), minutes: minutes, kilometres: kilometres, note: note)
        try await walks.write([walk], removing: [], usingModule: .walks, at: now)
        return walk
    }
}
