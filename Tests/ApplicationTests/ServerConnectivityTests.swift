import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// A check-in API that counts what it was sent and can be switched offline.
private actor CountingCheckinAPI: CheckinAPI {
    var offline = false
    private(set) var sent = 0

    func set(offline: Bool) { self.offline = offline }

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        if offline { throw ApiFailure.offline }
        sent += 1
        return .accepted
    }
}

/// A check-in API that throws one failure for every item.
private struct FailingCheckinAPI: CheckinAPI {
    let failure: ApiFailure

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        throw failure
    }
}

@Suite("ServerConnectivity: the one owner of online on the client")
struct ServerConnectivityTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00Z"))
    let queue = InMemoryCheckinQueueRepository()
    private let api = CountingCheckinAPI()

    var time: TimeContext { TimeContext(clock: clock, calendar: Fixtures.calendar()) }

    func enqueue(_ day: String) async throws {
        await queue.enqueue(QueuedCheckin(checkin: try Checkin(day: Fixtures.day(day), energy: 3, stress: 3, social: 3),
                                          queuedAt: clock.now()))
    }

    /// A flush through the connectivity's decorator, as the container builds it.
    func flush(_ connectivity: ServerConnectivity) -> FlushCheckinQueue {
        FlushCheckinQueue(queue: queue, api: ConnectedCheckinAPI(api, connectivity: connectivity), time: time)
    }

    /// How long the queue may take to go out before a call, in tests of what is sent: the
    /// product's 3 s can pass on a starved machine before the flush's hops have run.
    static let generous: Duration = .seconds(300)

    @Test("the first call of a process sends the queue first; later calls do not")
    func firstCallSends() async throws {
        let connectivity = ServerConnectivity(limit: Self.generous)
        #expect(await connectivity.isOnline)
        try await enqueue("2026-11-19")
        #expect(try await connectivity.call(sendingFirst: flush(connectivity)) { 42 } == 42)
        #expect(await api.sent == 1)
        try await enqueue("2026-11-20")
        _ = try await connectivity.call(sendingFirst: flush(connectivity)) { 0 }
        #expect(await api.sent == 1, "once per process: the queue is not sent before every call")
    }

    @Test("a call that finds the server unreachable takes the process offline: no later call tries",
          arguments: [ApiFailure.offline, URLError(.cannotConnectToHost), CancellationError()] as [any Error & Sendable])
    func unreachableGoesOffline(error: any Error & Sendable) async throws {
        let connectivity = ServerConnectivity()
        await #expect(throws: (any Error).self) { try await connectivity.call { () throws -> Int in throw error } }
        #expect(await connectivity.isOnline == false)
        let tried = Counter()
        await #expect(throws: ApiFailure.offline) { try await connectivity.call { await tried.add() } }
        #expect(await tried.count == 0, "offline: the call was not tried")
    }

    @Test("an answer that is a failure (401, 409, 429, 500, unusable) keeps the process online",
          arguments: [ApiFailure.unauthorized, .conflict, .rateLimited(retryAfter: 3), .other(status: 500),
                      .other(status: nil)])
    func answeredStaysOnline(failure: ApiFailure) async throws {
        let connectivity = ServerConnectivity()
        await #expect(throws: failure) { try await connectivity.call { () throws -> Int in throw failure } }
        #expect(await connectivity.isOnline)
    }

    @Test("tips: an unavailable service takes the process offline, and offline it is not asked")
    func tipsGoOffline() async throws {
        let connectivity = ServerConnectivity()
        await #expect(throws: GoalTipsServiceError.unavailable("down")) {
            try await connectivity.callTipsService { () async throws(GoalTipsServiceError) -> Int in throw .unavailable("down") }
        }
        #expect(await connectivity.isOnline == false)
    }

    @Test("when the queue cannot go out for want of a connection, the process is offline; the platform's report brings it back")
    func offlineFlushGoesOffline() async throws {
        let connectivity = ServerConnectivity(limit: Self.generous)
        try await enqueue("2026-11-19")
        await api.set(offline: true)
        await #expect(throws: ApiFailure.offline) { try await connectivity.call(sendingFirst: flush(connectivity)) { 1 } }
        #expect(await connectivity.isOnline == false)
        #expect(await queue.all().first?.retryCount == 0, "no try was used up")
        await api.set(offline: false)
        await connectivity.handle(.connected, sendingWith: flush(connectivity)) // the platform reports the connection back
        #expect(await api.sent == 1)
        #expect(await queue.all().isEmpty)
    }
}

/// Counts calls.
private actor Counter {
    private(set) var count = 0
    func add() { count += 1 }
}

@Suite("FlushCheckinQueue follows the failure resolution table")
struct FlushFailureResolutionTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00Z"))

    /// A queue holding one check-in, queued now.
    func queueWithOne() async throws -> InMemoryCheckinQueueRepository {
        let queue = InMemoryCheckinQueueRepository()
        await queue.enqueue(QueuedCheckin(checkin: try Checkin(day: Fixtures.day("2026-11-19"), energy: 3, stress: 3,
                                                               social: 3), queuedAt: clock.now()))
        return queue
    }

    @Test("per failure of a queued check-in: 409 removes it, 429 and offline keep it with its tries, others count a try",
          arguments: [(ApiFailure.conflict, 0, 0, false, false), (.rateLimited(retryAfter: nil), 1, 0, false, true),
                      (.offline, 1, 0, true, false), (.other(status: 500), 1, 1, false, false),
                      (.other(status: nil), 1, 1, false, false)] as [(ApiFailure, Int, Int, Bool, Bool)])
    func perFailure(failure: ApiFailure, left: Int, tries: Int, offline: Bool, rateLimited: Bool) async throws {
        let queue = try await queueWithOne()
        let summary = try await FlushCheckinQueue(queue: queue, api: FailingCheckinAPI(failure: failure),
                                                  time: TimeContext(clock: clock, calendar: Fixtures.calendar())).execute()
        let items = await queue.all()
        #expect(items.count == left)
        #expect(items.first?.retryCount ?? 0 == tries)
        #expect(summary.offline == offline)
        #expect(summary.rateLimited == rateLimited)
        #expect(summary.flushed == (failure == .conflict ? 1 : 0), "a 409 means the server has it")
    }

    @Test("a 401 stops the flush with unauthorized and keeps the item as it was")
    func unauthorized() async throws {
        let queue = try await queueWithOne()
        await #expect(throws: ApiFailure.unauthorized) {
            try await FlushCheckinQueue(queue: queue, api: FailingCheckinAPI(failure: .unauthorized),
                                        time: TimeContext(clock: clock, calendar: Fixtures.calendar())).execute()
        }
        #expect(await queue.all().first?.retryCount == 0)
    }

    @Test("a 429 with Retry-After pauses the queue: until then no flush sends anything, after it the next one does")
    func retryAfterIsHonoured() async throws {
        let queue = try await queueWithOne()
        let time = TimeContext(clock: clock, calendar: Fixtures.calendar())
        let refused = try await FlushCheckinQueue(queue: queue, api: FailingCheckinAPI(failure: .rateLimited(retryAfter: 30)),
                                                  time: time).execute()
        #expect(refused.rateLimited)
        #expect(refused.retryAt == clock.now().addingTimeInterval(30))
        #expect(await queue.pausedUntil() == clock.now().addingTimeInterval(30))

        let api = CountingCheckinAPI()
        clock.set(clock.now().addingTimeInterval(29))
        let waiting = try await FlushCheckinQueue(queue: queue, api: api, time: time).execute()
        #expect(await api.sent == 0, "nothing is sent before the server's time")
        #expect(waiting.rateLimited && waiting.retryAt == refused.retryAt)
        #expect(await queue.all().first?.retryCount == 0)

        clock.set(clock.now().addingTimeInterval(1))
        let sent = try await FlushCheckinQueue(queue: queue, api: api, time: time).execute()
        #expect(await api.sent == 1)
        #expect(sent.flushed == 1 && !sent.rateLimited && sent.retryAt == nil)
    }

    @Test("a 429 without Retry-After stops the flush but does not pause the next one")
    func noRetryAfter() async throws {
        let queue = try await queueWithOne()
        let refused = try await FlushCheckinQueue(queue: queue, api: FailingCheckinAPI(failure: .rateLimited(retryAfter: nil)),
                                                  time: TimeContext(clock: clock, calendar: Fixtures.calendar())).execute()
        #expect(refused.rateLimited && refused.retryAt == nil)
        #expect(await queue.pausedUntil() == nil)
    }
}
