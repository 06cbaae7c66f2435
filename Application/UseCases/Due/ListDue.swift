import Foundation
import WellnessDomain

/// What is due now or overdue, across the trackers: today's planned walks not walked yet (while
/// the walks module is on), the supplements of the stack not taken yet, and today's check-in.
/// It only reads: a stack never seeded (the person never used supplements) has nothing due.
public struct ListDue: Sendable {
    let modules: any ModuleSettingsRepository
    let walks: ListWalks
    let supplements: any SupplementRepository
    let checkinToday: ReadCheckinToday
    let marker: any RecordRepository<DueMarkerRecords>
    let time: TimeContext

    /// A use case over these trackers, keeping what `new()` said in `marker`, with now from `time`.
    public init(modules: any ModuleSettingsRepository, walks: ListWalks, supplements: any SupplementRepository,
                checkinToday: ReadCheckinToday, marker: any RecordRepository<DueMarkerRecords>, time: TimeContext) {
        self.modules = modules
        self.walks = walks
        self.supplements = supplements
        self.checkinToday = checkinToday
        self.marker = marker
        self.time = time
    }

    /// Everything due now or overdue today, oldest first (`DueItem.order`): a planned walk from
    /// its time until its window ends (`WalkPlan`), an active supplement not taken from its time
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
        let today = LocalDay(now, in: time.calendar), zone = time.calendar.timeZone
        var items: [DueItem] = []
        let settings = try await modules.load() ?? ModuleSettings.defaults(at: now)
        if settings.isEnabled(.walks) {
            items += try await walks.planned(on: today).filter { $0.state(at: now) == .due }
                .map { DueItem(kind: .walk, name: $0.time.description, since: $0.at) }
        }
        let statuses = SupplementStatus.statuses(of: try await supplements.stack(),
                                                 logs: try await supplements.logs(on: today...today))
        for status in statuses where status.supplement.isActive && !status.taken {
            let supplement = status.supplement
            let time = supplement.timeOfDay == .morning ? DueItem.Times.morningSupplements : DueItem.Times.eveningSupplements
            let since = time.instant(on: today, in: zone)
            if since <= now { items.append(DueItem(kind: .supplement, name: supplement.name, since: since)) }
        }
        let checkinSince = DueItem.Times.checkin.instant(on: today, in: zone)
        if checkinSince <= now, try await checkinToday.execute().checkin == nil {
            items.append(DueItem(kind: .checkin, name: "", since: checkinSince))
        }
        return items.sorted(by: DueItem.order)
    }
}
