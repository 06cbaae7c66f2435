import Foundation
import WellnessDomain

/// A clock that says what it is told: for tests, `--now` and demo data.
public final class FixedWallClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    /// A clock set to `instant`.
    public init(_ instant: Date) {
        self.instant = instant
    }

    /// The instant the clock is set to.
    public func now() -> Date {
        lock.withLock { instant }
    }

    /// Moves the clock to `instant`.
    public func set(_ instant: Date) {
        lock.withLock { self.instant = instant }
    }

    /// Moves the clock forward by `days` local calendar days (DST-safe).
    public func advance(days: Int, calendar: Calendar) {
        lock.withLock { instant = CivilTime.adding(days: days, to: instant, in: calendar.timeZone) }
    }
}
