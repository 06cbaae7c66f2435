import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("SupplementAdherence")
struct SupplementAdherenceTests {
    let today = Fixtures.day("2026-03-29") // the day Amsterdam moves to summer time
    let calendar = Fixtures.calendar()

    static let vitaminD = Supplement(name: "Vitamin D3", timeOfDay: .morning, dosage: "2000 IU", sortOrder: 0)
    static let omega = Supplement(name: "Omega-3", timeOfDay: .morning, dosage: "1 g", sortOrder: 1)
    static let paused = Supplement(name: "Iron", timeOfDay: .morning, dosage: "14 mg", isActive: false, sortOrder: 2)
    static let magnesium = Supplement(name: "Magnesium", timeOfDay: .evening, dosage: "300 mg", sortOrder: 0)
    static let stack = [vitaminD, omega, paused, magnesium]

    func log(_ supplement: Supplement, daysAgo: Int, taken: Bool = true) -> SupplementLog {
        let day = today.adding(days: -daysAgo)
        return SupplementLog(day: day, supplementID: supplement.id, taken: taken, timestamp: day.at(hour: 8, in: calendar))
    }

    /// Vitamin D on 5 of the last 7 days and 12 of the last 30; omega every day of the last 30;
    /// magnesium never; the paused one every day; plus logs that must not count.
    func logs() -> [SupplementLog] {
        let vitaminDDays = [0, 1, 2, 4, 6, 8, 10, 12, 14, 20, 25, 29]
        return vitaminDDays.map { log(Self.vitaminD, daysAgo: $0) }
            + (0..<30).map { log(Self.omega, daysAgo: $0) }
            + (0..<30).map { log(Self.paused, daysAgo: $0) }
            + [log(Self.vitaminD, daysAgo: 30), log(Self.vitaminD, daysAgo: 31), log(Self.vitaminD, daysAgo: -1)]
            + [log(Self.vitaminD, daysAgo: 3, taken: false), log(Self.vitaminD, daysAgo: 5, taken: false)]
            + [log(Self.magnesium, daysAgo: 0, taken: false), log(Self.magnesium, daysAgo: 40)]
    }

    @Test("per supplement and overall over the last 7 days")
    func sevenDays() throws {
        let adherence = SupplementAdherence(stack: Self.stack, logs: logs(), days: 7, today: today)
        #expect(adherence.days == 7)
        #expect(adherence.from == Fixtures.day("2026-03-23"))
        #expect(adherence.through == today)
        #expect(adherence.entries.map(\.supplement) == [Self.vitaminD, Self.omega, Self.magnesium])
        #expect(adherence.entries.map(\.takenDays) == [5, 7, 0])
        #expect(adherence.entries.map(\.rate) == [5.0 / 7, 1, 0])
        #expect(abs(adherence.overall - 12.0 / 21) < 1e-12)
    }

    @Test("per supplement and overall over the last 30 days")
    func thirtyDays() throws {
        let adherence = SupplementAdherence(stack: Self.stack, logs: logs(), days: 30, today: today)
        #expect(adherence.from == Fixtures.day("2026-02-28"))
        #expect(adherence.entries.map(\.takenDays) == [12, 30, 0])
        #expect(adherence.entries.map(\.rate) == [12.0 / 30, 1, 0])
        #expect(abs(adherence.overall - 42.0 / 90) < 1e-12)
    }

    @Test("inactive supplements are left out, even when taken", arguments: [7, 30])
    func inactiveExcluded(days: Int) {
        let adherence = SupplementAdherence(stack: Self.stack, logs: logs(), days: days, today: today)
        #expect(!adherence.entries.contains { $0.supplement.id == Self.paused.id })
        #expect(adherence.entries.count == 3)
    }

    @Test("logs outside the window and logs of untaken doses never count", arguments: [7, 30])
    func outsideAndUntakenIgnored(days: Int) {
        let noise = [log(Self.magnesium, daysAgo: days), log(Self.magnesium, daysAgo: -1),
                     log(Self.magnesium, daysAgo: 0, taken: false), log(Self.magnesium, daysAgo: 1, taken: false)]
        let adherence = SupplementAdherence(stack: [Self.magnesium], logs: noise, days: days, today: today)
        #expect(adherence.entries.map(\.takenDays) == [0])
        #expect(adherence.overall == 0)
    }

    @Test("a day logged twice counts once")
    func dayCountedOnce() {
        let twice = [log(Self.magnesium, daysAgo: 2), log(Self.magnesium, daysAgo: 2)]
        let adherence = SupplementAdherence(stack: [Self.magnesium], logs: twice, days: 7, today: today)
        #expect(adherence.entries.map(\.takenDays) == [1])
    }

    @Test("the window holds exactly `days` calendar days ending today, across a month boundary")
    func windowEdges() {
        let edges = [log(Self.magnesium, daysAgo: 0), log(Self.magnesium, daysAgo: 29)]
        let adherence = SupplementAdherence(stack: [Self.magnesium], logs: edges, days: 30, today: today)
        #expect(adherence.entries.map(\.takenDays) == [2])
        let week = SupplementAdherence(stack: [Self.magnesium], logs: [log(Self.magnesium, daysAgo: 6)], days: 7,
                                       today: today)
        #expect(week.entries.map(\.takenDays) == [1])
    }

    @Test("with no active supplements, overall is 0", arguments: [7, 30])
    func noneActive(days: Int) {
        let adherence = SupplementAdherence(stack: [Self.paused], logs: logs(), days: days, today: today)
        #expect(adherence.entries.isEmpty)
        #expect(adherence.overall == 0)
        #expect(SupplementAdherence(stack: [], logs: [], days: days, today: today).overall == 0)
    }

    @Test("everything taken every day is 100%", arguments: [7, 30])
    func allTaken(days: Int) {
        let all = (0..<days).flatMap { [log(Self.vitaminD, daysAgo: $0), log(Self.magnesium, daysAgo: $0)] }
        let adherence = SupplementAdherence(stack: [Self.vitaminD, Self.magnesium], logs: all, days: days, today: today)
        #expect(adherence.entries.map(\.rate) == [1, 1])
        #expect(adherence.overall == 1)
    }
}
