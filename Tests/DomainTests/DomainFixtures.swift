import Foundation
import WellnessDomain

/// Calendars, instants and days for the domain tests (the domain test target cannot use the
/// shared test-support target, which depends on the adapters).
enum DomainFixtures {
    /// A Gregorian calendar in the named IANA time zone.
    static func calendar(_ zone: String = "Europe/Amsterdam") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// An instant from an ISO 8601 string with `Z` or an offset; traps when invalid.
    static func instant(_ iso: String) -> Date {
        guard let date = Timestamp.parse(iso) else { preconditionFailure("bad ISO 8601 in a test: \(iso)") }
        return date
    }

    /// A day from `YYYY-MM-DD`; traps when invalid.
    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(text) else { preconditionFailure("bad day in a test: \(text)") }
        return day
    }

    /// `date` moved by `days` calendar days in `calendar` (DST-safe, like a person's calendar).
    static func adding(days: Int, to date: Date, in calendar: Calendar) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }
}

extension DomainFixtures {
    /// A small catalog with every section and tracking type; catalog order is card order.
    static let catalog: [Intervention] = [
        Intervention(id: "hydration_morning", title: "Water on waking", sections: [.morning], trackingType: .counter,
                     roi: .medium),
        Intervention(id: "morning_light", title: "Morning light", sections: [.morning], trackingType: .timer, roi: .high),
        Intervention(id: "exercise_timing", title: "Exercise", sections: [.morning, .evening], trackingType: .timer,
                     roi: .high),
        Intervention(id: "walk_after_lunch", title: "Walk after lunch", sections: [.afternoon], trackingType: .binary),
        Intervention(id: "stress_reduction", title: "Breathing break", sections: [.afternoon], trackingType: .counter),
        Intervention(id: "vegetables_dinner", title: "Vegetables", sections: [.evening], trackingType: .binary),
        Intervention(id: "mindfulness_prebed", title: "Wind-down", sections: [.preBed], trackingType: .timer),
        Intervention(id: "bedroom_cool", title: "Cool bedroom", sections: [.preBed], trackingType: .checklist),
        Intervention(id: "checkup", title: "Check-up", sections: [.afternoon], trackingType: .appointment),
        Intervention(id: "sleep_tracking", title: "Sleep recorded", sections: [.anytime], trackingType: .automatic),
        Intervention(id: "supplements", title: "Supplements", sections: [.anytime], trackingType: .binary),
    ]

    /// The catalog entry with `id`; traps when absent.
    static func item(_ id: Intervention.ID) -> Intervention {
        guard let item = catalog.first(where: { $0.id == id }) else { preconditionFailure("no \(id) in the catalog") }
        return item
    }

    /// A binary intervention in one section.
    static func intervention(_ id: Intervention.ID, _ sections: [TimeOfDaySection] = [.evening],
                             _ type: TrackingType = .binary, hint: HealthHintType? = nil) -> Intervention {
        Intervention(id: id, title: id.rawValue, sections: sections, trackingType: type, healthHint: hint)
    }

    /// A tracked (or catch-up) completion of `id` on `day` at local noon.
    static func completion(_ id: Intervention.ID, _ day: String, source: InterventionCompletion.Source = .tracked,
                           in calendar: Calendar) -> InterventionCompletion {
        let day = self.day(day)
        return InterventionCompletion(interventionID: id, day: day, timestamp: day.at(hour: 12, in: calendar), count: 1,
                                      source: source)
    }

    /// A decision about `id` on `day`.
    static func decision(_ id: Intervention.ID, _ day: String,
                         _ status: InterventionDecision.Status) -> InterventionDecision {
        InterventionDecision(interventionID: id, day: self.day(day), status: status, count: status == .done ? 1 : 0,
                             updatedAt: instant("2026-01-01T00:00:00Z"))
    }
}
