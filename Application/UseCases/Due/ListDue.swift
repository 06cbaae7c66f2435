import Foundation
import WellnessDomain

/// What is due now or overdue, across the trackers: today's planned walks not walked yet (while
/// the walks module is on), the supplements of the stack not taken yet, and today's check-in.
public struct ListDue: Sendable {
    let modules: any ModuleSettingsRepository
    let walks: ListWalks
    let supplements: ListSupplements
    let checkinToday: ReadCheckinToday
    let marker: any RecordRepository<DueMarkerRecords>
    let time: TimeContext

    public init(modules: any ModuleSettingsRepository, walks: ListWalks, supplements: ListSupplements,
                checkinToday: ReadCheckinToday, marker: any RecordRepository<DueMarkerRecords>, time: TimeContext) {
        self.modules = modules
        self.walks = walks
        self.supplements = supplements
        self.checkinToday = checkinToday
        self.marker = marker
        self.time = time
    }

    /// Everything due now or overdue today, oldest first (``DueItem/order(_:_:)``): a planned
    /// walk from its time until its window ends (``WalkPlan``), an active supplement not taken
    /// from its time of day (``DueItem/Times``), and the check-in from 20:00 until it is made
    /// (the server's, when logged in).
    public func execute() async throws -> [DueItem] {
        let now = time.now(), today = time.today(), zone = time.calendar.timeZone
        var items: [DueItem] = []
        let settings = try await modules.load() ?? ModuleSettings.defaults(at: now)
        if settings.isEnabled(.walks) {
            items += try await walks.plannedToday().filter { $0.state(at: now) == .due }
                .map { DueItem(kind: .walk, name: $0.time.description, since: $0.at) }
        }
        for status in try await supplements.execute(day: today) where status.supplement.isActive && !status.taken {
            let time = status.supplement.timeOfDay == .morning ? DueItem.Times.morningSupplements : DueItem.Times.eveningSupplements
            let since = time.instant(on: today, in: zone)
            if since <= now { items.append(DueItem(kind: .supplement, name: status.supplement.name, since: since)) }
        }
        let checkinSince = DueItem.Times.checkin.instant(on: today, in: zone)
        if checkinSince <= now, try await checkinToday.execute().checkin == nil {
            items.append(DueItem(kind: .checkin, name: "", since: checkinSince))
        }
        return items.sorted(by: DueItem.order)
    }

    /// What fell due since the previous call of this (all that is due, the first time), and
    /// marks now as looked at: run every few minutes (a timer, cron), each item comes once.
    public func new() async throws -> [DueItem] {
        let now = time.now()
        let previous = try await marker.record(DueMarkerRecords.identity(of: DueMarker(checkedAt: now)))?.checkedAt
        let items = try await execute().filter { item in previous.map { item.since > $0 } ?? true }
        try await marker.save(DueMarker(checkedAt: now))
        return items
    }
}

// The marker has no port of its own: a store keeps it in its record repositories.
extension DueMarkerRecords: StoredRecordKind {}
