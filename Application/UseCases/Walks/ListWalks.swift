import Foundation
import WellnessDomain

/// The walks of the last days, those added and the walking workouts of the health data, and
/// where today's planned walks stand.
public struct ListWalks: Sendable {
    let walks: any RecordRepository<WalkRecords>
    let plan: any RecordRepository<PlannedWalkRecords>
    let health: any HealthRepository
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's added `walks`, its walk `plan`, its `health` data (the walking
    /// workouts) and its `modules`, with today from `time`.
    public init(walks: any RecordRepository<WalkRecords>, plan: any RecordRepository<PlannedWalkRecords>,
                health: any HealthRepository, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.walks = walks
        self.plan = plan
        self.health = health
        self.modules = modules
        self.time = time
    }

    /// The walks that started in the last `days` local days (today included), oldest first:
    /// those added with ``AddWalk`` and the walking workouts imported from Apple Health (read
    /// from the health data, so a re-import counts none twice). Throws `ModuleOffError` when the
    /// walks module is off and `InvalidValue` for a day count out of range.
    public func execute(days: Int = 30) async throws -> [WalkEntry] {
        try await ModuleOffError.requireOn(.walks, in: modules, now: time.now())
        return try await entries(in: try time.lastDays(days))
    }

    /// Today's planned walks, each with the walk that counted for it, in order. Throws
    /// `ModuleOffError` when the walks module is off.
    public func today() async throws -> [PlannedWalkStatus] {
        try await ModuleOffError.requireOn(.walks, in: modules, now: time.now())
        return try await planned(on: time.today())
    }

    /// The planned walks of `day`, whether the module is on or not (for ``ListDue``, which
    /// checks the module itself). A walk of the evening before counts for a planned time just
    /// after midnight, as the window opens an hour early.
    func planned(on day: LocalDay) async throws -> [PlannedWalkStatus] {
        let planned = try await plan.all().map(\.time)
        guard !planned.isEmpty else { return [] }
        let starts = try await entries(in: day.adding(days: -1)...day).map(\.start)
        return WalkPlan.day(day, planned: planned, walks: starts, in: time.calendar.timeZone)
    }

    private func entries(in days: ClosedRange<LocalDay>) async throws -> [WalkEntry] {
        let start = days.lowerBound.start(in: time.calendar)
        let end = days.upperBound.adding(days: 1).start(in: time.calendar)
        let added = try await walks.all().filter { $0.start >= start && $0.start < end }.map(WalkEntry.init)
        let workouts = try await health.samples(of: [.workout], startingIn: DateInterval(start: start, end: end))
            .compactMap(WalkEntry.init(workout:))
        return (added + workouts).sorted { $0.start < $1.start }
    }
}
