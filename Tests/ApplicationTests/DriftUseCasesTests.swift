import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

// MARK: - Support

/// In-memory Drift repositories, a fixed clock and the person's calendar.
struct DriftWorld {
    let clock: FixedWallClock
    let calendar: Calendar
    let time: TimeContext
    let checkins = InMemoryCheckinRepository()
    let queue = InMemoryCheckinQueueRepository()
    let tiers = InMemoryTierRepository()

    /// Friday 2026-11-20, 10:00 in Amsterdam, unless told otherwise.
    init(now: String = "2026-11-20T10:00:00+01:00", zone: String = "Europe/Amsterdam") {
        clock = FixedWallClock(Fixtures.instant(now))
        calendar = Fixtures.calendar(zone)
        time = TimeContext(clock: clock, calendar: calendar)
    }

    var now: Date { clock.now() }
    var today: LocalDay { time.today() }
    func set(now iso: String) { clock.set(Fixtures.instant(iso)) }

    func record(queued: Bool = false) -> RecordCheckin {
        RecordCheckin(checkins: checkins, queue: queued ? queue : nil, time: time)
    }

    func insights(_ tier: Tier) -> ComputeWeeklyInsights {
        ComputeWeeklyInsights(checkins: checkins, tier: FixedTierSource(tier), time: time)
    }

    func trends(_ tier: Tier) -> GetTrends { GetTrends(checkins: checkins, tier: FixedTierSource(tier), time: time) }

    func save(_ items: [Checkin]) async {
        for item in items { _ = await checkins.save(item, replacing: false) }
    }

    func stored() async -> [Checkin] {
        await checkins.checkins(on: Fixtures.day("2000-01-01")...Fixtures.day("2100-01-01"))
    }
}

/// A valid check-in; traps when the ratings are out of range.
private func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, contact: String? = nil) -> Checkin {
    do {
        return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social, keyContact: contact)
    } catch {
        preconditionFailure("bad check-in in a test: \(error)")
    }
}

/// A failure the fake server reports (what an HTTP adapter would throw for a 500, say).
private struct ServerError: Error, Equatable {
    let status: Int
}

/// Some error nobody planned for.
private struct SurpriseError: Error {}

/// A fake check-in API: records every submission and answers per idempotency key from a
/// script (accepted once the key's script is used up). It can be slowed down, made to wait for
/// a second submission to be in flight at the same time, and run a hook inside `submit`.
private actor ScriptedCheckinAPI: CheckinAPI {
    enum Answer: Sendable {
        case accepted, duplicate
        /// Returns `SubmissionOutcome.failed`.
        case failedOutcome
        /// Throws `ServerError(status: 500)`.
        case serverError
        /// Throws an unrelated error.
        case surprise
    }

    struct Call: Sendable, Equatable {
        let key: String
        let checkin: Checkin
    }

    private var script: [String: [Answer]] = [:]
    private(set) var calls: [Call] = []
    private var inFlight = 0
    private(set) var maxInFlight = 0
    private let delay: Duration
    private let waitForCompany: Bool
    private var hook: (@Sendable (_ key: String) async throws -> Void)?

    /// `delay`: how long each submission takes. `waitForCompany`: the first submission waits
    /// (up to ~10 s) until a second one is in flight, so two flushes surely overlap.
    init(delay: Duration = .zero, waitForCompany: Bool = false) {
        self.delay = delay
        self.waitForCompany = waitForCompany
    }

    func answer(_ key: String, with answers: Answer...) { script[key, default: []] += answers }
    func answer(_ item: QueuedCheckin, with answers: Answer...) { script[item.idempotencyKey, default: []] += answers }

    /// Runs `hook` inside every submission, before answering.
    func onSubmit(_ hook: @escaping @Sendable (_ key: String) async throws -> Void) { self.hook = hook }

    var keys: [String] { calls.map(\.key) }
    func count(_ key: String) -> Int { calls.filter { $0.key == key }.count }

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        calls.append(Call(key: idempotencyKey, checkin: checkin))
        let answer = script[idempotencyKey]?.isEmpty == false ? script[idempotencyKey]!.removeFirst() : .accepted
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        defer { inFlight -= 1 }
        if waitForCompany && calls.count == 1 {
            var tries = 0
            while inFlight < 2 && tries < 2000 {
                tries += 1
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        if let hook { try await hook(idempotencyKey) }
        if delay > .zero { try await Task.sleep(for: delay) } else { await Task.yield() }
        switch answer {
        case .accepted: return .accepted
        case .duplicate: return .duplicate
        case .failedOutcome: return .failed
        case .serverError: throw ServerError(status: 500)
        case .surprise: throw SurpriseError()
        }
    }
}

// MARK: - RecordCheckin and ListCheckins

@Suite("RecordCheckin and ListCheckins")
struct RecordCheckinTests {
    @Test("a check-in is saved on today's local day in the calendar's zone, one per day around midnight")
    func localDayAroundMidnight() async throws {
        let world = DriftWorld(now: "2026-11-20T22:59:59Z") // 23:59:59 in Amsterdam
        let first = try await world.record().execute(energy: 4, stress: 2, social: 5).checkin
        #expect(first.day == Fixtures.day("2026-11-20"))

        world.set(now: "2026-11-20T23:00:00Z") // midnight in Amsterdam, still the 20th in UTC
        let second = try await world.record().execute(energy: 2, stress: 4, social: 1).checkin
        #expect(second.day == Fixtures.day("2026-11-21"))

        world.set(now: "2026-11-20T22:30:00Z")
        await #expect(throws: DriftError.alreadyCheckedIn(Fixtures.day("2026-11-20"))) {
            try await world.record().execute(energy: 1, stress: 1, social: 1)
        }
        world.set(now: "2026-11-21T22:59:59.999Z")
        await #expect(throws: DriftError.alreadyCheckedIn(Fixtures.day("2026-11-21"))) {
            try await world.record().execute(energy: 1, stress: 1, social: 1)
        }
        #expect(await world.stored() == [first, second])
    }

    @Test("west of UTC the local day lags the UTC day", arguments: [
        ("2026-11-21T07:59:59Z", "2026-11-20"), ("2026-11-21T08:00:00Z", "2026-11-21"),
    ])
    func westOfUTC(instant: String, day: String) async throws {
        let world = DriftWorld(now: instant, zone: "America/Los_Angeles")
        #expect(try await world.record().execute(energy: 3, stress: 3, social: 3).checkin.day == Fixtures.day(day))
    }

    @Test("the night the clocks go forward is one day")
    func daylightSaving() async throws {
        let world = DriftWorld(now: "2026-03-28T23:00:00Z") // 00:00 CET on the 29th
        #expect(try await world.record().execute(energy: 3, stress: 3, social: 3).checkin.day
                == Fixtures.day("2026-03-29"))
        world.set(now: "2026-03-29T21:59:59Z") // 23:59:59 CEST, the same day
        await #expect(throws: DriftError.alreadyCheckedIn(Fixtures.day("2026-03-29"))) {
            try await world.record().execute(energy: 3, stress: 3, social: 3)
        }
        world.set(now: "2026-03-29T22:00:00Z") // 00:00 CEST on the 30th
        #expect(try await world.record().execute(energy: 3, stress: 3, social: 3).checkin.day
                == Fixtures.day("2026-03-30"))
    }

    @Test("a second check-in for the day is refused and the first is kept; the message says how to replace")
    func alreadyCheckedIn() async throws {
        let world = DriftWorld()
        let first = try await world.record().execute(energy: 4, stress: 2, social: 5, keyContact: "Sam").checkin
        let error = await #expect(throws: DriftError.self) {
            try await world.record().execute(energy: 1, stress: 5, social: 1, replace: false)
        }
        #expect(error == .alreadyCheckedIn(world.today))
        #expect(english(error) == "already checked in on 2026-11-20", "the CLI adds its --replace hint itself")
        #expect(await world.stored() == [first])
    }

    @Test("replace swaps the day's check-in")
    func replace() async throws {
        let world = DriftWorld()
        try await world.record().execute(energy: 4, stress: 2, social: 5, keyContact: "Sam")
        let replaced = try await world.record().execute(energy: 1, stress: 5, social: 2, replace: true).checkin
        #expect(replaced == checkin("2026-11-20", 1, 5, 2))
        #expect(await world.stored() == [replaced])
    }

    @Test("an explicit day is used instead of today, and is one per day too")
    func explicitDay() async throws {
        let world = DriftWorld()
        let past = try await world.record().execute(energy: 2, stress: 2, social: 2, day: Fixtures.day("2026-11-02"))
        #expect(past.checkin.day == Fixtures.day("2026-11-02"))
        let today = try await world.record().execute(energy: 3, stress: 3, social: 3)
        #expect(today.checkin.day == Fixtures.day("2026-11-20"))
        await #expect(throws: DriftError.alreadyCheckedIn(Fixtures.day("2026-11-02"))) {
            try await world.record().execute(energy: 5, stress: 5, social: 5, day: Fixtures.day("2026-11-02"))
        }
        #expect(await world.stored() == [past.checkin, today.checkin])
    }

    @Test("a rating outside 1–5 is refused naming the field, and nothing is saved or queued", arguments: [
        (0, 3, 3, DriftMetric.energy, 0), (6, 3, 3, .energy, 6), (3, 0, 3, .stress, 0), (3, 6, 3, .stress, 6),
        (3, 3, -1, .social, -1), (3, 3, 99, .social, 99),
    ])
    func outOfRange(energy: Int, stress: Int, social: Int, field: DriftMetric, value: Int) async throws {
        let world = DriftWorld()
        let error = await #expect(throws: CheckinError.self) {
            try await world.record(queued: true).execute(energy: energy, stress: stress, social: social)
        }
        #expect(error == .outOfRange(field: field, value: value))
        #expect(english(error).hasPrefix(field.rawValue) == true)
        #expect(await world.stored().isEmpty)
        #expect(await world.queue.all().isEmpty)
    }

    @Test("the key contact is trimmed, and a blank one is none")
    func keyContact() async throws {
        let world = DriftWorld()
        let named = try await world.record().execute(energy: 3, stress: 3, social: 3, keyContact: "  Zoë 👩‍👩‍👧 \n")
        #expect(named.checkin.keyContact == "Zoë 👩‍👩‍👧")
        let blank = try await world.record().execute(energy: 3, stress: 3, social: 3, keyContact: "  ",
                                                     day: Fixtures.day("2026-11-19"))
        #expect(blank.checkin.keyContact == nil)
    }

    @Test("with a queue, the saved check-in is also queued, stamped now, with no failures")
    func queued() async throws {
        let world = DriftWorld()
        let result = try await world.record(queued: true).execute(energy: 4, stress: 2, social: 5, keyContact: "Sam")
        let item = try #require(result.queued)
        #expect(item.checkin == result.checkin)
        #expect(item.queuedAt == world.now)
        #expect(item.retryCount == 0)
        #expect(item.idempotencyKey == item.id.rawValue.uuidString.lowercased())
        #expect(await world.queue.all() == [item])

        // A refused check-in queues nothing.
        await #expect(throws: DriftError.alreadyCheckedIn(world.today)) {
            try await world.record(queued: true).execute(energy: 1, stress: 1, social: 1)
        }
        #expect(await world.queue.all() == [item])

        // Each saved check-in gets its own item (and its own idempotency key).
        let other = try await world.record(queued: true).execute(energy: 3, stress: 3, social: 3,
                                                                 day: Fixtures.day("2026-11-19"))
        #expect(await world.queue.all().map(\.checkin) == [result.checkin, other.checkin])
        #expect(other.queued?.id != item.id)
    }

    @Test("without a queue nothing is queued")
    func notQueued() async throws {
        let world = DriftWorld()
        let result = try await world.record(queued: false).execute(energy: 4, stress: 2, social: 5)
        #expect(result.queued == nil)
        #expect(await world.queue.all().isEmpty)
    }

    @Test("ListCheckins gives the last N local days, today included, by day")
    func list() async throws {
        let world = DriftWorld()
        let items = ["2026-11-21", "2026-11-20", "2026-11-14", "2026-11-13", "2026-10-22", "2026-10-21"]
            .map { checkin($0, 3, 3, 3) }
        await world.save(items)
        let list = ListCheckins(checkins: world.checkins, time: world.time)
        #expect(try await list.execute(days: 1).map(\.day.description) == ["2026-11-20"])
        #expect(try await list.execute(days: 7).map(\.day.description) == ["2026-11-14", "2026-11-20"])
        #expect(try await list.execute(days: 30).map(\.day.description)
                == ["2026-10-22", "2026-11-13", "2026-11-14", "2026-11-20"])
        #expect(try await list.execute().count == 4, "30 days by default")
    }
}

// MARK: - ComputeWeeklyInsights

@Suite("ComputeWeeklyInsights")
struct ComputeWeeklyInsightsTests {
    /// Today is Friday 2026-11-20: the 7-day window is 11-14...11-20, the one before 11-07...11-13.
    /// Averages: energy 10/4 = 2.5, stress 14/4 = 3.5, social 2.5, drift index 42/12 = 3.5 (high).
    /// High drift on 11-14 (5.0) and 11-15 (4.0): one alert (11-15).
    let window = [
        checkin("2026-11-14", 1, 5, 1),
        checkin("2026-11-15", 2, 4, 2),
        checkin("2026-11-17", 3, 3, 3, contact: "Zoë"),
        checkin("2026-11-20", 4, 2, 4),
    ]

    @Test("the window's numbers, with suggestions on Pro")
    func baseline() async throws {
        let world = DriftWorld()
        await world.save(window)
        let insights = try await world.insights(.pro).execute()
        #expect(insights.weekStart == Fixtures.day("2026-11-14"))
        #expect(insights.weekEnd == Fixtures.day("2026-11-20"))
        #expect(insights.days == 7)
        #expect(insights.summary.checkinCount == 4)
        #expect(insights.summary.alertCount == 1)
        #expect(insights.summary.averages == WeeklyInsights.Averages(energy: 2.5, stress: 3.5, social: 2.5,
                                                                     driftIndex: 3.5))
        #expect(insights.summary.driftLevel == .high)
        #expect(insights.summary.hasEnoughData)
        #expect(insights.highlights.isEmpty, "nothing in the previous window")
        #expect(insights.suggestions == [.easeStress, .restoreEnergy, .reconnect(contact: "Zoë")])
    }

    @Test("on Free the suggestions become the upgrade teaser and everything else is the same")
    func freeGating() async throws {
        let world = DriftWorld()
        await world.save(window)
        let pro = try await world.insights(.pro).execute()
        let free = try await world.insights(.free).execute()
        #expect(free.suggestions.isEmpty && free.locked == WeeklyInsights.Locked(feature: .weeklyDetail))
        #expect(free.summary == pro.summary)
        #expect(free.highlights == pro.highlights)
        #expect(free.weekStart == pro.weekStart)
        #expect(free == pro.gated(for: .free))
    }

    @Test("the tier is read when the insights are computed")
    func tierFromRepository() async throws {
        let world = DriftWorld()
        await world.save(window)
        let insights = ComputeWeeklyInsights(checkins: world.checkins, tier: world.tiers, time: world.time)
        #expect(try await insights.execute().locked == WeeklyInsights.Locked(feature: .weeklyDetail))
        await world.tiers.setTier(.pro)
        #expect(try await insights.execute().suggestions.count == 3)
    }

    @Test("a high-drift check-in on the day before the window makes the window's first day an alert")
    func dayBeforeWindowCountsForAlerts() async throws {
        let world = DriftWorld()
        await world.save(window)
        let before = try await world.insights(.pro).execute()
        await world.save([checkin("2026-11-13", 1, 5, 1, contact: "Old friend"),
                          checkin("2026-11-12", 1, 5, 1)])
        let after = try await world.insights(.pro).execute()

        #expect(after.summary.alertCount == 2, "11-14 follows a high 11-13; 11-13 itself is outside the window")
        #expect(after.summary.checkinCount == before.summary.checkinCount)
        #expect(after.summary.averages == before.summary.averages)
        #expect(after.summary.driftLevel == before.summary.driftLevel)
        // The previous window now has data (energy 1, stress 5, social 1): highlights appear.
        #expect(after.highlights == [.trend(.energy, .up), .trend(.stress, .down), .trend(.social, .up)])
        #expect(after.suggestions.contains(.reconnect(contact: "Zoë")), "the contact comes from the window only")
    }

    @Test("a check-in in the previous window changes only the highlights; older ones and future ones change nothing")
    func previousWindowOnlyHighlights() async throws {
        let world = DriftWorld()
        await world.save(window)
        let baseline = try await world.insights(.pro).execute()

        // 14 and 15 days back, and tomorrow: outside everything the 7-day insights look at.
        await world.save([checkin("2026-11-06", 1, 5, 1), checkin("2026-11-05", 5, 1, 5),
                          checkin("2026-11-21", 5, 1, 5)])
        #expect(try await world.insights(.pro).execute() == baseline)

        // 13 days back: the first day of the previous window (energy 3, stress 3, social 3).
        await world.save([checkin("2026-11-07", 3, 3, 3)])
        let compared = try await world.insights(.pro).execute()
        #expect(compared.summary == baseline.summary)
        #expect(compared.suggestions == baseline.suggestions)
        // 2.5 − 3 = −0.5 (down), 3.5 − 3 = +0.5 (up), 2.5 − 3 = −0.5 (down): the thresholds are inclusive.
        #expect(compared.highlights == [.trend(.energy, .down), .trend(.stress, .up), .trend(.social, .down)])
        #expect(compared.highlights.map(\.text) == ["Energy trending down", "Stress trending up",
                                                    "Social trending down"])
    }

    @Test("the 14-day window reads 28 days")
    func fourteenDays() async throws {
        let world = DriftWorld()
        await world.save(window + [checkin("2026-11-07", 3, 3, 3), checkin("2026-11-13", 1, 5, 1),
                                   checkin("2026-10-23", 1, 1, 1)]) // 28 days back: outside
        let insights = try await world.insights(.pro).execute(days: 14)
        #expect(insights.weekStart == Fixtures.day("2026-11-07"))
        #expect(insights.weekEnd == Fixtures.day("2026-11-20"))
        #expect(insights.days == 14)
        #expect(insights.summary.checkinCount == 6)
        #expect(insights.summary.hasEnoughData == false, "6 of 14 days")
        // energy 14/6, stress 22/6, social 14/6, drift 66/18.
        #expect(insights.summary.averages == WeeklyInsights.Averages(energy: 2.33, stress: 3.67, social: 2.33,
                                                                     driftIndex: 3.67))
        #expect(insights.summary.driftLevel == .high)
        #expect(insights.summary.alertCount == 2)
        #expect(insights.highlights.isEmpty)

        // 27 days back is the first day of the previous 14-day window.
        await world.save([checkin("2026-10-24", 3, 3, 3)])
        let compared = try await world.insights(.pro).execute(days: 14)
        #expect(compared.highlights == [.trend(.energy, .down), .trend(.stress, .up), .trend(.social, .down)])
        #expect(compared.summary == insights.summary)
    }

    @Test("enough data means check-ins on at least half the days")
    func enoughData() async throws {
        let world = DriftWorld()
        await world.save(Array(window.prefix(3)))
        #expect(try await world.insights(.pro).execute().summary.hasEnoughData == false, "3 of 7")
        await world.save([window[3]])
        #expect(try await world.insights(.pro).execute().summary.hasEnoughData, "4 of 7")
    }

    @Test("without check-ins: nulls, low, no highlights and no suggestions on either tier",
          arguments: Tier.allCases)
    func empty(tier: Tier) async throws {
        let world = DriftWorld()
        let insights = try await world.insights(tier).execute()
        #expect(insights.summary.averages == .none)
        #expect(insights.summary.checkinCount == 0)
        #expect(insights.summary.alertCount == 0)
        #expect(insights.summary.driftLevel == nil, "no check-ins, no level")
        #expect(insights.summary.hasEnoughData == false)
        #expect(insights.highlights.isEmpty)
        #expect(insights.suggestions.isEmpty)
    }

    @Test("only 7 and 14 days exist", arguments: [0, 1, 6, 8, 13, 15, 28, -7])
    func invalidWindow(days: Int) async throws {
        let world = DriftWorld()
        await #expect(throws: DriftWindowError.invalidInsightsWindow(days)) {
            try await world.insights(.pro).execute(days: days)
        }
    }

    @Test("the window ends on today's local day, not the UTC day")
    func localToday() async throws {
        let world = DriftWorld(now: "2026-11-20T23:30:00Z") // 00:30 on the 21st in Amsterdam
        await world.save([checkin("2026-11-21", 5, 1, 5), checkin("2026-11-14", 1, 5, 1)])
        let insights = try await world.insights(.pro).execute()
        #expect(insights.weekStart == Fixtures.day("2026-11-15"))
        #expect(insights.weekEnd == Fixtures.day("2026-11-21"))
        #expect(insights.summary.checkinCount == 1)
        #expect(insights.highlights.count == 3, "11-14 is in the previous window")
    }
}

// MARK: - GetTrends and ManageFeatures

@Suite("GetTrends and ManageFeatures")
struct GetTrendsTests {
    /// Check-ins at the edges of the 7-, 30- and 90-day ranges ending 2026-11-20.
    private func seed(_ world: DriftWorld) async {
        let today = world.today
        let items = [0, 6, 7, 29, 30, 89, 90].map { back in
            checkin(today.adding(days: -back).description, 2, 4, 3)
        }
        await world.save(items)
    }

    private func days(_ world: DriftWorld, back: [Int]) -> [LocalDay] {
        back.map { world.today.adding(days: -$0) }
    }

    @Test("7 days on Free: one point per day with a check-in, oldest first")
    func sevenDaysFree() async throws {
        let world = DriftWorld()
        await seed(world)
        let points = try await world.trends(.free).execute(days: 7)
        #expect(points.map(\.day) == days(world, back: [6, 0]))
        // (6 − 2) + 4 + (6 − 3) = 11 → 11/3 = 3.666… → 3.67
        #expect(points.last == TrendPoint(day: world.today, energy: 2, stress: 4, social: 3, driftIndex: 3.67))
        #expect(try await world.trends(.free).execute() == points, "7 days by default")
    }

    @Test("30 and 90 days are locked on Free", arguments: [(30, FeatureKey.trends30d), (90, .trends90d)])
    func lockedOnFree(days: Int, feature: FeatureKey) async throws {
        let world = DriftWorld()
        await seed(world)
        let error = await #expect(throws: DriftError.self) { try await world.trends(.free).execute(days: days) }
        #expect(error == .locked(feature))
        #expect(english(error) == "'\(feature.rawValue)' is a Pro feature", "the CLI adds how to upgrade itself")
    }

    @Test("30 and 90 days on Pro give points over the whole range, bounds included")
    func longerOnPro() async throws {
        let world = DriftWorld()
        await seed(world)
        #expect(try await world.trends(.pro).execute(days: 30).map(\.day) == days(world, back: [29, 7, 6, 0]))
        #expect(try await world.trends(.pro).execute(days: 90).map(\.day)
                == days(world, back: [89, 30, 29, 7, 6, 0]))
        #expect(try await world.trends(.pro).execute(days: 7).map(\.day) == days(world, back: [6, 0]))
    }

    @Test("the tier is read when the trends are asked for")
    func tierFromRepository() async throws {
        let world = DriftWorld()
        await seed(world)
        let trends = GetTrends(checkins: world.checkins, tier: world.tiers, time: world.time)
        await #expect(throws: DriftError.locked(.trends90d)) { try await trends.execute(days: 90) }
        await world.tiers.setTier(.pro)
        #expect(try await trends.execute(days: 90).count == 6)
    }

    @Test("only 7, 30 and 90 days exist, on either tier",
          arguments: [(0, Tier.free), (14, .free), (31, .pro), (-7, .pro), (365, .pro), (60, .free)])
    func invalidLength(days: Int, tier: Tier) async throws {
        let world = DriftWorld()
        await #expect(throws: DriftWindowError.invalidTrendLength(days)) {
            try await world.trends(tier).execute(days: days)
        }
    }

    @Test("no check-ins, no points")
    func empty() async throws {
        let world = DriftWorld()
        #expect(try await world.trends(.pro).execute(days: 90).isEmpty)
    }

    @Test("features: all locked on Free, all unlocked on Pro; setTier stores the tier")
    func features() async throws {
        let world = DriftWorld()
        let manage = TierUseCases(tier: world.tiers, store: world.tiers)
        #expect(try await manage.current() == .free)
        let free = try await manage.features()
        #expect(free.map(\.key) == FeatureKey.allCases)
        #expect(free.allSatisfy { $0.pro && !$0.unlocked })

        try await manage.setTier(.pro)
        #expect(await world.tiers.tier() == .pro)
        #expect(try await manage.current() == .pro)
        #expect(try await manage.features().allSatisfy { $0.pro && $0.unlocked })

        let fixed = TierUseCases(tier: FixedTierSource(.free), store: world.tiers)
        #expect(try await fixed.current() == .free, "an override wins over the stored tier")
    }
}

// MARK: - FlushCheckinQueue and the queue's use cases

@Suite("FlushCheckinQueue, ListQueuedCheckins, FindQueuedCheckin, RetryQueuedCheckins, DropQueuedCheckin")
struct FlushCheckinQueueTests {
    private let world = DriftWorld()

    /// A queued check-in for `day`.
    func item(_ day: String, energy: Int = 3) -> QueuedCheckin {
        QueuedCheckin(checkin: checkin(day, energy, 2, 4), queuedAt: Fixtures.instant("\(day)T20:00:00Z"))
    }

    func items(_ count: Int) -> [QueuedCheckin] {
        (0..<count).map { item(Fixtures.day("2026-10-01").adding(days: $0).description) }
    }

    func with(_ item: QueuedCheckin, retryCount: Int) -> QueuedCheckin {
        QueuedCheckin(id: item.id, checkin: item.checkin, queuedAt: item.queuedAt, retryCount: retryCount)
    }

    func flush(_ queue: any CheckinQueueRepository, _ api: any CheckinAPI) -> FlushCheckinQueue {
        FlushCheckinQueue(queue: queue, api: api, time: world.time)
    }

    func enqueue(_ items: [QueuedCheckin], into queue: any CheckinQueueRepository) async throws {
        for item in items { try await queue.enqueue(item) }
    }

    @Test("items are sent in queue order with their own check-in and idempotency key, and leave the queue",
          arguments: AdapterKind.allCases)
    func sendsInOrder(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        // Queue order is not day order.
        let queued = [item("2026-11-20"), item("2026-11-18"), item("2026-11-19")]
        try await enqueue(queued, into: store.checkinQueue)
        let api = ScriptedCheckinAPI()

        let summary = try await flush(store.checkinQueue, api).execute()
        #expect(summary == FlushSummary(flushed: 3, failed: 0, held: 0))
        #expect(await api.calls == queued.map { ScriptedCheckinAPI.Call(key: $0.idempotencyKey, checkin: $0.checkin) })
        #expect(await api.keys.allSatisfy { $0 == $0.lowercased() && UUID(uuidString: $0) != nil })
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }

    @Test("an empty queue sends nothing")
    func emptyQueue() async throws {
        let api = ScriptedCheckinAPI()
        #expect(try await flush(world.queue, api).execute() == FlushSummary())
        #expect(await api.calls.isEmpty)
    }

    @Test("accepted and duplicate leave the queue (flushed); a failure stays in place with one more retry (failed)",
          arguments: AdapterKind.allCases)
    func outcomes(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let accepted = item("2026-11-16")
        let failing = item("2026-11-17")
        let duplicate = item("2026-11-18")
        let failingToo = item("2026-11-19")
        let last = item("2026-11-20")
        try await enqueue([accepted, failing, duplicate, failingToo, last], into: store.checkinQueue)
        let api = ScriptedCheckinAPI()
        await api.answer(failing, with: .serverError)
        await api.answer(duplicate, with: .duplicate)
        await api.answer(failingToo, with: .failedOutcome)

        let summary = try await flush(store.checkinQueue, api).execute()
        #expect(summary == FlushSummary(flushed: 3, failed: 2, held: 0, alreadyThere: [duplicate.checkin.day]))
        #expect(summary.sent == 2, "the duplicate was the server's already")
        #expect(await api.keys == [accepted, failing, duplicate, failingToo, last].map(\.idempotencyKey))
        #expect(try await kind.reopen(store).checkinQueue.all()
                == [with(failing, retryCount: 1), with(failingToo, retryCount: 1)])
    }

    @Test("an API that throws an unexpected error counts as a failure", arguments: AdapterKind.allCases)
    func unexpectedError(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-19")
        let b = item("2026-11-20")
        try await enqueue([a, b], into: store.checkinQueue)
        let api = ScriptedCheckinAPI()
        await api.answer(a, with: .surprise)
        await api.answer(b, with: .surprise)

        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 0, failed: 2, held: 0))
        #expect(try await kind.reopen(store).checkinQueue.all() == [with(a, retryCount: 1), with(b, retryCount: 1)])
    }

    @Test("a failing item is sent once per flush, not again and again", arguments: AdapterKind.allCases)
    func noResendLoop(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-19")
        let b = item("2026-11-20")
        try await enqueue([a, b], into: store.checkinQueue)
        let api = ScriptedCheckinAPI()
        await api.answer(a, with: .serverError, .serverError, .serverError)
        await api.answer(b, with: .serverError)

        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 0, failed: 2, held: 0))
        #expect(await api.keys == [a.idempotencyKey, b.idempotencyKey])
        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 1, failed: 1, held: 0))
        #expect(await api.keys == [a, b, a, b].map(\.idempotencyKey))
        #expect(try await kind.reopen(store).checkinQueue.all() == [with(a, retryCount: 2)])
    }

    @Test("the third failure holds an item; later flushes skip it but count it held, and send the others",
          arguments: AdapterKind.allCases)
    func holdAtThree(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-19")
        try await enqueue([a], into: store.checkinQueue)
        let api = ScriptedCheckinAPI()
        await api.answer(a, with: .serverError, .surprise, .failedOutcome, .accepted)
        let flush = flush(store.checkinQueue, api)

        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 1, held: 0))
        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 1, held: 0))
        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 1, held: 1))
        #expect(await api.count(a.idempotencyKey) == 3)
        let held = try #require(try await store.checkinQueue.all().first)
        #expect(held.retryCount == 3)
        #expect(held.isHeldForReview)

        let b = item("2026-11-20")
        try await kind.reopen(store).checkinQueue.enqueue(b)
        #expect(try await flush.execute() == FlushSummary(flushed: 1, failed: 0, held: 1))
        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 0, held: 1))
        #expect(await api.keys == [a, a, a, b].map(\.idempotencyKey), "the held item is not sent")
        #expect(try await kind.reopen(store).checkinQueue.all() == [with(a, retryCount: 3)])
    }

    @Test("retry clears a held item's failures and the next flush sends it", arguments: AdapterKind.allCases)
    func retryHeld(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = with(item("2026-11-19"), retryCount: 3)
        let b = with(item("2026-11-20"), retryCount: 3)
        try await enqueue([a, b], into: store.checkinQueue)
        let api = ScriptedCheckinAPI()
        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 0, failed: 0, held: 2))
        #expect(await api.calls.isEmpty)

        let manage = QueueUseCases(queue: try kind.reopen(store).checkinQueue)
        #expect(try await manage.retry(a.idempotencyKey) == [a.resetForRetry()])
        #expect(try await store.checkinQueue.all() == [a.resetForRetry(), b], "reset in place")

        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 1, failed: 0, held: 1))
        #expect(await api.keys == [a.idempotencyKey])
        #expect(try await manage.list() == [b])
    }

    @Test("retry of everything resets every item with failures, in queue order", arguments: AdapterKind.allCases)
    func retryAll(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let held = with(item("2026-11-17"), retryCount: 3)
        let fresh = item("2026-11-18")
        let once = with(item("2026-11-19"), retryCount: 1)
        try await enqueue([held, fresh, once], into: store.checkinQueue)
        let manage = QueueUseCases(queue: store.checkinQueue)

        #expect(try await manage.retry(nil) == [held.resetForRetry(), once.resetForRetry()])
        #expect(try await kind.reopen(store).checkinQueue.all().map(\.retryCount) == [0, 0, 0])
        #expect(try await manage.retry(nil).isEmpty, "nothing left to reset")

        let api = ScriptedCheckinAPI()
        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 3, failed: 0, held: 0))
        #expect(await api.keys == [held, fresh, once].map(\.idempotencyKey))
    }

    @Test("drop removes an item for good; an unknown or removed id is not queued", arguments: AdapterKind.allCases)
    func drop(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = with(item("2026-11-19"), retryCount: 3)
        let b = item("2026-11-20")
        try await enqueue([a, b], into: store.checkinQueue)
        let manage = QueueUseCases(queue: store.checkinQueue)

        #expect(try await manage.drop(a.idempotencyKey) == a)
        #expect(try await kind.reopen(store).checkinQueue.all() == [b])
        await #expect(throws: DriftError.notQueued(a.idempotencyKey)) { try await manage.drop(a.idempotencyKey) }
        await #expect(throws: DriftError.notQueued(a.idempotencyKey)) { try await manage.retry(a.idempotencyKey) }
        let unknown = UUID().uuidString
        await #expect(throws: DriftError.notQueued(unknown)) { try await manage.drop(unknown) }

        let api = ScriptedCheckinAPI()
        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 1, failed: 0, held: 0))
        #expect(await api.keys == [b.idempotencyKey], "the dropped item is never sent")
    }

    @Test("find takes the id in any case with spaces, or a unique prefix of 4+ characters")
    func find() async throws {
        let a = item("2026-11-19")
        try await enqueue([a, item("2026-11-20")], into: world.queue)
        let manage = QueueUseCases(queue: world.queue)
        #expect(try await manage.find(a.idempotencyKey) == a)
        #expect(try await manage.find("  \(a.id.rawValue.uuidString.uppercased()) ") == a)
        let others = await world.queue.all().filter { $0.id != a.id }.map(\.idempotencyKey)
        let length = (4...36).first { length in
            !others.contains { $0.hasPrefix(String(a.idempotencyKey.prefix(length))) }
        } ?? 36
        #expect(try await manage.find(String(a.idempotencyKey.prefix(length))) == a)
        let short = String(a.idempotencyKey.prefix(3))
        await #expect(throws: InvalidValue(kind: .idReference, value: short, valid: [IDReference.shape])) {
            try await manage.find(short)
        }
        let unknown = "00000000-0000-0000-0000-000000000000"
        await #expect(throws: DriftError.notQueued(unknown)) { try await manage.find(unknown) }
    }

    @Test("an item queued while a flush runs is sent by that flush; nothing is lost", arguments: AdapterKind.allCases)
    func enqueueDuringFlush(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-18")
        let b = item("2026-11-19")
        try await enqueue([a, b], into: store.checkinQueue)
        // Queued from "another process" while the flush is sending the last item, b.
        let elsewhere = try kind.reopen(store).checkinQueue
        let late = item("2026-11-20")
        let api = ScriptedCheckinAPI()
        await api.onSubmit { key in
            if key == b.idempotencyKey { try await elsewhere.enqueue(late) }
        }

        let summary = try await flush(store.checkinQueue, api).execute()
        #expect(await api.keys == [a, b, late].map(\.idempotencyKey))
        #expect(summary == FlushSummary(flushed: 3, failed: 0, held: 0))
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }

    @Test("an item queued while a failing item is in flight is sent and the failing one kept, in order",
          arguments: AdapterKind.allCases)
    func enqueueDuringFailingSend(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-19")
        try await enqueue([a], into: store.checkinQueue)
        let elsewhere = try kind.reopen(store).checkinQueue
        let late = item("2026-11-20")
        let api = ScriptedCheckinAPI()
        await api.answer(a, with: .serverError)
        await api.onSubmit { key in
            if key == a.idempotencyKey { try await elsewhere.enqueue(late) }
        }

        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 1, failed: 1, held: 0))
        #expect(await api.keys == [a, late].map(\.idempotencyKey))
        #expect(try await kind.reopen(store).checkinQueue.all() == [with(a, retryCount: 1)])
    }

    @Test("a check-in recorded while a flush runs is sent by it", arguments: AdapterKind.allCases)
    func recordDuringFlush(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let record = RecordCheckin(checkins: store.checkins, queue: try kind.reopen(store).checkinQueue,
                                   time: world.time)
        let first = try await record.execute(energy: 3, stress: 3, social: 3, day: Fixtures.day("2026-11-19"))
        let api = ScriptedCheckinAPI()
        await api.onSubmit { key in
            if key == first.queued?.idempotencyKey { try await record.execute(energy: 4, stress: 2, social: 5) }
        }
        #expect(try await flush(store.checkinQueue, api).execute() == FlushSummary(flushed: 2, failed: 0, held: 0))
        #expect(await api.calls.map(\.checkin) == [checkin("2026-11-19", 3, 3, 3), checkin("2026-11-20", 4, 2, 5)])
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }

    @Test("two flushes at once (two tasks; two processes for the file stores) never send one item twice",
          arguments: AdapterKind.allCases)
    func concurrentFlushes(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let queued = items(12)
        try await enqueue(queued, into: store.checkinQueue)
        let api = ScriptedCheckinAPI(delay: .milliseconds(3), waitForCompany: true)
        let one = flush(store.checkinQueue, api)
        let other = flush(try kind.reopen(store).checkinQueue, api)

        async let first = one.execute()
        async let second = other.execute()
        let (a, b) = try await (first, second)

        #expect(await api.maxInFlight == 2, "the two flushes overlapped")
        for item in queued {
            #expect(await api.count(item.idempotencyKey) == 1, "sent exactly once: \(item.checkin.day)")
        }
        #expect(await api.calls.count == queued.count)
        #expect(a.flushed + b.flushed == queued.count)
        #expect(a.failed + b.failed == 0)
        #expect(a.flushed > 0 && b.flushed > 0, "both flushes did some of the work")
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }

    @Test("the concurrent-flush check does catch a queue whose claims are not exclusive")
    func concurrentCheckCatchesNaiveQueue() async throws {
        let queue = NonExclusiveQueue()
        let queued = items(4)
        try await enqueue(queued, into: queue)
        let api = ScriptedCheckinAPI(delay: .milliseconds(3), waitForCompany: true)
        async let first = flush(queue, api).execute()
        async let second = flush(queue, api).execute()
        _ = try await (first, second)
        #expect(await api.count(queued[0].idempotencyKey) == 2, "both flushes sent the first item")
        #expect(await api.calls.count > queued.count)
    }

    @Test("two flushes at once with duplicates and items queued meanwhile: each item sent once, none lost",
          arguments: AdapterKind.allCases)
    func concurrentFlushesWithEnqueues(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let queued = items(8)
        try await enqueue(queued, into: store.checkinQueue)
        let elsewhere = try kind.reopen(store).checkinQueue
        let late = (0..<4).map { item(Fixtures.day("2026-11-01").adding(days: $0).description) }
        let api = ScriptedCheckinAPI(delay: .milliseconds(2), waitForCompany: true)
        for item in queued.enumerated() where item.offset.isMultiple(of: 3) {
            await api.answer(item.element, with: .duplicate)
        }
        // Each of the first four sends queues one more item from another process.
        let triggers = Dictionary(uniqueKeysWithValues: zip(queued.prefix(4).map(\.idempotencyKey), late))
        await api.onSubmit { key in
            if let next = triggers[key] { try await elsewhere.enqueue(next) }
        }

        async let first = flush(store.checkinQueue, api).execute()
        async let second = flush(elsewhere, api).execute()
        let (a, b) = try await (first, second)

        let all = queued + late
        for item in all {
            #expect(await api.count(item.idempotencyKey) == 1, "sent exactly once: \(item.checkin.day)")
        }
        #expect(a.flushed + b.flushed == all.count)
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }
}

/// A broken queue for checking the checks: `claimNext` ignores other flushes' claims.
private actor NonExclusiveQueue: CheckinQueueRepository {
    private var items: [QueuedCheckin] = []

    func all() -> [QueuedCheckin] { items }
    func enqueue(_ item: QueuedCheckin) { items.append(item) }

    func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? {
        items.first { !$0.isHeldForReview && !excluding.contains($0.id) }
    }

    func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        if let item { items[index] = item } else { items.remove(at: index) }
    }

    func update(_ item: QueuedCheckin) -> Bool { false }
    func remove(_ id: QueuedCheckin.ID) -> Bool { false }
    func pausedUntil() -> Date? { nil }
    func pause(until instant: Date) {}
}

/// GetTier, ListFeatures and SetTier over one tier source and store.
struct TierUseCases {
    let tier: any TierSource
    let store: any TierRepository

    func current() async throws -> Tier { try await GetTier(tier: tier).execute() }
    func features() async throws -> [FeatureStatus] { try await ListFeatures(tier: tier).execute() }
    func setTier(_ tier: Tier) async throws { try await SetTier(store: store).execute(tier) }
}

/// The queue's use cases over one queue.
struct QueueUseCases {
    let queue: any CheckinQueueRepository

    func list() async throws -> [QueuedCheckin] { try await ListQueuedCheckins(queue: queue).execute() }
    func find(_ reference: String) async throws -> QueuedCheckin { try await FindQueuedCheckin(queue: queue).execute(reference) }
    func retry(_ reference: String?) async throws -> [QueuedCheckin] {
        try await RetryQueuedCheckins(queue: queue).execute(reference)
    }
    func drop(_ reference: String) async throws -> QueuedCheckin { try await DropQueuedCheckin(queue: queue).execute(reference) }
}
