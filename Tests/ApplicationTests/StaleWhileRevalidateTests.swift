import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory

/// Stale-while-revalidate reads on the in-memory cache with a fixed clock.
@Suite("StaleWhileRevalidate")
struct StaleWhileRevalidateTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let clock: FixedWallClock
    let cache = InMemoryDriftCacheRepository()
    let reads: StaleWhileRevalidate

    init() {
        clock = FixedWallClock(start)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        reads = StaleWhileRevalidate(cache: cache, time: TimeContext(clock: clock, calendar: calendar))
    }

    /// A source that answers `value` (or fails) and counts how often it was asked.
    actor Source {
        var answer: Int?
        var calls = 0
        init(_ answer: Int?) { self.answer = answer }
        func set(_ value: Int?) { answer = value }
        func fetch() throws -> Int {
            calls += 1
            guard let answer else { throw URLError(.notConnectedToInternet) }
            return answer
        }
    }

    func read(_ source: Source) async throws -> StaleWhileRevalidate.Result<Int> {
        try await reads.read("insights?days=7", type: .insights, as: Int.self) { try await source.fetch() }
    }

    @Test("nothing cached: fetch, cache, return it")
    func firstRead() async throws {
        let source = Source(1)
        let result = try await read(source)
        #expect(result.value == 1 && result.revalidated == nil && !result.offline && result.fetchedAt == start)
        #expect(await source.calls == 1)
        #expect(await cache.cached("insights?days=7")?.fetchedAt == start)
    }

    @Test("fresh (under the 10-minute insights TTL): served from the cache without asking the source")
    func fresh() async throws {
        let source = Source(1)
        _ = try await read(source)
        await source.set(2)
        clock.set(start.addingTimeInterval(599.999))
        let result = try await read(source)
        #expect(result.value == 1 && result.revalidated == nil && !result.offline)
        #expect(await source.calls == 1)
    }

    @Test("stale at exactly the TTL: the stale value now, plus the revalidated one, which replaces it")
    func staleRevalidates() async throws {
        let source = Source(1)
        _ = try await read(source)
        await source.set(2)
        clock.set(start.addingTimeInterval(600))
        let result = try await read(source)
        #expect(result.value == 1 && result.revalidated == 2 && result.latest == 2 && !result.offline)
        #expect(result.fetchedAt == start)
        let next = try await read(source)
        #expect(next.value == 2 && next.revalidated == nil)
        #expect(await source.calls == 2)
    }

    @Test("stale and the source unreachable: the stale value, marked offline; the cache keeps it")
    func offline() async throws {
        let source = Source(1)
        _ = try await read(source)
        await source.set(nil)
        clock.set(start.addingTimeInterval(3600))
        let result = try await read(source)
        #expect(result.value == 1 && result.offline && result.revalidated == nil && result.fetchedAt == start)
        #expect(await cache.cached("insights?days=7")?.fetchedAt == start)
    }

    @Test("nothing cached and the source unreachable: the source's error")
    func unavailable() async throws {
        await #expect(throws: URLError.self) { try await read(Source(nil)) }
    }

    @Test("a cached copy that no longer decodes is fetched again, not an error")
    func undecodable() async throws {
        await cache.store("insights?days=7", data: Data("not json".utf8), fetchedAt: start)
        let result = try await read(Source(5))
        #expect(result.value == 5 && result.revalidated == nil)
    }
}
