import Foundation
import GRDB
import WellnessComposition

/// Builds the catch-up deck for a 200-item catalog over five years of completions and
/// decisions in SQLite. Baseline: reading the same rows the deck needs (the last three days)
/// with one raw SQL query per table on the same database — the I/O no deck builder can avoid.
struct DeckBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs the full deck: it takes seconds.
    var quick: Bool { size == .quick }
    let key = "deck"
    let name = "catch-up deck over five years in SQLite"

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        let now = LocalDay(year: 2026, month: 11, day: 21)!.at(hour: 10, minute: 30, in: calendar)
        let catalog = try Self.catalog(size: quick ? 40 : 200)
        let years = quick ? 1 : 5
        let repositories = try WellnessRepositories.sqlite(in: directory)
        let start = ContinuousClock.now
        let counts = try await Self.seed(repositories.interventionLog, catalog: catalog, years: years, now: now,
                                         calendar: calendar)
        let seeded = ContinuousClock.now - start
        // The store was first run when its history starts, so the deck cards the last day.
        let firstRun = LocalDay(now, in: calendar).adding(days: -365 * years).at(hour: 9, in: calendar)
        try await repositories.moduleSettings.update { $0 = ModuleSettings.defaults(at: firstRun) }
        let wellness = try Wellness(repositories: repositories, clock: FixedWallClock(now), calendar: calendar,
                                    catalog: catalog)

        let runs = quick ? 5 : 30
        var cards = 0
        let subject = try await Measurement.measure("BuildCatchUpDeck", runs: runs) {
            cards = try await wellness.catchUp.deck().cards.count
        }
        let reader = try DatabaseQueue(path: directory.appendingPathComponent("wellness.sqlite").path)
        let today = LocalDay(now, in: calendar)
        let from = today.adding(days: -2).description, through = today.description
        var rows = 0
        let baseline = try await Measurement.measure("baseline: raw SQL read of the same 3 days", runs: runs) {
            rows = try await reader.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM interventionCompletion WHERE day BETWEEN ? AND ?",
                                 arguments: [from, through]).count
                    + Row.fetchAll(db, sql: "SELECT * FROM interventionDecision WHERE day BETWEEN ? AND ?",
                                   arguments: [from, through]).count
            }
        }
        return BenchmarkReport(
            name: name,
            setup: ["\(catalog.items.count) interventions, \(years) years: \(counts.completions) completions and "
                    + "\(counts.decisions) decisions, seeded in \(seeded)",
                    "deck: \(cards) cards; baseline reads \(rows) rows"],
            subject: subject, baselines: [baseline], targetRatio: 10, gates: size == .ci)
    }

    /// `size` interventions spread over every section and tracking type.
    static func catalog(size: Int) throws -> InterventionCatalog {
        let sections: [[TimeOfDaySection]] = [[.morning], [.afternoon], [.evening], [.preBed], [.morning, .evening],
                                              [.anytime]]
        let types = TrackingType.allCases
        return try InterventionCatalog(items: (0..<size).map { index in
            Intervention(id: Intervention.ID("item_\(index)"), title: "Intervention \(index)",
                         description: "Benchmark item \(index)", sections: sections[index % sections.count],
                         trackingType: types[(index / sections.count) % types.count],
                         roi: ReturnOnInvestment.allCases[index % 3])
        })
    }

    /// About 60% of items completed and 10% decided each day, written a month at a time.
    static func seed(_ log: any InterventionLogRepository, catalog: InterventionCatalog, years: Int, now: Date,
                     calendar: Calendar) async throws -> (completions: Int, decisions: Int) {
        let today = LocalDay(now, in: calendar)
        let first = today.adding(days: -365 * years)
        var totals = (completions: 0, decisions: 0)
        var day = first
        while day < today {
            var completions: [InterventionCompletion] = []
            var decisions: [InterventionDecision] = []
            for _ in 0..<30 where day < today {
                let noon = day.at(hour: 12, in: calendar)
                let number = first.days(until: day)
                for (index, item) in catalog.items.enumerated() {
                    switch (number * 31 + index * 17) % 10 {
                    case 0..<6:
                        completions.append(InterventionCompletion(interventionID: item.id, day: day, timestamp: noon,
                                                                  count: 1, source: .tracked))
                    case 6:
                        decisions.append(InterventionDecision(interventionID: item.id, day: day, status: .skipped,
                                                              count: 0, updatedAt: noon))
                    default:
                        break
                    }
                }
                day = day.adding(days: 1)
            }
            try await log.append(completions: completions, decisions: decisions)
            totals.completions += completions.count
            totals.decisions += decisions.count
        }
        return totals
    }
}
