import Foundation

/// The pure rules deciding which missed items make up the catch-up deck.
public enum CatchUpRules {
    /// How far back an ended section may lie: 24 real hours (not "the same wall-clock time
    /// yesterday", which differs on DST days).
    public static let lookback: TimeInterval = 24 * 60 * 60

    /// The cards to settle at `now`: for each day, each catalog item with a binary, counter or
    /// timer type and a timed section is carded once, in its latest section, when that section
    /// instance has ended and ended within the last 24 hours, unless the item was completed or
    /// decided on that day. A section that ended before `firstRun` (the store's first run, when
    /// known) is not carded: there was nothing to catch up on yet. Oldest section first, then
    /// catalog order.
    public static func cards(catalog: [Intervention], completions: [InterventionCompletion],
                             decisions: [InterventionDecision], now: Date, calendar: Calendar,
                             firstRun: Date? = nil) -> [CatchUpCard] {
        let today = LocalDay(now, in: calendar)
        let windowStart = now.addingTimeInterval(-lookback)
        let settled = Set(completions.map { Key($0.interventionID, $0.day) })
            .union(decisions.map { Key($0.interventionID, $0.day) })
        var candidates: [(end: Date, index: Int, card: CatchUpCard)] = []
        for (index, item) in catalog.enumerated() where item.trackingType.isCatchUpEligible {
            guard let section = item.latestSection else { continue }
            for day in searchedDays(today: today) {
                guard let window = section.interval(on: day, calendar: calendar),
                      window.end <= now, window.end >= windowStart, window.end >= firstRun ?? windowStart,
                      !settled.contains(Key(item.id, day)) else { continue }
                candidates.append((window.end, index, CatchUpCard(intervention: item, day: day, section: section,
                                                                   today: today)))
            }
        }
        return candidates.sorted { ($0.end, $0.index) < ($1.end, $1.index) }.map(\.card)
    }

    /// The local days whose sections can have ended in the last 24 hours.
    public static func searchedDays(today: LocalDay) -> [LocalDay] {
        [today.adding(days: -2), today.adding(days: -1), today]
    }

    private struct Key: Hashable {
        let id: Intervention.ID
        let day: LocalDay
        init(_ id: Intervention.ID, _ day: LocalDay) {
            self.id = id
            self.day = day
        }
    }
}
