import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A walk's rules, the rules of a plan, and when a planned walk counts as walked, is due, or
/// was missed.
@Suite("Walks: a walk, the plan, and the day")
struct WalkPlanTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let start = Fixtures.instant("2026-01-05T07:00:00Z")
    /// Monday 5 January 2026 in Amsterdam (UTC+1).
    static let day = Fixtures.day("2026-01-05")

    static func times(_ texts: String...) throws -> [WallTime] { try texts.map { try WallTime.parse($0) } }

    /// The instant of a local time on ``day`` in Amsterdam.
    static func local(_ text: String) -> Date { Fixtures.instant("2026-01-05T\(text):00+01:00") }

    /// The error `body` throws, or `nil`.
    static func refusal(_ body: () throws -> Void) -> WalkError? {
        do {
            try body()
            return nil
        } catch let error as WalkError {
            return error
        } catch {
            Issue.record("not a WalkError: \(error)")
            return nil
        }
    }

    // MARK: - A walk

    @Test("minutes: 1 and 1440 are a walk; 0, 1441 and negative are refused")
    func minutes() throws {
        for minutes in [1, 30, 1440] { #expect(try Walk(start: Self.start, minutes: minutes).minutes == minutes) }
        for minutes in [0, 1441, -5] {
            #expect(Self.refusal { _ = try Walk(start: Self.start, minutes: minutes) } == .minutesOutOfRange(minutes))
        }
    }

    @Test("kilometres: 0.01 to 100 are a walk; 0, 100.01, negative, NaN and infinity are refused")
    func kilometres() throws {
        for km in [0.01, 3.5, 100] { #expect(try Walk(start: Self.start, kilometres: km).kilometres == km) }
        #expect(Self.refusal { _ = try Walk(start: Self.start, kilometres: 0) } == .distanceOutOfRange("0.0"))
        #expect(Self.refusal { _ = try Walk(start: Self.start, kilometres: 100.01) } == .distanceOutOfRange("100.01"))
        #expect(Self.refusal { _ = try Walk(start: Self.start, kilometres: -1) } == .distanceOutOfRange("-1.0"))
        for km in [Double.nan, .infinity, -.infinity] {
            let error = Self.refusal { _ = try Walk(start: Self.start, kilometres: km) }
            #expect(error?.code == .distanceOutOfRange, "\(km): \(String(describing: error))")
        }
    }

    @Test("a note: 1000 characters are a walk, 1001 are refused; a control character is refused; trimmed, blank is none")
    func note() throws {
        #expect(try Walk(start: Self.start, note: String(repeating: "é", count: 1000)).note?.count == 1000)
        #expect(Self.refusal { _ = try Walk(start: Self.start, note: String(repeating: "a", count: 1001)) } == .noteTooLong(1001))
        let bell = Self.refusal { _ = try Walk(start: Self.start, note: "park\u{7}loop") }
        #expect(bell == .controlCharacter(ControlCharacterError(field: .note, character: "\u{7}")))
        #expect(try Walk(start: Self.start, note: "  \n\t ").note == nil)
        #expect(try Walk(start: Self.start, note: "").note == nil)
        #expect(try Walk(start: Self.start, note: "  round the park \n").note == "round the park")
        #expect(try Walk(start: Self.start, note: "line one\nline two").note == "line one\nline two")
    }

    @Test("a stored walk is taken as it is and check() refuses it; the start is rounded to the millisecond")
    func stored() throws {
        let bad = Walk(stored: Walk.ID(), start: Self.start, minutes: 0, kilometres: nil, note: nil)
        #expect(bad.minutes == 0)
        #expect(Self.refusal { try bad.check() } == .minutesOutOfRange(0))
        #expect(throws: RecordRejection.self) { try WalkRecords.validate(bad) }
        let good = try Walk(start: Self.start.addingTimeInterval(0.000_4), minutes: 20)
        #expect(good.start == Self.start)
        #expect(throws: Never.self) { try WalkRecords.validate(good) }
    }

    // MARK: - A plan

    @Test("a plan comes back sorted; a time twice is refused with timePlannedTwice")
    func checked() throws {
        #expect(try WalkPlan.checked(Self.times("18:00", "07:30", "12:00")) == Self.times("07:30", "12:00", "18:00"))
        #expect(try WalkPlan.checked([]) == [])
        let twice = try Self.times("07:30", "18:00", "7:30")
        #expect(Self.refusal { _ = try WalkPlan.checked(twice) } == .timePlannedTwice(try WallTime.parse("07:30")))
    }

    @Test("12 times are a plan; 13 are refused with tooManyPlanned(13)")
    func tooMany() throws {
        let thirteen = try (0..<13).map { try #require(WallTime(hour: $0 + 6, minute: 0)) }
        #expect(try WalkPlan.checked(Array(thirteen.prefix(12))).count == 12)
        #expect(Self.refusal { _ = try WalkPlan.checked(thirteen) } == .tooManyPlanned(13))
    }

    // MARK: - The day

    static func day(_ planned: [WallTime], walks: [Date], on day: LocalDay = day,
                    in zone: TimeZone = amsterdam) -> [PlannedWalkStatus] {
        WalkPlan.day(day, planned: planned, walks: walks, in: zone)
    }

    @Test("a walk counts from an hour before a planned time until an hour before the next")
    func window() throws {
        let plan = try Self.times("07:30", "18:00")
        let statuses = Self.day(plan, walks: [])
        #expect(statuses.map(\.at) == [Self.local("07:30"), Self.local("18:00")])
        #expect(statuses.map(\.windowEnd) == [Self.local("17:00"), Fixtures.instant("2026-01-05T23:00:00Z")])
        #expect(Self.day(plan, walks: [Self.local("06:29")]).map(\.walked) == [nil, nil], "too early for the morning")
        #expect(Self.day(plan, walks: [Self.local("06:30")]).map(\.walked) == [Self.local("06:30"), nil])
        #expect(Self.day(plan, walks: [Self.local("16:59")]).map(\.walked) == [Self.local("16:59"), nil])
        #expect(Self.day(plan, walks: [Self.local("17:00")]).map(\.walked) == [nil, Self.local("17:00")])
    }

    @Test("each walk counts once: two walks in the morning's window leave the evening unwalked")
    func countsOnce() throws {
        let plan = try Self.times("07:30", "18:00")
        let twice = Self.day(plan, walks: [Self.local("08:00"), Self.local("07:00")])
        #expect(twice.map(\.walked) == [Self.local("07:00"), nil])
        let both = Self.day(plan, walks: [Self.local("19:00"), Self.local("07:45")])
        #expect(both.map(\.walked) == [Self.local("07:45"), Self.local("19:00")])
        let one = Self.day(try Self.times("07:30", "08:00"), walks: [Self.local("07:30")])
        #expect(one.compactMap(\.walked) == [Self.local("07:30")], "one walk, one planned walk")
    }

    @Test("a late walk for the morning counts for the evening only when it is in the evening's window")
    func lateWalk() throws {
        let plan = try Self.times("07:30", "18:00")
        #expect(Self.day(plan, walks: [Self.local("16:00")]).map(\.walked) == [Self.local("16:00"), nil])
        #expect(Self.day(plan, walks: [Self.local("17:30")]).map(\.walked) == [nil, Self.local("17:30")])
    }

    @Test("the last window ends at local midnight")
    func midnight() throws {
        let plan = try Self.times("21:00")
        #expect(Self.day(plan, walks: [Self.local("23:59")]).first?.walked == Self.local("23:59"))
        #expect(Self.day(plan, walks: [Fixtures.instant("2026-01-05T23:00:00Z")]).first?.walked == nil, "00:00 the next day")
        #expect(Self.day(plan, walks: [Self.local("19:59")]).first?.walked == nil)
        #expect(Self.day(plan, walks: [Self.local("20:00")]).first?.walked == Self.local("20:00"))
    }

    @Test("no plan is no statuses; the order of the plan given does not matter")
    func order() throws {
        #expect(Self.day([], walks: [Self.local("08:00")]).isEmpty)
        #expect(Self.day(try Self.times("18:00", "07:30"), walks: []).map(\.time) == (try Self.times("07:30", "18:00")))
    }

    @Test("state: upcoming before its time, due until its window ends, then missed; walked whenever a walk counted")
    func states() throws {
        let plan = try Self.times("07:30", "18:00")
        let open = Self.day(plan, walks: [])
        let morning = try #require(open.first), evening = try #require(open.last)
        #expect(morning.state(at: Self.local("07:29")) == .upcoming)
        #expect(morning.state(at: Self.local("07:30")) == .due)
        #expect(morning.state(at: Self.local("16:59")) == .due)
        #expect(morning.state(at: Self.local("17:00")) == .missed)
        #expect(evening.state(at: Self.local("17:00")) == .upcoming)
        #expect(evening.state(at: Self.local("23:59")) == .due)
        #expect(evening.state(at: Fixtures.instant("2026-01-05T23:00:00Z")) == .missed)
        let walked = try #require(Self.day(plan, walks: [Self.local("06:45")]).first)
        #expect(walked.state(at: Self.local("06:50")) == .walked)
        #expect(walked.state(at: Self.local("20:00")) == .walked)
    }

    @Test("a planned time less than an hour before the next: its window is empty and it is missed from its time")
    func closeTimes() throws {
        let statuses = Self.day(try Self.times("07:00", "07:30"), walks: [])
        let first = try #require(statuses.first)
        #expect(first.windowEnd == Self.local("07:15"), "halfway to the next, which is later than an hour before it")
        #expect(first.state(at: Self.local("06:59")) == .upcoming)
        #expect(first.state(at: Self.local("07:00")) == .due)
        #expect(first.state(at: Self.local("07:15")) == .missed)
        let walked = Self.day(try Self.times("07:00", "07:30"), walks: [Self.local("07:00"), Self.local("07:20")])
        #expect(walked.map(\.walked) == [Self.local("07:00"), Self.local("07:20")], "each planned walk its own walk")
    }

    @Test("Amsterdam's spring-forward day: 02:30 lands at 03:30, after 03:00, and the plan follows the instants")
    func springForwardOrder() throws {
        let day = Fixtures.day("2026-03-29")
        let statuses = Self.day(try Self.times("02:30", "03:00"), walks: [Fixtures.instant("2026-03-29T01:00:00Z")], on: day)
        #expect(statuses.map(\.time.description) == ["03:00", "02:30"])
        #expect(statuses.map(\.at) == [Fixtures.instant("2026-03-29T01:00:00Z"), Fixtures.instant("2026-03-29T01:30:00Z")])
        #expect(statuses.first?.walked == Fixtures.instant("2026-03-29T01:00:00Z"), "the 03:00 walk counts for 03:00")
        #expect(statuses.allSatisfy { $0.windowEnd > $0.at })
    }

    @Test("Amsterdam's spring-forward day: 02:30 lands at 03:30; the last window ends at midnight summer time")
    func springForward() throws {
        let day = Fixtures.day("2026-03-29")
        let plan = try Self.times("02:30", "07:30", "18:00")
        let statuses = Self.day(plan, walks: [Fixtures.instant("2026-03-29T00:45:00Z"), Fixtures.instant("2026-03-29T21:59:00Z")],
                                on: day)
        #expect(statuses.map(\.at) == [Fixtures.instant("2026-03-29T01:30:00Z"), Fixtures.instant("2026-03-29T05:30:00Z"),
                                       Fixtures.instant("2026-03-29T16:00:00Z")])
        #expect(statuses.map(\.windowEnd) == [Fixtures.instant("2026-03-29T04:30:00Z"), Fixtures.instant("2026-03-29T15:00:00Z"),
                                              Fixtures.instant("2026-03-29T22:00:00Z")])
        #expect(statuses.map(\.walked) == [Fixtures.instant("2026-03-29T00:45:00Z"), nil,
                                           Fixtures.instant("2026-03-29T21:59:00Z")],
                "01:45 CET is within an hour of 03:30 CEST; 23:59 CEST is before midnight")
        let late = Self.day(plan, walks: [Fixtures.instant("2026-03-29T22:00:00Z")], on: day)
        #expect(late.allSatisfy { $0.walked == nil }, "00:00 on the 30th is the next day")
    }

    @Test("Amsterdam's fall-back day: the last window ends at midnight winter time")
    func fallBack() throws {
        let day = Fixtures.day("2026-10-25")
        let statuses = Self.day(try Self.times("18:00"), walks: [Fixtures.instant("2026-10-25T22:30:00Z")], on: day)
        #expect(statuses.first?.windowEnd == Fixtures.instant("2026-10-25T23:00:00Z"))
        #expect(statuses.first?.walked == Fixtures.instant("2026-10-25T22:30:00Z"), "23:30 CET")
    }
}
