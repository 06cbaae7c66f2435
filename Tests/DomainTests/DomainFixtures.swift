import Foundation
import WellnessDomain
import WellnessTestSupport

/// Catalog items, completions and decisions for the domain tests (calendars, instants and days
/// are the shared `Fixtures`).
enum DomainFixtures {
    /// `date` moved by `days` calendar days in `calendar` (DST-safe, like a person's calendar).
    static func adding(days: Int, to date: Date, in calendar: Calendar) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }
}

extension DomainFixtures {
    /// A small catalog with every section and tracking type; catalog order is card order.
    static let catalog = Fixtures.catalog

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
        let day = Fixtures.day(day)
        return InterventionCompletion(interventionID: id, day: day, timestamp: day.at(hour: 12, in: calendar), count: 1,
                                      source: source)
    }

    /// A decision about `id` on `day`.
    static func decision(_ id: Intervention.ID, _ day: String,
                         _ status: InterventionDecision.Status) -> InterventionDecision {
        InterventionDecision(interventionID: id, day: Fixtures.day(day), status: status, count: status == .done ? 1 : 0,
                             updatedAt: Fixtures.instant("2026-01-01T00:00:00Z"))
    }
}
