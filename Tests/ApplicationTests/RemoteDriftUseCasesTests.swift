import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

// MARK: - Support

private func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int) -> Checkin {
    do {
        return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social)
    } catch {
        preconditionFailure("bad check-in in a test: \(error)")
    }
}

/// A check-in API that answers per idempotency key from a script (accepted when the key has
/// none) and logs the keys it was sent.
private actor ReplyingCheckinAPI: CheckinAPI {
    enum Reply: Sendable {
        case outcome(SubmissionOutcome)
        case failure(any Error)
    }

    private var replies: [String: Reply] = [:]
    private(set) var keys: [String] = []

    func reply(to item: QueuedCheckin, with reply: Reply) { replies[item.idempotencyKey] = reply }
    func clear() { replies = [:] }

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) throws -> SubmissionOutcome {
        keys.append(idempotencyKey)
        switch replies[idempotencyKey] ?? .outcome(.accepted) {
        case .outcome(let outcome): return outcome
        case .failure(let error): throw error
        }
    }
}

/// Unreachable-server errors as test arguments.
enum UnreachableError: String, Sendable, CaseIterable {
    case apiOffline, urlNotConnected, urlTimedOut

    var error: any Error {
        switch self {
        case .apiOffline: ApiFailure.offline
        case .urlNotConnected: URLError(.notConnectedToInternet)
        case .urlTimedOut: URLError(.timedOut)
        }
    }
}

// MARK: - FlushCheckinQueue: offline and unauthorized

@Suite("FlushCheckinQueue offline and unauthorized")
struct FlushOfflineTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00+01:00"))
    let queue = InMemoryCheckinQueueRepository()
    private let api = ReplyingCheckinAPI()

    var flush: FlushCheckinQueue {
        FlushCheckinQueue(queue: queue, api: api, time: TimeContext(clock: clock, calendar: Fixtures.calendar()))
    }

    func item(_ day: String, retryCount: Int = 0) -> QueuedCheckin {
        QueuedCheckin(checkin: checkin(day, 3, 3, 3), queuedAt: Fixtures.instant("\(day)T20:00:00Z"), retryCount: retryCount)
    }

    func with(_ item: QueuedCheckin, retryCount: Int) -> QueuedCheckin {
        QueuedCheckin(id: item.id, checkin: item.checkin, queuedAt: item.queuedAt, retryCount: retryCount)
    }

    @Test("an unreachable server stops the flush: the item keeps its tries and the rest is not sent",
          arguments: UnreachableError.allCases)
    func offlineStops(unreachable: UnreachableError) async throws {
        let a = item("2026-11-17")
        let b = item("2026-11-18", retryCount: 1)
        let c = item("2026-11-19")
        for next in [a, b, c] { await queue.enqueue(next) }
        await api.reply(to: b, with: .failure(unreachable.error))

        let summary = try await flush.execute()
        #expect(summary == FlushSummary(flushed: 1, failed: 0, held: 0, offline: true))
        #expect(await api.keys == [a.idempotencyKey, b.idempotencyKey], "c was not tried")
        #expect(await queue.all() == [b, c], "b keeps its one earlier failure")
    }

    @Test("after an offline stop the items are free again and the next flush sends them")
    func offlineThenBack() async throws {
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        for next in [a, b] { await queue.enqueue(next) }
        await api.reply(to: a, with: .failure(ApiFailure.offline))
        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 0, held: 0, offline: true))
        #expect(await queue.all() == [a, b])

        await api.clear()
        #expect(try await flush.execute() == FlushSummary(flushed: 2, failed: 0, held: 0, offline: false))
        #expect(await queue.all().isEmpty)
        #expect(await api.keys == [a, a, b].map(\.idempotencyKey))
    }

    @Test("an offline stop still counts the held items")
    func offlineCountsHeld() async throws {
        let held = item("2026-11-16", retryCount: QueuedCheckin.maxFailures)
        let a = item("2026-11-17")
        for next in [held, a] { await queue.enqueue(next) }
        await api.reply(to: a, with: .failure(URLError(.networkConnectionLost)))
        #expect(try await flush.execute() == FlushSummary(flushed: 0, failed: 0, held: 1, offline: true))
        #expect(await queue.all() == [held, a])
    }

    @Test("a 429 stops the flush like being offline: no try is used up and the rest is not sent")
    func rateLimitedStops() async throws {
        let a = item("2026-11-17")
        let b = item("2026-11-18", retryCount: 2)
        let c = item("2026-11-19")
        for next in [a, b, c] { await queue.enqueue(next) }
        await api.reply(to: b, with: .failure(ApiFailure.rateLimited(retryAfter: nil)))
        #expect(try await flush.execute() == FlushSummary(flushed: 1, failed: 0, held: 0, rateLimited: true))
        #expect(await api.keys == [a.idempotencyKey, b.idempotencyKey], "c was not tried")
        #expect(await queue.all() == [b, c], "b keeps its two earlier failures, not held")
        await api.clear()
        #expect(try await flush.execute() == FlushSummary(flushed: 2))
    }

    @Test("other failures still count against the item and do not stop the flush",
          arguments: [ApiFailure.other(status: 500), .other(status: 503), .other(status: nil)])
    func otherFailuresCount(failure: ApiFailure) async throws {
        let a = item("2026-11-17", retryCount: 1)
        let b = item("2026-11-18")
        for next in [a, b] { await queue.enqueue(next) }
        await api.reply(to: a, with: .failure(failure))
        #expect(try await flush.execute() == FlushSummary(flushed: 1, failed: 1, held: 0, offline: false))
        #expect(await queue.all() == [with(a, retryCount: 2)])
    }

    @Test("a 401 stops the flush and is passed on; the item is unchanged and free for the next flush")
    func unauthorized() async throws {
        let a = item("2026-11-17")
        let b = item("2026-11-18", retryCount: 2)
        let c = item("2026-11-19")
        for next in [a, b, c] { await queue.enqueue(next) }
        await api.reply(to: b, with: .failure(ApiFailure.unauthorized))

        await #expect(throws: ApiFailure.unauthorized) { try await flush.execute() }
        #expect(await api.keys == [a.idempotencyKey, b.idempotencyKey], "c was not tried")
        #expect(await queue.all() == [b, c], "a was sent; b keeps its two failures")

        await api.clear()
        #expect(try await flush.execute() == FlushSummary(flushed: 2, failed: 0, held: 0))
        #expect(await queue.all().isEmpty)
    }

    @Test("flushing right after queueing tells whether that item got through")
    func sending() async throws {
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        for next in [a, b] { await queue.enqueue(next) }

        await api.reply(to: b, with: .failure(ApiFailure.offline))
        let offline = try await flush.execute(sending: b)
        #expect(offline.sent == false)
        #expect(offline.summary == FlushSummary(flushed: 1, failed: 0, held: 0, offline: true))

        await api.reply(to: b, with: .outcome(.duplicate))
        let duplicate = try await flush.execute(sending: b)
        #expect(duplicate.sent, "the server had it already")
        #expect(duplicate.summary == FlushSummary(flushed: 1, failed: 0, held: 0, alreadyThere: [b.checkin.day]))
        #expect(duplicate.summary.sent == 0, "nothing was accepted: the server kept its own")

        let c = item("2026-11-19")
        await queue.enqueue(c)
        await api.reply(to: c, with: .outcome(.failed))
        let failed = try await flush.execute(sending: c)
        #expect(failed.sent == false)
        #expect(failed.summary == FlushSummary(flushed: 0, failed: 1, held: 0))
        #expect(await queue.all() == [with(c, retryCount: 1)])
    }
}

// MARK: - ReadRemoteInsights and ReadRemoteTrends

/// A Drift server: trends answer the stored points or throw the stored error; asks are counted.
private actor FakeDriftRemote: DriftRemote {
    var points: [TrendPoint] = []
    var alerts: [DriftAlert] = []
    var failure: (any Error)?
    private(set) var asked: [String] = []

    func answer(_ points: [TrendPoint]) {
        self.points = points
        failure = nil
    }

    func fail(_ error: any Error) { failure = error }

    func answer(alerts: [DriftAlert]) {
        self.alerts = alerts
        failure = nil
    }

    func alerts(days: Int) throws -> [DriftAlert] {
        asked.append("alerts:\(days)")
        if let failure { throw failure }
        return alerts
    }

    func weeklyInsights(days: Int) throws -> WeeklyInsights {
        asked.append("insights:\(days)")
        throw failure ?? ApiFailure.other(status: 501)
    }

    func trends(days: Int) throws -> [TrendPoint] {
        asked.append("trends:\(days)")
        if let failure { throw failure }
        return points
    }

    func today() throws -> Checkin? {
        asked.append("today")
        if let failure { throw failure }
        return nil
    }
}

@Suite("ReadRemoteInsights and ReadRemoteTrends")
struct ReadRemoteDriftTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00Z"))
    let cache = InMemoryDriftCacheRepository()
    private let remote = FakeDriftRemote()
    let first = [TrendPoint(day: Fixtures.day("2026-11-19"), energy: 3, stress: 3, social: 3, driftIndex: 3)]
    let second = [TrendPoint(day: Fixtures.day("2026-11-20"), energy: 1, stress: 5, social: 1, driftIndex: 5)]

    var read: RemoteReads {
        RemoteReads(remote: remote, cache: StaleWhileRevalidate(
            cache: cache, time: TimeContext(clock: clock, calendar: Fixtures.calendar())))
    }

    /// Fills the cache with `first` for `days`, then lets it go stale.
    func cacheStale(days: Int = 7) async throws {
        await remote.answer(first)
        let filled = try await read.trends(days: days)
        #expect(filled.value == first && filled.offline == false)
        clock.set(clock.now().addingTimeInterval(CacheDataType.trends.timeToLive + 1))
    }

    @Test("unreachable with a cached answer: the cached answer, marked offline", arguments: UnreachableError.allCases)
    func offlineServesCache(unreachable: UnreachableError) async throws {
        try await cacheStale()
        await remote.fail(unreachable.error)
        let result = try await read.trends(days: 7)
        #expect(result.offline)
        #expect(result.value == first)
        #expect(result.revalidated == nil)
        #expect(result.fetchedAt == Fixtures.instant("2026-11-20T10:00:00Z"))
        #expect(await remote.asked == ["trends:7", "trends:7"])
    }

    @Test("unreachable with nothing cached: the failure is passed on")
    func offlineWithoutCache() async throws {
        await remote.fail(ApiFailure.offline)
        await #expect(throws: ApiFailure.offline) { try await read.trends(days: 7) }
    }

    @Test("a locked feature is passed on even with a cached answer")
    func lockedPropagates() async throws {
        try await cacheStale(days: 30)
        await remote.fail(DriftError.locked(.trends30d))
        await #expect(throws: DriftError.locked(.trends30d)) { try await read.trends(days: 30) }
    }

    @Test("a 401 or a server error is passed on even with a cached answer",
          arguments: [ApiFailure.unauthorized, .other(status: 500), .rateLimited(retryAfter: nil)])
    func otherFailuresPropagate(failure: ApiFailure) async throws {
        try await cacheStale()
        await remote.fail(failure)
        await #expect(throws: failure) { try await read.trends(days: 7) }
    }

    @Test("a stale answer is revalidated when the server answers")
    func revalidates() async throws {
        try await cacheStale()
        await remote.answer(second)
        let result = try await read.trends(days: 7)
        #expect(result.value == first)
        #expect(result.revalidated == second)
        #expect(result.latest == second)
        #expect(result.offline == false)
    }

    @Test("each length has its own cache entry")
    func cachedPerLength() async throws {
        try await cacheStale(days: 7)
        await remote.fail(ApiFailure.offline)
        await #expect(throws: ApiFailure.offline) { try await read.trends(days: 90) }
        #expect(try await read.trends(days: 7).offline)
    }

    @Test("an invalid length or window is refused without asking the server")
    func invalidLengths() async throws {
        await #expect(throws: DriftWindowError.invalidTrendLength(14)) { try await read.trends(days: 14) }
        await #expect(throws: DriftWindowError.invalidInsightsWindow(30)) { try await read.weeklyInsights(days: 30) }
        #expect(await remote.asked.isEmpty)
    }

    @Test("alerts come newest first, are cached per window, and served offline from the cache")
    func alerts() async throws {
        let older = DriftAlert(day: Fixtures.day("2026-11-10"), driftIndex: 4.33)
        let newer = DriftAlert(day: Fixtures.day("2026-11-18"), driftIndex: 3.67)
        await remote.answer(alerts: [older, newer])
        let first = try await read.alerts(days: 14)
        #expect(first.latest == [newer, older])
        #expect(first.offline == false)
        clock.set(clock.now().addingTimeInterval(CacheDataType.alerts.timeToLive + 1))
        await remote.fail(ApiFailure.offline)
        let offline = try await read.alerts(days: 14)
        #expect(offline.offline && offline.value == [newer, older])
        await #expect(throws: ApiFailure.offline) { try await read.alerts(days: 30) }
        #expect(await remote.asked == ["alerts:14", "alerts:14", "alerts:30"])
    }

    @Test("an alerts window outside 1…90 days is refused without asking the server", arguments: [0, 91, -1])
    func invalidAlertWindows(days: Int) async throws {
        await #expect(throws: InvalidValue.self) { try await read.alerts(days: days) }
        #expect(await remote.asked.isEmpty)
    }
}

// MARK: - ListDriftAlerts

@Suite("ListDriftAlerts")
struct ListDriftAlertsTests {
    /// Friday 2026-11-20, 00:30 in Amsterdam (still the 19th in UTC).
    let clock = FixedWallClock(Fixtures.instant("2026-11-19T23:30:00Z"))
    let checkins = InMemoryCheckinRepository()

    var alerts: ListDriftAlerts {
        ListDriftAlerts(checkins: checkins, time: TimeContext(clock: clock, calendar: Fixtures.calendar()))
    }

    /// A high-drift day (index 4.33) and a low one (2).
    func high(_ day: String) -> Checkin { checkin(day, 2, 5, 2) }
    func low(_ day: String) -> Checkin { checkin(day, 4, 2, 4) }

    func save(_ items: [Checkin]) async {
        for item in items { _ = await checkins.save(item, replacing: false) }
    }

    @Test("the last 14 local days by default; the day before the window counts as the first day's day before")
    func window() async throws {
        await save([high("2026-11-05"), high("2026-11-06"), high("2026-11-07"), low("2026-11-08"), high("2026-11-09"),
                    high("2026-11-19"), high("2026-11-20"), high("2026-11-21")])
        let found = try await alerts.execute()
        #expect(found.map(\.day.description) == ["2026-11-20", "2026-11-07"],
                "newest first; 11-06 is outside the window; 11-21 is tomorrow")
        #expect(found.map(\.driftIndex) == [4.33, 4.33])
        #expect(try await alerts.execute(days: 14) == found)
    }

    @Test("a shorter window keeps only its days")
    func shortWindow() async throws {
        await save([high("2026-11-17"), high("2026-11-18"), high("2026-11-19"), high("2026-11-20")])
        #expect(try await alerts.execute(days: 1).map(\.day.description) == ["2026-11-20"])
        #expect(try await alerts.execute(days: 2).map(\.day.description) == ["2026-11-20", "2026-11-19"])
        #expect(try await alerts.execute(days: 90).map(\.day.description) == ["2026-11-20", "2026-11-19", "2026-11-18"])
    }

    @Test("a window outside 1…90 days is refused, naming the range", arguments: [0, 91, 36500])
    func outOfRange(days: Int) async throws {
        let error = await #expect(throws: InvalidValue.self) { try await alerts.execute(days: days) }
        #expect(error?.kind == .dayCount && error?.valid == ["1…90"])
    }

    @Test("no consecutive high days, no alerts")
    func none() async throws {
        #expect(try await alerts.execute().isEmpty)
        await save([high("2026-11-16"), low("2026-11-17"), high("2026-11-18"), high("2026-11-20")])
        #expect(try await alerts.execute().isEmpty)
    }
}

/// ReadRemoteInsights and ReadRemoteTrends over one remote and one cache.
struct RemoteReads {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    func weeklyInsights(days: Int) async throws -> StaleWhileRevalidate.Result<WeeklyInsights> {
        try await ReadRemoteInsights(remote: remote, cache: cache).execute(days: days)
    }

    func trends(days: Int) async throws -> StaleWhileRevalidate.Result<[TrendPoint]> {
        try await ReadRemoteTrends(remote: remote, cache: cache).execute(days: days)
    }

    func alerts(days: Int) async throws -> StaleWhileRevalidate.Result<[DriftAlert]> {
        try await ReadRemoteAlerts(remote: remote, cache: cache).execute(days: days)
    }
}

// MARK: - CheckIn: what the receipt says

/// A check-in API that gives every submission the same answer.
private struct FixedCheckinAPI: CheckinAPI {
    let failure: ApiFailure?

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) throws -> SubmissionOutcome {
        if let failure { throw failure }
        return .accepted
    }
}

@Suite("CheckIn while logged in")
struct CheckInDeliveryTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00+01:00"))
    let queue = InMemoryCheckinQueueRepository()
    let checkins = InMemoryCheckinRepository()

    func checkIn(_ api: any CheckinAPI) -> CheckIn {
        let time = TimeContext(clock: clock, calendar: Fixtures.calendar())
        return CheckIn(record: RecordCheckin(checkins: checkins, queue: queue, time: time),
                       sync: FlushCheckinQueue(queue: queue, api: api, time: time))
    }

    @Test("the receipt says what the server did; only a real failure uses up a try",
          arguments: [(ApiFailure?.none, CheckinReceipt.Delivery.sent, 0, 0), (.offline, .queued, 1, 0),
                      (.rateLimited(retryAfter: nil), .rateLimited, 1, 0), (.other(status: 500), .queued, 1, 1),
                      (.unauthorized, .sessionEnded, 1, 0)])
    func delivery(failure: ApiFailure?, delivery: CheckinReceipt.Delivery, queued: Int, tries: Int) async throws {
        let receipt = try await checkIn(FixedCheckinAPI(failure: failure)).execute(energy: 2, stress: 4, social: 3)
        #expect(receipt.delivery == delivery)
        let left = await queue.all()
        #expect(left.count == queued)
        #expect(left.first.map(\.retryCount) ?? 0 == tries)
    }
}
