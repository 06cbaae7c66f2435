import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The feed itself, with a watcher of its own: each subscriber gets a watcher made when it
/// subscribes, and the feed passes on what it reports.
@Suite("StoreChangeFeed")
struct StoreChangeFeedTests {
    /// Reports one foreign write, at its first poll.
    final class OnceWatcher: ForeignWriteWatcher, @unchecked Sendable {
        private let lock = NSLock()
        private var told = false

        func poll() async throws -> StoreChange? {
            lock.withLock {
                defer { told = true }
                return told ? nil : StoreChange(origin: .anotherProcess, collections: [MoodRecords.collection])
            }
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test("each subscriber gets a watcher of its own, made when it subscribes")
    func watcherPerSubscriber() async throws {
        let made = Counter()
        let feed = StoreChangeFeed {
            made.increment()
            return OnceWatcher()
        }
        #expect(made.count == 0, "nobody subscribed: nothing is polled")
        let first = ChangeCollector(try feed.changes(pollingEvery: .milliseconds(10)))
        let second = ChangeCollector(try feed.changes(pollingEvery: .milliseconds(10)))
        defer { first.stop(); second.stop() }
        #expect(made.count == 2)
        for collector in [first, second] {
            let changes = await collector.wait { !$0.isEmpty }
            #expect(changes == [StoreChange(origin: .anotherProcess, collections: [MoodRecords.collection])])
        }
    }

    @Test("a watcher that cannot start is the subscriber's error")
    func watcherFails() {
        struct Unreadable: Error {}
        let feed = StoreChangeFeed { throw Unreadable() }
        #expect(throws: Unreadable.self) { _ = try feed.changes() }
        #expect(feed.subscriberCount == 0)
    }

    @Test("reports: empty ones dropped, a whole store's change touches everything, a kind's names its record")
    func reports() async throws {
        let feed = StoreChangeFeed()
        feed.report([JournalRecords.collection])  // nobody listens: dropped
        let collector = ChangeCollector(try feed.changes())
        defer { collector.stop() }
        feed.report([])
        feed.reportEverything()
        feed.report(MoodRecords.self, Fixtures.day("2026-03-27"))
        let changes = await collector.wait { $0.count == 2 }
        #expect(changes.count == 2)
        #expect(changes.first?.collections == nil && changes.first?.touches(GoalRecords.collection) == true)
        #expect(changes.last == StoreChange(origin: .thisProcess, collections: [MoodRecords.collection],
                                            records: [MoodRecords.collection: ["2026-03-27"]]))
        #expect(changes.last?.touches(GoalRecords.collection) == false)
    }
}
