import Foundation
import WellnessDomain

/// One tracker's part of what is due (``ListDue``): a module's planned walks, meals or doses, the
/// supplements not taken, today's check-in. A tracker adds its part by conforming one type and
/// adding it to the list ``ListDue`` is made with.
public protocol DueSource: Sendable {
    /// The tracking module the items belong to, listed only while it is on; `nil` for a tracker
    /// that is not a module (supplements, the check-in), always listed.
    var module: TrackingModule? { get }

    /// What is due at `now` (on the local day `today`) or overdue and still to do.
    func due(at now: Date, today: LocalDay) async throws -> [DueItem]
}

/// The supplements of the stack not taken yet today, from their time of day (`DueItem.Times`).
/// It only reads: a stack never seeded (the person never used supplements) has nothing due.
struct SupplementsDue: DueSource {
    let supplements: any SupplementRepository
    let time: TimeContext

    var module: TrackingModule? { nil }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        let statuses = SupplementStatus.statuses(of: try await supplements.stack(),
                                                 logs: try await supplements.logs(on: today...today))
        return statuses.filter { $0.supplement.isActive && !$0.taken }.compactMap { status in
            let supplement = status.supplement
            let at = supplement.timeOfDay == .morning ? DueItem.Times.morningSupplements : DueItem.Times.eveningSupplements
            let since = at.instant(on: today, in: time.calendar.timeZone)
            return since <= now ? DueItem(kind: .supplement, name: supplement.name, since: since) : nil
        }
    }
}

/// Today's check-in from 20:00 until it is made (the server's, when logged in).
struct CheckinDue: DueSource {
    let checkinToday: ReadCheckinToday
    let time: TimeContext

    var module: TrackingModule? { nil }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        let since = DueItem.Times.checkin.instant(on: today, in: time.calendar.timeZone)
        guard since <= now, try await checkinToday.execute().checkin == nil else { return [] }
        return [DueItem(kind: .checkin, name: "", since: since)]
    }
}

/// Today's planned walks not walked yet, from their time until their window ends (`WalkPlan`).
struct WalksDue: DueSource {
    let walks: ListWalks

    var module: TrackingModule? { .walks }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        try await walks.planned(on: today).filter { $0.state(at: now) == .due }
            .map { DueItem(kind: .walk, name: $0.time.description, since: $0.at) }
    }
}

extension SupplementRepository {
    /// This store's supplements as a part of what is due, with today from `time`.
    public func dueSource(time: TimeContext) -> any DueSource { SupplementsDue(supplements: self, time: time) }
}

extension ReadCheckinToday {
    /// Today's check-in as a part of what is due.
    public var dueSource: any DueSource { CheckinDue(checkinToday: self, time: time) }
}

extension ListWalks {
    /// Today's planned walks as a part of what is due.
    public var dueSource: any DueSource { WalksDue(walks: self) }
}

/// The documents that expire within `Document.dueDaysBeforeExpiry` days or have expired, due
/// from the start of the local day that many days before they expire, named by their title.
struct DocumentsDue: DueSource {
    let documents: ListDocuments

    var module: TrackingModule? { .documents }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        try await documents.documents.all().compactMap { document in
            guard let since = document.dueSince(in: documents.time.calendar), since <= now else { return nil }
            return DueItem(kind: .document, name: document.title, since: since)
        }
    }
}

extension ListDocuments {
    /// The documents expiring soon or expired as a part of what is due.
    public var dueSource: any DueSource { DocumentsDue(documents: self) }
}
