import Foundation

/// A part of the day an intervention belongs to, as local wall-clock hours.
///
/// Morning 05–12, afternoon 12–17, evening 17–21, pre-bed 21–23; none is active from 23:00 to
/// 05:00. `anytime` covers the whole day and is never carded.
public enum TimeOfDaySection: String, CaseIterable, Codable, Sendable, Comparable {
    case morning
    case afternoon
    case evening
    case preBed
    case anytime

    /// The sections with a time window, in day order.
    public static let timed: [TimeOfDaySection] = [.morning, .afternoon, .evening, .preBed]

    /// Local start and end hour; `nil` for anytime.
    public var hours: (start: Int, end: Int)? {
        switch self {
        case .morning: (5, 12)
        case .afternoon: (12, 17)
        case .evening: (17, 21)
        case .preBed: (21, 23)
        case .anytime: nil
        }
    }

    /// The display name's localisation key (`section.<raw>`).
    public var name: LocalizedText { LocalizedText("section.\(rawValue)") }

    /// This section's window on `day` in the calendar's time zone; `nil` for anytime.
    public func interval(on day: LocalDay, calendar: Calendar) -> DateInterval? {
        guard let hours else { return nil }
        let start = day.at(hour: hours.start, in: calendar)
        let end = day.at(hour: hours.end, in: calendar)
        return DateInterval(start: start, end: max(start, end))
    }

    /// The timed section active at `now`, or `nil` between 23:00 and 05:00.
    public static func current(at now: Date, calendar: Calendar) -> TimeOfDaySection? {
        let day = LocalDay(now, in: calendar)
        return timed.first { $0.interval(on: day, calendar: calendar).map { $0.start <= now && now < $0.end } ?? false }
    }

    public static func < (lhs: TimeOfDaySection, rhs: TimeOfDaySection) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
