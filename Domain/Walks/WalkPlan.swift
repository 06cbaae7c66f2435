import Foundation

/// The rules of planned walks: which times a plan may hold, and when a planned walk counts as
/// walked, is due, or was missed.
///
/// A walk counts for a planned time when it starts from ``earlyMinutes`` before that time until
/// ``earlyMinutes`` before the next planned time, or halfway to it when that is later (two
/// walks planned half an hour apart each get a quarter of an hour); the last one's until
/// midnight. Each walk counts once, for the earliest planned time it can. A planned walk not yet
/// walked is due from its time until its window ends, and missed after that.
public enum WalkPlan {
    /// The most times one plan may hold.
    public static let maximumTimes = 12
    /// How long before its time a walk already counts for a planned walk.
    public static let earlyMinutes = 60

    /// `times` as a plan, in order; a time given twice or more than ``maximumTimes`` is refused.
    public static func checked(_ times: [WallTime]) throws(WalkError) -> [WallTime] {
        guard times.count <= maximumTimes else { throw .tooManyPlanned(times.count) }
        var seen = Set<WallTime>()
        for time in times where !seen.insert(time).inserted { throw .timePlannedTwice(time) }
        return times.sorted()
    }

    /// Each planned time of `day` with the walk (its start, from `walks`) that counts for it.
    /// The planned times are taken in the order of their instants on `day`: on the night clocks go
    /// forward a time in the gap (02:30) lands after the jump (03:30), after a later one (03:00).
    public static func day(_ day: LocalDay, planned: [WallTime], walks: [Date], in zone: TimeZone) -> [PlannedWalkStatus] {
        let times = planned.map { (time: $0, at: $0.instant(on: day, in: zone)) }
            .sorted { ($0.at, $0.time) < ($1.at, $1.time) }
        var unused = walks.sorted()
        let midnight = day.adding(days: 1)
        return times.enumerated().map { index, planned in
            let (time, at) = planned
            let windowEnd: Date
            if index + 1 < times.count {
                let next = times[index + 1].at
                windowEnd = max(next.addingTimeInterval(-Double(earlyMinutes * 60)),
                                at.addingTimeInterval(next.timeIntervalSince(at) / 2))
            } else {
                windowEnd = CivilTime.instant(midnight, millisecondOfDay: 0, in: zone)
            }
            let opens = at.addingTimeInterval(-Double(earlyMinutes * 60))
            let walked = unused.firstIndex { $0 >= opens && $0 < windowEnd }.map { unused.remove(at: $0) }
            return PlannedWalkStatus(time: time, at: at, windowEnd: max(windowEnd, at), walked: walked)
        }
    }
}

/// A planned walk on one day.
public struct PlannedWalkStatus: Sendable, Equatable {
    /// Where a planned walk stands at a moment.
    public enum State: String, Sendable, Codable {
        /// Its time has not come and no walk counted for it yet.
        case upcoming
        /// Its time came and no walk counted for it yet: what `due` lists.
        case due
        /// A walk counted for it.
        case walked
        /// Its window ended without a walk.
        case missed
    }

    public let time: WallTime
    /// The instant of ``time`` on the day.
    public let at: Date
    /// When a walk stops counting for it (and, unwalked, it is missed).
    public let windowEnd: Date
    /// The start of the walk that counted for it.
    public let walked: Date?

    /// The planned `time`, at the instant `at` on its day, counting walks until `windowEnd`,
    /// and the start of the walk that counted, if one did.
    public init(time: WallTime, at: Date, windowEnd: Date, walked: Date?) {
        self.time = time
        self.at = at
        self.windowEnd = windowEnd
        self.walked = walked
    }

    /// Where it stands at `now`.
    public func state(at now: Date) -> State {
        if walked != nil { return .walked }
        if now < at { return .upcoming }
        return now < windowEnd ? .due : .missed
    }
}

/// A walk as listed: one the person added, or a walking workout from the health data.
public struct WalkEntry: Sendable, Equatable {
    /// Where the walk comes from.
    public enum Origin: Sendable, Equatable {
        /// Added with `walks add`.
        case added(Walk.ID)
        /// A walking workout imported from Apple Health, and the app or device that recorded it.
        case health(source: String)
    }

    /// Where it comes from.
    public let origin: Origin
    /// When it started.
    public let start: Date
    /// How long, in whole minutes, when known.
    public let minutes: Int?
    /// How far, in kilometres, when known (a walking workout's distance is not imported).
    public let kilometres: Double?
    /// The person's note on a walk they added.
    public let note: String?

    /// An added walk as listed.
    public init(_ walk: Walk) {
        origin = .added(walk.id)
        start = walk.start
        minutes = walk.minutes
        kilometres = walk.kilometres
        note = walk.note
    }

    /// The activity of a walking workout, as an Apple Health import names it.
    public static let walkingActivity = "Walking"

    /// A walking workout as a walk; `nil` for any other sample.
    public init?(workout sample: HealthSample) {
        guard sample.kind == .workout, sample.category == Self.walkingActivity else { return nil }
        origin = .health(source: sample.source)
        start = sample.start
        minutes = sample.value >= 1 ? Int(min(sample.value.rounded(), Double(Walk.minutesRange.upperBound))) : nil
        kilometres = nil
        note = nil
    }
}
