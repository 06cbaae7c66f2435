/// A day as a person names it: a date (`2026-11-20`), `today`, `yesterday`, or a number of days
/// back (`-1` is yesterday, `-7` a week ago). Which date a relative one is depends on today, so
/// it is kept unresolved until today is known (``resolved(today:)``).
public enum DayReference: Sendable, Hashable {
    /// This date.
    case date(LocalDay)
    /// This many days before today (0 is today).
    case daysAgo(Int)

    /// How far back a relative day may reach: a hundred years, as far as any `--days` goes.
    public static let maximumDaysAgo = 36_500

    /// `text` as a day reference: `YYYY-MM-DD`, `today`, `yesterday` (in any case), or `-N` for
    /// N days back (1 to ``maximumDaysAgo``); `nil` for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "today": self = .daysAgo(0)
        case "yesterday": self = .daysAgo(1)
        default:
            if let day = LocalDay(text) {
                self = .date(day)
            } else if text.hasPrefix("-"), text.count <= 7, text.dropFirst().allSatisfy(\.isASCII),
                      let back = Int(text.dropFirst()), (1...Self.maximumDaysAgo).contains(back) {
                self = .daysAgo(back)
            } else {
                return nil
            }
        }
    }

    /// The date this names when today is `today`.
    public func resolved(today: LocalDay) -> LocalDay {
        switch self {
        case .date(let day): day
        case .daysAgo(let count): today.adding(days: -count)
        }
    }
}
