import Foundation

/// When a medication's doses fall due, and which scheduled dose each dose given counts for.
///
/// The schedule is anchored on the first dose (``Medication/from`` at ``Medication/time``) and
/// never drifts: dose *n* of a period in hours is *n* × the period in elapsed hours after the
/// first; of days or weeks, the medication's time of day on the day *n* × the period after
/// `from` (the same local time across changes of clocks; a time skipped by the clocks lands
/// after the jump); of months, `from`'s day of the month *n* × the period later, or the month's
/// last day when it has fewer days (back to the 31st in a month that has one). With an `until`,
/// the last dose is the last one on or before that day. A dose given late does not move it.
///
/// A dose given counts for one of two scheduled doses that have none yet: the one due within
/// ``earlyMinutes`` after it, and the latest one at or before it whose window is still open; when
/// both could, for the nearer (the latest one on a tie), so a dose given on time every hour
/// counts for its own hour; when neither, for none. A scheduled dose without a dose by the next one's time is missed; until then,
/// from its time, it is overdue.
public struct MedicationSchedule: Sendable {
    /// How long before its time a dose given already counts for a scheduled dose.
    public static let earlyMinutes = 60

    public let period: MedicationPeriod
    public let from: LocalDay
    public let time: WallTime
    public let until: LocalDay?
    public let zone: TimeZone
    /// The index of the last scheduled dose, with an `until`.
    public private(set) var lastIndex: Int?

    /// The schedule of `medication` on the clocks of `zone`.
    public init(_ medication: Medication, in zone: TimeZone) {
        self.init(period: medication.period, from: medication.from, time: medication.time, until: medication.until, in: zone)
    }

    /// Doses every `period` from `time` on `from` (until the day `until`), on the clocks of `zone`.
    public init(period: MedicationPeriod, from: LocalDay, time: WallTime, until: LocalDay? = nil, in zone: TimeZone) {
        self.period = period
        self.from = from
        self.time = time
        self.until = until
        self.zone = zone
        lastIndex = nil
        if let until {
            let end = CivilTime.instant(until.adding(days: 1), millisecondOfDay: 0, in: zone)
            lastIndex = rawIndex(atOrBefore: end.addingTimeInterval(-0.001)).map { max($0, 0) } ?? 0
        }
    }

    /// The first scheduled dose.
    public var first: Date { time.instant(on: from, in: zone) }

    /// Scheduled dose `index` (0 is the first), or `nil` before the first or after the last.
    public func occurrence(_ index: Int) -> Date? {
        guard index >= 0, lastIndex.map({ index <= $0 }) ?? true else { return nil }
        return raw(index)
    }

    /// The scheduled doses from `start` (included) to `end` (excluded), in order.
    public func occurrences(from start: Date, to end: Date) -> [Date] {
        var index = max(latest(atOrBefore: start) ?? 0, 0)
        var dates: [Date] = []
        while let date = occurrence(index), date < end {
            if date >= start { dates.append(date) }
            index += 1
        }
        return dates
    }

    /// The index of the latest scheduled dose at or before `date`; `nil` before the first.
    public func latest(atOrBefore date: Date) -> Int? {
        guard let index = rawIndex(atOrBefore: date) else { return nil }
        return lastIndex.map { min(index, $0) } ?? index
    }

    /// The first scheduled dose after `date`, `nil` after the last.
    public func next(after date: Date) -> Date? {
        occurrence((rawIndex(atOrBefore: date) ?? -1) + 1)
    }

    /// When scheduled dose `index` is missed without a dose: the next one's time (as if the
    /// schedule went on, for the last).
    public func windowEnd(of index: Int) -> Date { raw(index + 1) }

    /// The scheduled dose (its index) each of `doses` counts for, in the order of the doses
    /// (`nil` for one that counts for none); see the rules above.
    public func assign(_ doses: [Date]) -> [Int?] {
        var taken = Set<Int>()
        let early = Double(Self.earlyMinutes * 60)
        return doses.map { given in
            // The two a dose can count for: the next scheduled dose, up to an hour early, and the
            // latest one still open; when both are, the nearer (the latest one on a tie), so a
            // dose given on time every hour counts for its own hour, not the next.
            let upcoming = (rawIndex(atOrBefore: given) ?? -1) + 1
            var candidates: [(index: Int, distance: TimeInterval)] = []
            if let latest = latest(atOrBefore: given), given < windowEnd(of: latest), !taken.contains(latest),
               let at = occurrence(latest) {
                candidates.append((latest, given.timeIntervalSince(at)))
            }
            if let at = occurrence(upcoming), at.timeIntervalSince(given) <= early, !taken.contains(upcoming) {
                candidates.append((upcoming, at.timeIntervalSince(given)))
            }
            guard let chosen = candidates.min(by: { $0.distance < $1.distance }) else { return nil }
            taken.insert(chosen.index)
            return chosen.index
        }
    }

    /// Where a medication stands at `now`, with `doses` given (any order).
    public func status(of medication: Medication, doses: [Date], at now: Date) -> MedicationStatus {
        let given = doses.filter { $0 <= now }.sorted()
        let counted = Set(assign(given).compactMap { $0 })
        var overdue: Date?
        if let latest = latest(atOrBefore: now), now < windowEnd(of: latest), !counted.contains(latest) {
            overdue = occurrence(latest)
        }
        return MedicationStatus(medication: medication, next: next(after: now), overdue: overdue, lastGiven: given.last)
    }

    // MARK: - Without the end

    /// Scheduled dose `index` as if the schedule had no end (index ≥ 0).
    func raw(_ index: Int) -> Date {
        switch period.unit {
        case .hours: return first.addingTimeInterval(Double(index) * Double(period.count) * 3600)
        case .days: return time.instant(on: from.adding(days: index * period.count), in: zone)
        case .weeks: return time.instant(on: from.adding(days: index * period.count * 7), in: zone)
        case .months: return time.instant(on: month(index * period.count), in: zone)
        }
    }

    /// `from` `months` months later, on its day of the month or the month's last day.
    func month(_ months: Int) -> LocalDay {
        let total = from.year * 12 + (from.month - 1) + months
        let year = total / 12
        let month = total % 12 + 1
        return LocalDay(year: year, month: month, day: min(from.day, LocalDay.daysIn(month: month, year: year)))
            ?? LocalDay(dayNumber: from.dayNumber + months * 30)
    }

    /// The index of the latest dose at or before `date` as if the schedule had no end.
    func rawIndex(atOrBefore date: Date) -> Int? {
        let first = first
        guard date >= first else { return nil }
        let seconds: Double = switch period.unit {
        case .hours: 3600
        case .days: 86_400
        case .weeks: 7 * 86_400
        case .months: 30.436875 * 86_400
        }
        let step = seconds * Double(period.count)
        var index = max(0, Int((date.timeIntervalSince(first) / step).rounded(.down)))
        while index > 0, raw(index) > date { index -= 1 }
        while raw(index + 1) <= date { index += 1 }
        return index
    }
}

/// Where a medication stands at a moment (`meds list`).
public struct MedicationStatus: Sendable, Equatable {
    /// The medication.
    public let medication: Medication
    /// Its next scheduled dose; `nil` once the course ended.
    public let next: Date?
    /// The time of the latest scheduled dose, when it has no dose yet and the next one's time has
    /// not come: what `due` lists.
    public let overdue: Date?
    /// When it was last given.
    public let lastGiven: Date?

    /// `medication`, its `next` scheduled dose, the one `overdue`, and when it was `lastGiven`.
    public init(medication: Medication, next: Date?, overdue: Date?, lastGiven: Date?) {
        self.medication = medication
        self.next = next
        self.overdue = overdue
        self.lastGiven = lastGiven
    }
}
