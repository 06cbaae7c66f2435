import Foundation
import WellnessDomain

/// What is due now or overdue, across the trackers (``DueSource``): those of the modules that
/// are on, the supplements not taken yet, today's check-in. It only reads, but for `new()`'s marker.
public struct ListDue: Sendable {
    let modules: any ModuleSettingsRepository
    let sources: [any DueSource]
    let marker: any RecordRepository<DueMarkerRecords>
    let time: TimeContext

    /// A use case over `sources` (those of a module only while `modules` has it on), keeping
    /// what `new()` said in `marker`, with now from `time`.
    public init(modules: any ModuleSettingsRepository, sources: [any DueSource],
                marker: any RecordRepository<DueMarkerRecords>, time: TimeContext) {
        self.modules = modules
        self.sources = sources
        self.marker = marker
        self.time = time
    }

    /// Everything due now or overdue today, oldest first (`DueItem.order`): a planned walk from
    /// its time until its window ends (`WalkPlan`), a medication's scheduled dose not given from
    /// its time until the next one's (`MedicationSchedule`), an active supplement not taken from its time
    /// of day (`DueItem.Times`), and the check-in from 20:00 until it is made (the server's, when
    /// logged in).
    public func execute() async throws -> [DueItem] {
        try await items(at: time.now())
    }

    /// What is due at `now` and was not said by an earlier call of this today (all that is due,
    /// the first time each day), and marks it said: run every few minutes (a timer, cron), each
    /// item comes once, also one whose moment had passed before it became due (a walk planned for
    /// a time gone by, a supplement switched on in the evening).
    public func new() async throws -> [DueItem] {
        let now = time.now()
        let today = LocalDay(now, in: time.calendar)
        let stored = try await marker.record(DueMarkerRecords.identity)
        let said = stored?.day == today ? stored?.announced ?? [] : []
        let items = try await items(at: now).filter { !said.contains($0.key) }
        if !items.isEmpty || stored?.day != today {
            try await marker.save(DueMarker(day: today, announced: said.union(items.map(\.key))))
        }
        return items
    }

    private func items(at now: Date) async throws -> [DueItem] {
        let today = LocalDay(now, in: time.calendar)
        let settings = try await modules.load() ?? ModuleSettings.defaults(at: now)
        var items: [DueItem] = []
        for source in sources where source.module.map(settings.isEnabled) ?? true {
            items += try await source.due(at: now, today: today)
        }
        return items.sorted(by: DueItem.order)
    }
}
