import Foundation

/// What is left to do now: the active section, the minutes until it ends, and its items not
/// yet completed or decided today; or "all caught up" when no section is active (23:00–05:00).
public struct CurrentSectionSummary: Sendable, Equatable {
    public let section: TimeOfDaySection?
    public let minutesRemaining: Int?
    public let pending: [Intervention.ID]

    public var allCaughtUp: Bool { section == nil }

    public init(catalog: [Intervention], completions: [InterventionCompletion], decisions: [InterventionDecision],
                now: Date, calendar: Calendar) {
        guard let section = TimeOfDaySection.current(at: now, calendar: calendar),
              let window = section.interval(on: LocalDay(now, in: calendar), calendar: calendar) else {
            self.section = nil
            minutesRemaining = nil
            pending = []
            return
        }
        let today = LocalDay(now, in: calendar)
        let done = Set(completions.filter { $0.day == today }.map(\.interventionID))
            .union(decisions.filter { $0.day == today }.map(\.interventionID))
        self.section = section
        minutesRemaining = Int((window.end.timeIntervalSince(now) / 60).rounded(.up))
        pending = catalog.filter { $0.sections.contains(section) && !done.contains($0.id) }.map(\.id)
    }
}
