import Foundation
import WellnessDomain

/// The clock and the person's calendar (with its time zone), passed to every use case.
public struct TimeContext: Sendable {
    /// Tells the current time.
    public let clock: any WallClock
    /// The person's calendar; its time zone decides where each local day begins.
    public let calendar: Calendar

    /// A context of `clock` and `calendar`.
    public init(clock: any WallClock, calendar: Calendar) {
        self.clock = clock
        self.calendar = calendar
    }

    /// This clock with the calendar in `account`'s time zone (this calendar itself while the
    /// account's zone is not known): where that person's days begin and end.
    public func zoned(for account: Account) -> TimeContext {
        TimeContext(clock: clock, calendar: account.calendar(from: calendar))
    }

    /// The current instant, from `clock`.
    public func now() -> Date { clock.now() }

    /// Today's local date.
    public func today() -> LocalDay { LocalDay(clock.now(), in: calendar) }

    /// The `count` local days ending today (today included): see ``LocalDay/last(_:endingOn:)``.
    public func lastDays(_ count: Int) throws(InvalidValue) -> ClosedRange<LocalDay> {
        try LocalDay.last(count, endingOn: today())
    }

    /// `instant` when something that happened then can be recorded now (see
    /// ``CivilTime/checkRecordable(_:now:in:given:)``).
    @discardableResult
    public func recordable(_ instant: Date) throws(TimeProblem) -> Date {
        try CivilTime.checkRecordable(instant, now: now(), in: calendar.timeZone)
    }

    /// `day` when something can be recorded on it: today or earlier.
    @discardableResult
    public func recordable(_ day: LocalDay) throws(TimeProblem) -> LocalDay {
        try CivilTime.checkRecordable(day, today: today())
    }
}
