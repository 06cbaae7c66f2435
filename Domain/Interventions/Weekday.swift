/// A day of the week (ISO order, Monday first).
public enum Weekday: String, CaseIterable, Sendable, Codable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The display name's localisation key (`weekday.<raw>`).
    public var name: LocalizedText { LocalizedText("weekday.\(rawValue)") }
}

extension LocalDay {
    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }
}
