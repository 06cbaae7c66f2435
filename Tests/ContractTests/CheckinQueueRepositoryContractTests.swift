import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `CheckinQueueRepository` adapter keeps: queue order, claims that hand an
/// item to one flush only (across handles, i.e. processes) until released or expired, releases
/// only by the owner, items held for review never claimed.
@Suite("CheckinQueueRepository contract")
struct CheckinQueueRepositoryContractTests {
    let t0 = Fixtures.instant("2026-11-20T09:00:00Z")
    /// The port's claim lifetime.
    let lifetime = LifetimeProbe.claimLifetime

    /// A queued check-in for `day`, queued at a millisecond-exact instant.
    func item(_ day: String, retryCount: Int = 0, contact: String? = nil, energy: Int = 3) -> QueuedCheckin {
        let checkin: Checkin
        do {
            checkin = try Checkin(day: Fixtures.day(day), energy: energy, stress: 2, social: 4, keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a test: \(error)")
        }
        return QueuedCheckin(checkin: checkin, queuedAt: Fixtures.instant("\(day)T21:15:30.125Z"),
                             retryCount: retryCount)
    }

    /// The same item with another retry count.
    func with(_ item: QueuedCheckin, retryCount: Int) -> QueuedCheckin {
        QueuedCheckin(id: item.id, checkin: item.checkin, queuedAt: item.queuedAt, retryCount: retryCount)
    }

    func enqueue(_ items: [QueuedCheckin], into queue: any CheckinQueueRepository) async throws {
        for item in items { try await queue.enqueue(item) }
    }

    /// Every item a flush can claim now (claiming them all), oldest first.
    func claimAll(_ queue: any CheckinQueueRepository, flush: UUID = UUID(), now: Date) async throws -> [QueuedCheckin] {
        var claimed: [QueuedCheckin] = []
        while let next = try await queue.claimNext(flush: flush, now: now, excluding: []) {
            claimed.append(next)
            if claimed.count > 100 { break }
        }
        return claimed
    }

    // MARK: - Basics

    @Test("an empty queue has nothing to list, claim, update or remove", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let queue = store.checkinQueue
        #expect(try await queue.all().isEmpty)
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
        #expect(try await queue.update(item("2026-11-20")) == false)
        #expect(try await queue.remove(QueuedCheckin.ID()) == false)
        #expect(try await queue.all().isEmpty, "update of an unknown item adds nothing")
        #expect(try await kind.reopen(store).checkinQueue.all().isEmpty)
    }

    @Test("the claim lifetime is 120 seconds")
    func claimLifetime() {
        #expect(LifetimeProbe.claimLifetime == 120)
    }

    @Test("items come back exactly, in enqueue order (not day order), through another handle",
          arguments: AdapterKind.allCases)
    func enqueueOrder(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let items = [item("2026-11-20", contact: "Zoë \"Mam\" — 👩‍👩‍👧\nline"), item("2026-11-18"),
                     item("2026-11-19", retryCount: 2), item("2026-11-17", retryCount: 3, contact: "Sam")]
        try await enqueue(Array(items.prefix(2)), into: store.checkinQueue)
        try await enqueue(Array(items.suffix(2)), into: kind.reopen(store).checkinQueue)

        let stored = try await kind.reopen(store).checkinQueue.all()
        #expect(stored == items)
        #expect(stored.map(\.id) == items.map(\.id))
        #expect(stored.first?.checkin.keyContact == "Zoë \"Mam\" — 👩‍👩‍👧\nline")
        #expect(stored[1].checkin.keyContact == nil)
        #expect(stored.map(\.queuedAt) == items.map(\.queuedAt))
        #expect(stored.map(\.retryCount) == [0, 0, 2, 3])
    }

    // MARK: - Claiming

    @Test("claimNext hands out the oldest item that is not held, claimed or excluded", arguments: AdapterKind.allCases)
    func claimOrder(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let held = item("2026-11-16", retryCount: 3)
        let a = item("2026-11-17", retryCount: 2)
        let b = item("2026-11-18")
        let c = item("2026-11-19")
        try await enqueue([held, a, b, c], into: store.checkinQueue)
        let queue = store.checkinQueue

        let flush = UUID()
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: [b.id]) == c, "b is excluded")
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == b)
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == nil)
        #expect(try await queue.all() == [held, a, b, c], "claiming changes no item")
    }

    @Test("excluding every unheld item leaves nothing to claim", arguments: AdapterKind.allCases)
    func excludingAll(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        #expect(try await store.checkinQueue.claimNext(flush: UUID(), now: t0, excluding: [a.id, b.id]) == nil)
        // Nothing was claimed: another flush still gets the first.
        #expect(try await kind.reopen(store).checkinQueue.claimNext(flush: UUID(), now: t0, excluding: []) == a)
    }

    @Test("an item claimed by one flush is not claimed by another, in this or another process, until the claim expires",
          arguments: AdapterKind.allCases)
    func claimIsExclusive(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let here = store.checkinQueue
        let elsewhere = try kind.reopen(store).checkinQueue
        let first = UUID()
        let second = UUID()
        let third = UUID()

        #expect(try await here.claimNext(flush: first, now: t0, excluding: []) == a)
        #expect(try await here.claimNext(flush: second, now: t0, excluding: []) == b, "same handle, other flush")
        #expect(try await elsewhere.claimNext(flush: third, now: t0, excluding: []) == nil, "other process")
        #expect(try await elsewhere.claimNext(flush: third, now: t0.addingTimeInterval(lifetime - 0.5),
                                              excluding: []) == nil, "just before expiry")
        #expect(try await here.claimNext(flush: first, now: t0.addingTimeInterval(60), excluding: []) == nil,
                "the owner cannot claim its own item twice either")

        // At expiry the oldest expired claim is up for grabs again, by anyone.
        let expiry = t0.addingTimeInterval(lifetime)
        #expect(try await elsewhere.claimNext(flush: third, now: expiry, excluding: []) == a)
        #expect(try await here.claimNext(flush: first, now: expiry, excluding: []) == b)
        #expect(try await elsewhere.claimNext(flush: second, now: expiry, excluding: []) == nil,
                "the new claims hold")
    }

    @Test("two handles claiming at once share the items without overlap", arguments: AdapterKind.allCases)
    func concurrentClaims(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let items = (1...20).map { item(Fixtures.day("2026-10-01").adding(days: $0).description) }
        try await enqueue(items, into: store.checkinQueue)
        let other = try kind.reopen(store).checkinQueue
        async let mine = claimAll(store.checkinQueue, now: t0)
        async let theirs = claimAll(other, now: t0)
        let (a, b) = try await (mine, theirs)
        #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
        #expect(a.count + b.count == items.count)
        #expect(Set(a.map(\.id) + b.map(\.id)) == Set(items.map(\.id)))
        #expect(a == a.sorted { $0.checkin.day < $1.checkin.day }, "each flush sees queue order")
        #expect(b == b.sorted { $0.checkin.day < $1.checkin.day }, "each flush sees queue order")
    }

    @Test("held items (3 failures or more) are never claimed, until reset", arguments: AdapterKind.allCases)
    func heldNeverClaimed(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let three = item("2026-11-17", retryCount: QueuedCheckin.maxFailures)
        let four = item("2026-11-18", retryCount: QueuedCheckin.maxFailures + 1)
        try await enqueue([three, four], into: store.checkinQueue)
        let queue = store.checkinQueue
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
        #expect(try await queue.claimNext(flush: UUID(), now: t0.addingTimeInterval(10 * lifetime), excluding: []) == nil)

        #expect(try await kind.reopen(store).checkinQueue.update(four.resetForRetry()))
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == four.resetForRetry())
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
    }

    // MARK: - Releasing

    @Test("release without a replacement removes the item", arguments: AdapterKind.allCases)
    func releaseRemoves(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.checkinQueue)
        let flush = UUID()
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == b)
        try await store.checkinQueue.release(b.id, flush: flush, replacement: nil)

        #expect(try await kind.reopen(store).checkinQueue.all() == [a, c])
        #expect(try await store.checkinQueue.remove(b.id) == false, "gone for good")
    }

    @Test("release with a replacement stores its retry count in place and frees the item",
          arguments: AdapterKind.allCases)
    func releaseReplaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18", retryCount: 1)
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.checkinQueue)
        let flush = UUID()
        let queue = store.checkinQueue
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: [a.id]) == b)
        try await queue.release(b.id, flush: flush, replacement: with(b, retryCount: 2))

        let reopened = try kind.reopen(store).checkinQueue
        #expect(try await reopened.all() == [a, with(b, retryCount: 2), c])
        // Released: claimable again straight away, by any flush (before the claim would have expired).
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: [a.id]) == with(b, retryCount: 2))
    }

    @Test("a release that reaches 3 failures holds the item", arguments: AdapterKind.allCases)
    func releaseToHeld(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17", retryCount: 2)
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let flush = UUID()
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == a)
        try await store.checkinQueue.release(a.id, flush: flush, replacement: with(a, retryCount: 3))

        let reopened = try kind.reopen(store).checkinQueue
        #expect(try await reopened.all().map(\.retryCount) == [3, 0])
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: []) == b)
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
    }

    @Test("a release by a flush that does not own the claim does nothing", arguments: AdapterKind.allCases)
    func releaseByStranger(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let owner = UUID()
        let stranger = UUID()
        let elsewhere = try kind.reopen(store).checkinQueue
        #expect(try await store.checkinQueue.claimNext(flush: owner, now: t0, excluding: []) == a)

        try await elsewhere.release(a.id, flush: stranger, replacement: nil)
        try await store.checkinQueue.release(a.id, flush: stranger, replacement: with(a, retryCount: 2))
        try await elsewhere.release(b.id, flush: stranger, replacement: nil)
        #expect(try await kind.reopen(store).checkinQueue.all() == [a, b], "nothing removed or changed")
        // The owner's claim still holds.
        #expect(try await elsewhere.claimNext(flush: stranger, now: t0, excluding: []) == b)
        #expect(try await elsewhere.claimNext(flush: UUID(), now: t0, excluding: []) == nil)

        // And the owner can still release it.
        try await store.checkinQueue.release(a.id, flush: owner, replacement: nil)
        #expect(try await kind.reopen(store).checkinQueue.all() == [b])
    }

    @Test("an unclaimed item cannot be released", arguments: AdapterKind.allCases)
    func releaseUnclaimed(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        try await enqueue([a], into: store.checkinQueue)
        try await store.checkinQueue.release(a.id, flush: UUID(), replacement: nil)
        try await store.checkinQueue.release(a.id, flush: UUID(), replacement: with(a, retryCount: 1))
        #expect(try await kind.reopen(store).checkinQueue.all() == [a])
    }

    @Test("after a claim expires and another flush claims the item, the first flush's release does nothing",
          arguments: AdapterKind.allCases)
    func releaseAfterLosingClaim(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17", retryCount: 1)
        try await enqueue([a], into: store.checkinQueue)
        let slow = UUID()
        let fresh = UUID()
        let elsewhere = try kind.reopen(store).checkinQueue
        #expect(try await store.checkinQueue.claimNext(flush: slow, now: t0, excluding: []) == a)
        #expect(try await elsewhere.claimNext(flush: fresh, now: t0.addingTimeInterval(lifetime + 1), excluding: []) == a)

        try await store.checkinQueue.release(a.id, flush: slow, replacement: nil)
        #expect(try await elsewhere.all() == [a], "the slow flush's success does not remove it")
        try await store.checkinQueue.release(a.id, flush: slow, replacement: with(a, retryCount: 2))
        #expect(try await elsewhere.all() == [a], "nor does its failure count")
        #expect(try await store.checkinQueue.claimNext(flush: slow, now: t0.addingTimeInterval(lifetime + 2),
                                                      excluding: []) == nil, "the new claim holds")

        try await elsewhere.release(a.id, flush: fresh, replacement: nil)
        #expect(try await store.checkinQueue.all().isEmpty)
    }

    @Test("an item enqueued while another is claimed is kept when the claim is released",
          arguments: AdapterKind.allCases)
    func enqueueWhileClaimed(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let flush = UUID()
        let elsewhere = try kind.reopen(store).checkinQueue
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == b)

        let late = item("2026-11-19")
        try await elsewhere.enqueue(late)
        try await store.checkinQueue.release(a.id, flush: flush, replacement: nil)
        let later = item("2026-11-20")
        try await store.checkinQueue.enqueue(later)
        try await store.checkinQueue.release(b.id, flush: flush, replacement: with(b, retryCount: 1))

        #expect(try await kind.reopen(store).checkinQueue.all() == [with(b, retryCount: 1), late, later])
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: [b.id]) == late,
                "the late item is claimable by the same flush")
    }

    // MARK: - Manual update and remove

    @Test("update and remove report whether the item existed", arguments: AdapterKind.allCases)
    func updateAndRemove(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17", retryCount: 3)
        let b = item("2026-11-18", retryCount: 1)
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.checkinQueue)
        let elsewhere = try kind.reopen(store).checkinQueue

        #expect(try await elsewhere.update(a.resetForRetry()))
        #expect(try await store.checkinQueue.all() == [a.resetForRetry(), b, c], "updated in place")
        #expect(try await store.checkinQueue.update(item("2026-11-20")) == false)
        #expect(try await elsewhere.all().count == 3)

        #expect(try await elsewhere.remove(b.id))
        #expect(try await store.checkinQueue.remove(b.id) == false)
        #expect(try await store.checkinQueue.update(b) == false, "a removed item cannot be updated back")
        #expect(try await kind.reopen(store).checkinQueue.all() == [a.resetForRetry(), c])
    }

    @Test("update replaces the whole stored item with the same id", arguments: AdapterKind.allCases)
    func updateReplacesWholeItem(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17", retryCount: 3, energy: 2)
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let edited = QueuedCheckin(id: a.id, checkin: item("2026-11-16", contact: "Ana", energy: 5).checkin,
                                   queuedAt: Fixtures.instant("2026-11-21T08:00:00.250Z"), retryCount: 0)
        #expect(try await store.checkinQueue.update(edited))
        #expect(try await kind.reopen(store).checkinQueue.all() == [edited, b],
                "the port says update 'replaces the stored item with the same id'")
    }

    @Test("removing a claimed item removes it; the owner's later release does not bring it back",
          arguments: AdapterKind.allCases)
    func removeClaimed(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.checkinQueue)
        let flush = UUID()
        #expect(try await store.checkinQueue.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await kind.reopen(store).checkinQueue.remove(a.id))
        try await store.checkinQueue.release(a.id, flush: flush, replacement: with(a, retryCount: 1))
        #expect(try await kind.reopen(store).checkinQueue.all() == [b])
    }
}

/// A queue that only exists to read the protocol extension's `claimLifetime`.
private struct LifetimeProbe: CheckinQueueRepository {
    func all() -> [QueuedCheckin] { [] }
    func enqueue(_ item: QueuedCheckin) {}
    func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? { nil }
    func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {}
    func update(_ item: QueuedCheckin) -> Bool { false }
    func remove(_ id: QueuedCheckin.ID) -> Bool { false }
}
