import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Drift offline check-in queue")
struct DriftQueuedCheckinTests {
    static let id = QueuedCheckin.ID(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
    static let queuedAt = Fixtures.instant("2026-03-29T07:30:00.000Z")

    func item(retries: Int) -> QueuedCheckin {
        QueuedCheckin(id: Self.id, checkin: DriftFixtures.checkin("2026-03-29", energy: 2, stress: 4, social: 3),
                      queuedAt: Self.queuedAt, retryCount: retries)
    }

    @Test("a new item has no failures and is not held; the UUID is the idempotency key")
    func new() {
        let fresh = QueuedCheckin(checkin: item(retries: 0).checkin, queuedAt: Self.queuedAt)
        #expect(fresh.retryCount == 0)
        #expect(!fresh.isHeldForReview)
        #expect(fresh.id != QueuedCheckin(checkin: fresh.checkin, queuedAt: Self.queuedAt).id)
        #expect(item(retries: 0).idempotencyKey == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
    }

    @Test("held for review from 3 failures on", arguments: [(0, false), (1, false), (2, false), (3, true), (4, true)])
    func held(retries: Int, expected: Bool) {
        #expect(QueuedCheckin.maxFailures == 3)
        #expect(item(retries: retries).isHeldForReview == expected)
    }

    @Test("accepted and duplicate remove the item and count as flushed", arguments: [0, 1, 2])
    func removed(retries: Int) {
        #expect(item(retries: retries).decision(after: .accepted) == .removeAccepted)
        #expect(item(retries: retries).decision(after: .duplicate) == .removeDuplicate)
        for decision in [FlushDecision.removeAccepted, .removeDuplicate] {
            #expect(decision.removesItem)
            #expect(decision.updatedItem == nil)
            var summary = FlushSummary()
            summary.record(decision)
            #expect(summary == FlushSummary(flushed: 1, failed: 0, held: 0))
        }
    }

    @Test("a failure increments the retry count; the third one holds the item")
    func failures() {
        #expect(item(retries: 0).decision(after: .failed) == .retryLater(item(retries: 1)))
        #expect(item(retries: 1).decision(after: .failed) == .retryLater(item(retries: 2)))
        #expect(item(retries: 2).decision(after: .failed) == .holdForReview(item(retries: 3)))
        let held = item(retries: 2).decision(after: .failed)
        #expect(!held.removesItem)
        #expect(held.updatedItem?.isHeldForReview == true)
        #expect(held.updatedItem?.id == Self.id)
        #expect(held.updatedItem?.queuedAt == Self.queuedAt)
    }

    @Test("the flush counts: flushed, failed, and held at the end")
    func summary() {
        var summary = FlushSummary()
        summary.record(.removeAccepted)
        summary.record(.removeDuplicate)
        summary.record(.retryLater(item(retries: 1)))
        summary.record(.holdForReview(item(retries: 3)))
        summary.recordSkippedHeld()
        #expect(summary == FlushSummary(flushed: 2, failed: 2, held: 2))
    }

    @Test("a manual retry clears the failures and keeps the id")
    func reset() {
        let reset = item(retries: 3).resetForRetry()
        #expect(reset == item(retries: 0))
        #expect(!reset.isHeldForReview)
    }

    @Test("an item survives a JSON round trip")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(QueuedCheckin.self, from: encoder.encode(item(retries: 2))) == item(retries: 2))
    }
}

@Suite("Drift stale-while-revalidate cache")
struct DriftCacheTests {
    static let fetchedAt = Fixtures.instant("2026-03-29T10:00:00.000Z")

    func entry(_ type: CacheDataType) -> CacheEntry<String> {
        CacheEntry(value: "cached", fetchedAt: Self.fetchedAt, dataType: type)
    }

    func at(_ milliseconds: Int64) -> Date {
        Timestamp.fromMilliseconds(Timestamp.milliseconds(Self.fetchedAt) + milliseconds)
    }

    @Test("the design's time to live per data type")
    func ttls() {
        #expect(CacheDataType.allCases.map(\.timeToLiveMilliseconds)
            == [60_000, 300_000, 300_000, 600_000, 600_000, 600_000])
        #expect(CacheDataType.allCases.map(\.rawValue)
            == ["checkinToday", "trends", "alerts", "insights", "reminderSettings", "sessionTier"])
        #expect(CacheDataType.checkinToday.timeToLive == 60)
        #expect(CacheDataType.insights.timeToLive == 600)
    }

    @Test("fresh up to 1 ms before the TTL, stale from exactly the TTL", arguments: CacheDataType.allCases)
    func boundary(type: CacheDataType) {
        let ttl = type.timeToLiveMilliseconds
        #expect(entry(type).freshness(at: at(0)) == .fresh)
        #expect(entry(type).freshness(at: at(ttl - 1)) == .fresh)
        #expect(entry(type).freshness(at: at(ttl)) == .stale)
        #expect(entry(type).freshness(at: at(ttl + 1)) == .stale)
        #expect(entry(type).freshness(at: at(-5_000)) == .fresh) // clock set back
    }

    @Test("the read decision for fresh, stale and missing entries, reachable or not")
    func reads() {
        let cached = entry(.trends)
        let fresh = at(299_999)
        let stale = at(300_000)
        #expect(CacheRead.decide(cached, at: fresh, sourceReachable: true) == .fresh(cached))
        #expect(CacheRead.decide(cached, at: fresh, sourceReachable: false) == .fresh(cached))
        #expect(CacheRead.decide(cached, at: stale, sourceReachable: true) == .staleRevalidating(cached))
        #expect(CacheRead.decide(cached, at: stale, sourceReachable: false) == .offline(cached))
        #expect(CacheRead<String>.decide(nil, at: stale, sourceReachable: true) == .fetch)
        #expect(CacheRead<String>.decide(nil, at: stale, sourceReachable: false) == .unavailable)
    }

    @Test("what each decision shows, fetches and marks offline")
    func decisionProperties() {
        let cached = entry(.alerts)
        let cases: [(CacheRead<String>, CacheEntry<String>?, Bool, Bool)] = [
            (.fresh(cached), cached, false, false),
            (.staleRevalidating(cached), cached, true, false),
            (.fetch, nil, true, false),
            (.offline(cached), cached, false, true),
            (.unavailable, nil, false, true),
        ]
        for (read, shown, fetches, offline) in cases {
            #expect(read.entry == shown)
            #expect(read.needsFetch == fetches)
            #expect(read.isOffline == offline)
        }
    }

    @Test("an entry survives a JSON round trip and can be mapped")
    func codable() throws {
        let insights = CacheEntry(value: try WeeklyInsightsCalculator.insights(today: DriftFixtures.today, days: 7,
                                                                              checkins: []),
                                  fetchedAt: Self.fetchedAt, dataType: .insights)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(CacheEntry<WeeklyInsights>.self, from: encoder.encode(insights)) == insights)
        let mapped = entry(.trends).map(\.count)
        #expect(mapped == CacheEntry(value: 6, fetchedAt: Self.fetchedAt, dataType: .trends))
    }
}
