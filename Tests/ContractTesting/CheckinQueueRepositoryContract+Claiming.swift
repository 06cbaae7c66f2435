import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Claiming

extension CheckinQueueRepositoryContract {
    static let claimOrder = Case(
        "claimNext hands out the oldest item that is not held, claimed or excluded"
    ) { factory in
        let store = try await factory.make()
        let held = item("2026-11-16", retryCount: 3)
        let a = item("2026-11-17", retryCount: 2)
        let b = item("2026-11-18")
        let c = item("2026-11-19")
        try await enqueue([held, a, b, c], into: store.subject)
        let queue = store.subject

        let flush = UUID()
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: [b.id]) == c, "b is excluded")
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == b)
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: []) == nil)
        #expect(try await queue.all() == [held, a, b, c], "claiming changes no item")
    }

    static let excludingAll = Case("excluding every unheld item leaves nothing to claim") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        #expect(try await store.subject.claimNext(flush: UUID(), now: t0, excluding: [a.id, b.id]) == nil)
        // Nothing was claimed: another flush still gets the first.
        #expect(try await store.reopen().claimNext(flush: UUID(), now: t0, excluding: []) == a)
    }

    static let claimIsExclusive = Case(
        "an item claimed by one flush is not claimed by another, in this or another process, until the claim expires"
    ) { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let here = store.subject
        let elsewhere = try await store.reopen()
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

    static let concurrentClaims = Case("two handles claiming at once share the items without overlap") { factory in
        let store = try await factory.make()
        let items = (1...20).map { item(Fixtures.day("2026-10-01").adding(days: $0).description) }
        try await enqueue(items, into: store.subject)
        let other = try await store.reopen()
        async let mine = claimAll(store.subject, now: t0)
        async let theirs = claimAll(other, now: t0)
        let (a, b) = try await (mine, theirs)
        #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
        #expect(a.count + b.count == items.count)
        #expect(Set(a.map(\.id) + b.map(\.id)) == Set(items.map(\.id)))
        #expect(a == a.sorted { $0.checkin.day < $1.checkin.day }, "each flush sees queue order")
        #expect(b == b.sorted { $0.checkin.day < $1.checkin.day }, "each flush sees queue order")
    }

    static let heldNeverClaimed = Case("held items (3 failures or more) are never claimed, until reset") { factory in
        let store = try await factory.make()
        let three = item("2026-11-17", retryCount: QueuedCheckin.maxFailures)
        let four = item("2026-11-18", retryCount: QueuedCheckin.maxFailures + 1)
        try await enqueue([three, four], into: store.subject)
        let queue = store.subject
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
        #expect(try await queue.claimNext(flush: UUID(), now: t0.addingTimeInterval(10 * lifetime), excluding: []) == nil)

        #expect(try await store.reopen().update(four.resetForRetry()))
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == four.resetForRetry())
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
    }
}
