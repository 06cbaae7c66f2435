import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A medication's rules, its schedule across changes of clocks and month ends, and which
/// scheduled dose each dose given counts for.
@Suite("Medications: the period, the medication and the schedule")
struct MedicationScheduleTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utc = TimeZone(identifier: "UTC")!

    static func period(_ text: String) -> MedicationPeriod { MedicationPeriod(text)! }

    static func schedule(_ every: String, from: String, time: String = "08:00", until: String? = nil,
                         in zone: TimeZone = amsterdam) -> MedicationSchedule {
        MedicationSchedule(period: period(every), from: Fixtures.day(from), time: WallTime(time)!,
                           until: until.map(Fixtures.day), in: zone)
    }

    /// The first `count` scheduled doses, as ISO 8601 in UTC.
    static func first(_ count: Int, of schedule: MedicationSchedule) -> [String] {
        (0..<count).compactMap(schedule.occurrence).map(Timestamp.format)
    }

    /// The local days of the first `count` scheduled doses.
    static func days(_ count: Int, of schedule: MedicationSchedule) -> [String] {
        (0..<count).compactMap(schedule.occurrence).map { CivilTime.local($0, in: schedule.zone).day.description }
    }

    static func refusal(_ body: () throws -> Void) -> MedicationError? {
        do {
            try body()
            return nil
        } catch let error as MedicationError {
            return error
        } catch {
            Issue.record("not a MedicationError: \(error)")
            return nil
        }
    }

    // MARK: - The period

    @Test("a period reads 12h, 1d, 4w, 3mo and writes them back", arguments: ["12h", "1d", "4w", "3mo", "999mo", "1h"])
    func periods(text: String) throws {
        #expect(try MedicationPeriod.parse(text).description == text)
        #expect(try MedicationPeriod.parse(" \(text) ").description == text)
    }

    @Test("a period of 0, of 1000, without a count or unit, or in another unit is refused, naming it",
          arguments: ["0d", "0h", "1000d", "d", "12", "1y", "-1d", "1.5d", "1 d", "1D", "1m", "", "١d"])
    func badPeriods(text: String) {
        #expect(Self.refusal { _ = try MedicationPeriod.parse(text) } == .invalidPeriod(text))
    }

    @Test("a period is stored as its text, and a stored 0d is refused")
    func periodCoding() throws {
        let data = try JSONEncoder().encode([Self.period("3mo")])
        #expect(String(decoding: data, as: UTF8.self) == #"["3mo"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([MedicationPeriod].self, from: Data(#"["0d"]"#.utf8)) }
    }

    // MARK: - The medication

    @Test("a medication trims its name and dose; an empty dose is none; the key is the lowercased name")
    func medication() throws {
        let medication = try Medication(name: "  Rimadyl ", period: Self.period("12h"), from: Fixtures.day("2026-01-05"),
                                        dose: "  ")
        #expect(medication.name == "Rimadyl" && medication.dose == nil && medication.until == nil)
        #expect(medication.time == WallTime(hour: 8, minute: 0))
        #expect(medication.key == "rimadyl" && Medication.key(" RIMADYL") == "rimadyl")
        #expect(MedicationRecords.identity(of: medication) == "rimadyl")
    }

    @Test("refused: no name, a long name or dose, a control character, an until before from")
    func refusals() {
        let from = Fixtures.day("2026-01-05"), daily = Self.period("1d")
        #expect(Self.refusal { _ = try Medication(name: " ", period: daily, from: from) } == .emptyName)
        #expect(Self.refusal { _ = try Medication(name: String(repeating: "a", count: 101), period: daily, from: from) }
            == .nameTooLong(101))
        #expect(Self.refusal { _ = try Medication(name: "a", period: daily, from: from, dose: String(repeating: "a", count: 201)) }
            == .doseTooLong(201))
        #expect(Self.refusal { _ = try Medication(name: "a\u{1B}b", period: daily, from: from) }?.code == .controlCharacter)
        #expect(Self.refusal { _ = try Medication(name: "a\tb", period: daily, from: from) }?.code == .controlCharacter)
        #expect(Self.refusal { _ = try Medication(name: "a", period: daily, from: from, dose: "1\u{7}") }?.code == .controlCharacter)
        #expect(Self.refusal { _ = try Medication(name: "a", period: daily, from: from, until: Fixtures.day("2026-01-04")) }
            == .untilBeforeFrom(until: Fixtures.day("2026-01-04"), from: from))
        #expect(Self.refusal { _ = try Medication(name: "a", period: daily, from: from, until: from) } == nil, "one day is a course")
    }

    @Test("the kinds' validate refuses what the constructor refuses")
    func validate() {
        let stored = Medication(stored: "", period: Self.period("1d"), from: Fixtures.day("2026-01-05"),
                                time: WallTime(hour: 8, minute: 0)!, dose: nil, until: nil)
        #expect(throws: RecordRejection.self) { try MedicationRecords.validate(stored) }
        let backwards = Medication(stored: "a", period: Self.period("1d"), from: Fixtures.day("2026-01-05"),
                                   time: WallTime(hour: 8, minute: 0)!, dose: nil, until: Fixtures.day("2026-01-01"))
        #expect(throws: RecordRejection.self) { try MedicationRecords.validate(backwards) }
        let at = Fixtures.instant("2026-01-05T08:00:00Z")
        #expect(throws: RecordRejection.self) { try MedicationDoseRecords.validate(MedicationDose(medication: "", at: at)) }
        #expect(throws: RecordRejection.self) { try MedicationDoseRecords.validate(MedicationDose(medication: "Rimadyl", at: at)) }
        #expect(throws: RecordRejection.self) { try MedicationDoseRecords.validate(MedicationDose(medication: "a\u{0}", at: at)) }
        #expect(throws: Never.self) { try MedicationDoseRecords.validate(MedicationDose(medication: "rimadyl", at: at)) }
    }

    // MARK: - Across changes of clocks

    @Test("daily stays 08:00 local across spring forward and fall back in Amsterdam")
    func dailyAmsterdam() {
        #expect(Self.first(3, of: Self.schedule("1d", from: "2026-03-28"))
            == ["2026-03-28T07:00:00.000Z", "2026-03-29T06:00:00.000Z", "2026-03-30T06:00:00.000Z"])
        #expect(Self.first(3, of: Self.schedule("1d", from: "2026-10-24"))
            == ["2026-10-24T06:00:00.000Z", "2026-10-25T07:00:00.000Z", "2026-10-26T07:00:00.000Z"])
    }

    @Test("12h stays 12 elapsed hours across spring forward in Amsterdam (08:00, 20:00, then 09:00, 21:00)")
    func hoursAmsterdam() {
        let schedule = Self.schedule("12h", from: "2026-03-28")
        #expect(Self.first(4, of: schedule)
            == ["2026-03-28T07:00:00.000Z", "2026-03-28T19:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-03-29T19:00:00.000Z"])
        #expect(WallTime(schedule.occurrence(2)!, in: Self.amsterdam).description == "09:00")
    }

    @Test("daily stays 08:00 and 12h stays 12 hours across fall back in New York")
    func newYork() {
        #expect(Self.first(3, of: Self.schedule("1d", from: "2026-10-31", in: Self.newYork))
            == ["2026-10-31T12:00:00.000Z", "2026-11-01T13:00:00.000Z", "2026-11-02T13:00:00.000Z"])
        let hours = Self.schedule("12h", from: "2026-10-31", in: Self.newYork)
        #expect(Self.first(3, of: hours) == ["2026-10-31T12:00:00.000Z", "2026-11-01T00:00:00.000Z", "2026-11-01T12:00:00.000Z"])
        #expect(WallTime(hours.occurrence(2)!, in: Self.newYork).description == "07:00")
        #expect(Self.first(2, of: Self.schedule("1w", from: "2026-03-05", in: Self.newYork))
            == ["2026-03-05T13:00:00.000Z", "2026-03-12T12:00:00.000Z"], "weekly keeps 08:00 over 8 March")
    }

    @Test("a time skipped by the clocks lands after the jump, and the next day is back on time")
    func skipped() {
        let schedule = Self.schedule("1d", from: "2026-03-28", time: "02:30")
        #expect(Self.first(3, of: schedule).map { WallTime(Fixtures.instant($0), in: Self.amsterdam).description }
            == ["02:30", "03:30", "02:30"])
    }

    // MARK: - Month ends and leap days

    @Test("every month from 31 January: the month's last day when it is shorter, back to the 31st")
    func monthEnds() {
        #expect(Self.days(5, of: Self.schedule("1mo", from: "2026-01-31"))
            == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(Self.days(4, of: Self.schedule("3mo", from: "2026-11-30", in: Self.newYork))
            == ["2026-11-30", "2027-02-28", "2027-05-30", "2027-08-30"], "3 months is the same day, not 90 days")
    }

    @Test("every 12 months from 29 February 2028: the 28th in common years, the 29th in leap years")
    func leapDay() {
        #expect(Self.days(5, of: Self.schedule("12mo", from: "2028-02-29"))
            == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"])
    }

    // MARK: - Ranges and the end

    @Test("until: the last dose is the last one on or before that day")
    func until() {
        let schedule = Self.schedule("1d", from: "2026-01-05", until: "2026-01-07")
        #expect(Self.days(5, of: schedule) == ["2026-01-05", "2026-01-06", "2026-01-07"])
        #expect(schedule.lastIndex == 2)
        #expect(schedule.next(after: Fixtures.instant("2026-01-07T12:00:00Z")) == nil)
        #expect(schedule.latest(atOrBefore: Fixtures.instant("2026-02-01T12:00:00Z")) == 2)
        let hours = Self.schedule("12h", from: "2026-01-05", until: "2026-01-05")
        #expect(Self.first(5, of: hours) == ["2026-01-05T07:00:00.000Z", "2026-01-05T19:00:00.000Z"])
        let long = Self.schedule("5d", from: "2026-01-05", until: "2026-01-08")
        #expect(Self.first(3, of: long) == ["2026-01-05T07:00:00.000Z"])
    }

    @Test("latest, next and the doses of a range, far from the first too")
    func ranges() {
        let schedule = Self.schedule("1d", from: "2026-01-05")
        #expect(schedule.latest(atOrBefore: Fixtures.instant("2026-01-05T06:59:59Z")) == nil)
        #expect(schedule.latest(atOrBefore: Fixtures.instant("2026-01-05T07:00:00Z")) == 0)
        #expect(schedule.latest(atOrBefore: Fixtures.instant("2027-01-05T06:59:00Z")) == 364)
        #expect(schedule.next(after: Fixtures.instant("2026-01-01T00:00:00Z")) == Fixtures.instant("2026-01-05T07:00:00Z"))
        #expect(schedule.next(after: Fixtures.instant("2026-07-01T06:00:00Z")) == Fixtures.instant("2026-07-02T06:00:00Z"))
        #expect(schedule.occurrences(from: Fixtures.instant("2026-01-06T00:00:00Z"), to: Fixtures.instant("2026-01-08T07:00:00Z"))
            .map(Timestamp.format) == ["2026-01-06T07:00:00.000Z", "2026-01-07T07:00:00.000Z"])
        let months = Self.schedule("1mo", from: "2026-01-31")
        #expect(months.latest(atOrBefore: Fixtures.instant("2036-02-29T06:59:00Z")) == 120)
        #expect(months.latest(atOrBefore: Fixtures.instant("2036-02-29T07:00:00Z")) == 121)
    }

    // MARK: - Doses given

    static let daily = try! Medication(name: "Rimadyl", period: MedicationPeriod("1d")!, from: Fixtures.day("2026-01-05"))

    static func local(_ text: String) -> Date { Fixtures.instant("\(text):00+01:00") }

    @Test("a late dose counts for its scheduled dose and does not move the schedule")
    func late() {
        let schedule = MedicationSchedule(Self.daily, in: Self.amsterdam)
        let late = Self.local("2026-01-05T11:30")
        #expect(schedule.assign([late]) == [0])
        #expect(schedule.occurrence(1) == Self.local("2026-01-06T08:00"))
        let status = schedule.status(of: Self.daily, doses: [late], at: Self.local("2026-01-06T08:30"))
        #expect(status.overdue == Self.local("2026-01-06T08:00"), "due at 08:00, not 11:30")
        #expect(status.next == Self.local("2026-01-07T08:00"))
        #expect(status.lastGiven == late)
    }

    @Test("up to an hour early counts for the coming dose; a second dose counts for none; before the first, none")
    func early() {
        let schedule = MedicationSchedule(Self.daily, in: Self.amsterdam)
        #expect(schedule.assign([Self.local("2026-01-05T07:00"), Self.local("2026-01-05T07:30")]) == [0, nil])
        #expect(schedule.assign([Self.local("2026-01-05T06:59")]) == [nil])
        #expect(schedule.assign([Self.local("2026-01-06T07:30"), Self.local("2026-01-06T07:45")]) == [1, 0],
                "the second counts for the day before, still open")
        let status = schedule.status(of: Self.daily, doses: [Self.local("2026-01-05T07:30")], at: Self.local("2026-01-05T09:00"))
        #expect(status.overdue == nil && status.next == Self.local("2026-01-06T08:00"))
    }

    @Test("every hour: a dose on time or a little late counts for its own hour, not the next one due within the hour")
    func hourly() throws {
        let hourly = try Medication(name: "drops", period: MedicationPeriod("1h")!, from: Fixtures.day("2026-01-05"))
        let schedule = MedicationSchedule(hourly, in: Self.amsterdam)
        #expect(schedule.assign([Self.local("2026-01-05T09:00")]) == [1])
        #expect(schedule.assign([Self.local("2026-01-05T09:05")]) == [1])
        #expect(schedule.assign([Self.local("2026-01-05T09:40")]) == [2], "nearer the 10:00 dose: early for it")
        let status = schedule.status(of: hourly, doses: [Self.local("2026-01-05T09:05")], at: Self.local("2026-01-05T09:30"))
        #expect(status.overdue == nil, "the 09:00 dose was given")
        let twiceDaily = try Medication(name: "pills", period: MedicationPeriod("12h")!, from: Fixtures.day("2026-01-05"))
        #expect(MedicationSchedule(twiceDaily, in: Self.amsterdam).assign([Self.local("2026-01-05T19:30")]) == [1],
                "at 19:30 the evening dose, early; the morning one stays missed")
    }

    @Test("overdue from its time until the next one's; without a dose by then it is missed and the next is overdue")
    func overdue() {
        let schedule = MedicationSchedule(Self.daily, in: Self.amsterdam)
        #expect(schedule.status(of: Self.daily, doses: [], at: Self.local("2026-01-05T07:59")).overdue == nil)
        #expect(schedule.status(of: Self.daily, doses: [], at: Self.local("2026-01-05T08:00")).overdue == Self.local("2026-01-05T08:00"))
        #expect(schedule.status(of: Self.daily, doses: [], at: Self.local("2026-01-06T09:00")).overdue == Self.local("2026-01-06T08:00"))
        #expect(schedule.status(of: Self.daily, doses: [Self.local("2026-01-07T09:00")], at: Self.local("2026-01-06T09:00")).lastGiven == nil,
                "a dose after now is not given yet")
        let ended = try! Medication(name: "x", period: MedicationPeriod("1d")!, from: Fixtures.day("2026-01-05"),
                                    until: Fixtures.day("2026-01-05"))
        let once = MedicationSchedule(ended, in: Self.amsterdam)
        #expect(once.status(of: ended, doses: [], at: Self.local("2026-01-05T20:00")).overdue == Self.local("2026-01-05T08:00"))
        let after = once.status(of: ended, doses: [], at: Self.local("2026-01-06T08:00"))
        #expect(after.overdue == nil && after.next == nil, "the last dose is missed a period after it")
    }
}
