import Foundation
import WellnessDomain

/// Records a walk, and with it a use of the walks module, in one transaction.
public struct AddWalk: Sendable {
    let walks: ModuleTracker<WalkRecords>
    let time: TimeContext

    /// A use case writing through `walks` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(walks: ModuleTracker<WalkRecords>, time: TimeContext) {
        self.walks = walks
        self.time = time
    }

    /// A use case on `walks`, recording each walk's use in `modules` after it.
    public init(walks: any RecordRepository<WalkRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.init(walks: ModuleTracker(records: walks, modules: modules, inOneTransaction: false), time: time)
    }

    /// Records a walk that started at `start` (now by default; never in the future), as long as
    /// `minutes`, as far as `kilometres`, with `note`. Throws `ModuleOffError` when the walks
    /// module is off, `TimeProblem` for a start in the future, `WalkError` for the rest.
    @discardableResult
    public func execute(start: Date? = nil, minutes: Int? = nil, kilometres: Double? = nil,
                        note: String? = nil) async throws -> Walk {
        let now = time.now()
        try await ModuleOffError.requireOn(.walks, in: walks.modules, now: now)
        let walk = try Walk(start: try time.recordable(start ?? now), minutes: minutes, kilometres: kilometres, note: note)
        try await walks.write([walk], removing: [], module: .walks, at: now)
        return walk
    }
}
