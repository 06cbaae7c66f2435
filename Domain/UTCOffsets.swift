import Foundation

/// A time zone's offset from UTC, remembered from the instant it was asked for up to the
/// zone's next change of offset: for the local times of many instants in order (an export),
/// the zone is asked once per change of clocks instead of once per instant.
///
/// The answers are the zone's own (`secondsFromGMT(for:)`); the change that ends a stretch
/// comes from `nextDaylightSavingTimeTransition(after:)`, which names every change of
/// offset, standard time included (the tests check that against the zone for every zone).
public struct UTCOffsets: Sendable {
    public let timeZone: TimeZone
    /// The offset at `start` holds up to, not including, `end`.
    private var start = Date.distantFuture
    private var end = Date.distantPast
    private var seconds = 0

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The zone's offset from UTC at `date`, in seconds.
    public mutating func seconds(at date: Date) -> Int {
        if date >= start, date < end { return seconds }
        seconds = timeZone.secondsFromGMT(for: date)
        start = date
        // Up to a second short of the change, so that no rounding of an instant near it matters.
        end = timeZone.nextDaylightSavingTimeTransition(after: date).map { $0.addingTimeInterval(-1) } ?? .distantFuture
        return seconds
    }
}
