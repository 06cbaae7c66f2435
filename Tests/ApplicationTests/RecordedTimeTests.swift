import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// What a person records may not lie in the future, through every use case that records, and
/// with one error; nothing is saved when it is refused.
@Suite("Recorded times: nothing in the future, nothing outside the years 1…9999")
struct RecordedTimeTests {
    let world = TestWorld()
    var today: LocalDay { world.time.today() }
    var tomorrow: LocalDay { today.adding(days: 1) }

    @Test("a day after today is refused by every use case that records a day, and nothing is saved")
    func futureDays() async throws {
        let refusal = TimeProblem.inFuture(tomorrow.description)
        await #expect(throws: refusal) { try await world.logMood.execute(score: 3, day: tomorrow) }
        await #expect(throws: refusal) { try await world.setJournalNotes.execute("later", day: tomorrow) }
        await #expect(throws: refusal) { try await world.toggleJournalTag.execute(.work, day: tomorrow) }
        await #expect(throws: refusal) { try await world.setSupplementTaken.execute("Zinc", taken: true, day: tomorrow) }
        await #expect(throws: refusal) {
            try await world.recordDecision.execute("morning_light", day: tomorrow, status: .done)
        }
        let drift = DriftWorld(now: "2026-11-20T10:00:00+01:00")
        await #expect(throws: TimeProblem.inFuture("2026-11-21")) {
            _ = try await drift.record().execute(energy: 3, stress: 3, social: 3, day: Fixtures.day("2026-11-21"))
        }

        let week = today.adding(days: -7)...tomorrow
        #expect(await world.moods.moods(on: week).isEmpty)
        #expect(await world.journals.journals(on: week).isEmpty)
        #expect(await world.supplements.logs(on: week).isEmpty)
        #expect(await drift.checkins.checkins(on: Fixtures.day("2026-11-01")...Fixtures.day("2026-11-30")).isEmpty)
        #expect(english(refusal).contains("in the future"))
        #expect(english(refusal).contains(tomorrow.description))
    }

    @Test("today and earlier days are recorded as before")
    func pastDays() async throws {
        #expect(try await world.logMood.execute(score: 3, day: today).day == today)
        #expect(try await world.setJournalNotes.execute("fine", day: today.adding(days: -400)).day == today.adding(days: -400))
    }

    @Test("a weigh-in later than now plus the skew is refused; one within the skew is kept")
    func futureWeighIn() async throws {
        let weights = WeightWorld()
        let late = weights.now.addingTimeInterval(CivilTime.allowedSkew + 60)
        await #expect(throws: TimeProblem.self) { try await weights.addWeight.execute(kilograms: 70, at: late) }
        let soon = weights.now.addingTimeInterval(CivilTime.allowedSkew)
        #expect(try await weights.addWeight.execute(kilograms: 70, at: soon).date == soon)
        #expect(try await weights.stored().count == 1)
    }

    @Test("an import row dated after today (date only) or after now (with a time) is refused with its line", arguments: [
        ("date,weight_kg\n2024-06-10,70\n2024-06-16,71\n", 3),
        ("date,weight_kg\n2024-06-15T10:06:00+02:00,71\n", 2),
        ("date,weight_kg\n2024-06-15,70\n2024-06-15T10:04:59+02:00,71\n2027-01-01T00:00:00Z,72\n", 4),
    ])
    func futureImportRows(csv: String, line: Int) async throws {
        let weights = WeightWorld() // now: 2024-06-15T10:00:00+02:00
        do {
            _ = try await weights.importing(csv)
            Issue.record("the import succeeded")
        } catch WeightImportError.invalid(let error) {
            #expect(error.line == line)
            guard case .time(.inFuture) = error.problem else {
                Issue.record("expected a date in the future, got \(error.problem)")
                return
            }
        }
        #expect(try await weights.stored().isEmpty, "all or nothing")
    }

    @Test("an import row whose instant is outside the years 1…9999 in UTC or the user's zone is refused", arguments: [
        ("9999-12-31T23:59-14:00", "UTC"),
        ("0001-01-01T00:00+14:00", "UTC"),
        ("0001-01-01T00:30", "Etc/GMT-14"),
        ("0001-01-01", "Etc/GMT-14"),
    ])
    func outOfRangeImportRows(date: String, zone: String) async throws {
        let weights = WeightWorld(zone: zone)
        do {
            _ = try await weights.importing("date,weight_kg\n\(date),70\n")
            Issue.record("the import succeeded")
        } catch WeightImportError.invalid(let error) {
            #expect(error.line == 2)
            #expect(error.problem == .time(.outOfRange("'\(date)'")))
        }
    }

    @Test("0001-01-01 and 1500-06-01 import, export and import again as the same dates")
    func earlyDatesRoundTrip() async throws {
        let source = WeightWorld(zone: "UTC")
        let report = try await source.importing("date,weight_kg\n0001-01-01,70\n1500-06-01T08:00,71\n")
        #expect(report.imported == 2)
        let exported = try await source.exported()
        #expect(exported.contains("0001-01-01T12:00:00Z,70"))
        #expect(exported.contains("1500-06-01T08:00:00Z,71"))
        let copy = WeightWorld(zone: "Europe/Amsterdam")
        #expect(try await copy.importing(exported).imported == 2)
        #expect(try await copy.stored().map(\.date) == source.stored().map(\.date))
    }

    @Test("a number of days outside 1…36500 is refused before any arithmetic, by every window", arguments: [0, 36_501, 3_000_000, Int.max, Int.min])
    func dayCounts(days: Int) async throws {
        let refusal = InvalidValue(kind: .dayCount, value: "\(days)", valid: ["1…36500"])
        let weights = WeightWorld()
        await #expect(throws: refusal) { _ = try await weights.listWeights.execute(days: days) }
        await #expect(throws: refusal) { _ = try await weights.chart.execute(days: days) }
        let drift = DriftWorld()
        await #expect(throws: refusal) {
            _ = try await ListCheckins(checkins: drift.checkins, time: drift.time).execute(days: days)
        }
        // Alerts have a window of their own, the API's 1…90, refused the same way.
        await #expect(throws: InvalidValue(kind: .dayCount, value: "\(days)", valid: ["1…90"])) {
            _ = try await ListDriftAlerts(checkins: drift.checkins, time: drift.time).execute(days: days)
        }
    }
}
