import Foundation
import WellnessDomain

/// Fixed instants, days, ids and calendars the contract cases are written with.
enum Fixtures {
    /// A Gregorian calendar in the named IANA time zone.
    static func calendar(_ zone: String = "Europe/Amsterdam") -> Calendar {
        guard let timeZone = TimeZone(identifier: zone) else {
            preconditionFailure("bad time zone in a contract: \(zone)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// An instant from an ISO 8601 string such as `2026-11-21T09:00:00Z`; traps when invalid.
    static func instant(_ iso: String) -> Date {
        guard let date = Timestamp.parse(iso) else { preconditionFailure("bad ISO 8601 in a contract: \(iso)") }
        return date
    }

    /// A day from `YYYY-MM-DD`; traps when invalid.
    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(text) else { preconditionFailure("bad day in a contract: \(text)") }
        return day
    }

    /// A UUID from its text; traps when invalid.
    static func uuid(_ text: String) -> UUID {
        guard let uuid = UUID(uuidString: text) else { preconditionFailure("bad UUID in a contract: \(text)") }
        return uuid
    }

    /// A URL from its text; traps when invalid.
    static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("bad URL in a contract: \(text)") }
        return url
    }
}
