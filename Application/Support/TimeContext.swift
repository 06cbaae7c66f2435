import Foundation
import WellnessDomain

/// The clock and the person's calendar (with its time zone), passed to every use case.
public struct TimeContext: Sendable {
    public let clock: any WallClock
    public let calendar: Calendar

    public init(clock: any WallClock, calendar: Calendar) {
        self.clock = clock
        self.calendar = calendar
    }

    public func now() -> Date { clock.now() }

    /// Today's local date.
    public func today() -> LocalDay { LocalDay(clock.now(), in: calendar) }
}
