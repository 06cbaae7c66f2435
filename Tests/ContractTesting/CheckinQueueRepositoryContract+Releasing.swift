import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Releasing

extension CheckinQueueRepositoryContract {
    static let releaseRemoves = Case("release without a replacement removes the item") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.subject)
        let flush = UUID()
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == b)
        try await store.subject.release(b.id, flush: flush, replacement: nil)

        #expect(try await store.reopen().all() == [a, c])
        #expect(try await store.subject.remove(b.id) == false, "gone for good")
    }

    static let releaseReplaces = Case(
        "release with a replacement stores its retry count in place and frees the item"
    ) { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18", retryCount: 1)
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.subject)
        let flush = UUID()
        let queue = store.subject
        #expect(try await queue.claimNext(flush: flush, now: t0, excluding: [a.id]) == b)
        try await queue.release(b.id, flush: flush, replacement: with(b, retryCount: 2))

        let reopened = try await store.reopen()
        #expect(try await reopened.all() == [a, with(b, retryCount: 2), c])
        // Released: claimable again straight away, by any flush (before the claim would have expired).
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: [a.id]) == with(b, retryCount: 2))
    }

    static let releaseToHeld = Case("a release that reaches 3 failures holds the item") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17", retryCount: 2)
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let flush = UUID()
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == a)
        try await store.subject.release(a.id, flush: flush, replacement: with(a, retryCount: 3))

        let reopened = try await store.reopen()
        #expect(try await reopened.all().map(\.retryCount) == [3, 0])
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: []) == b)
        #expect(try await reopened.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
    }

    static let releaseByStranger = Case("a release by a flush that does not own the claim does nothing") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let owner = UUID()
        let stranger = UUID()
        let elsewhere = try await store.reopen()
        #expect(try await store.subject.claimNext(flush: owner, now: t0, excluding: []) == a)

        try await elsewhere.release(a.id, flush: stranger, replacement: nil)
        try await store.subject.release(a.id, flush: stranger, replacement: with(a, retryCount: 2))
        try await elsewhere.release(b.id, flush: stranger, replacement: nil)
        #expect(try await store.reopen().all() == [a, b], "nothing removed or changed")
        // The owner's claim still holds.
        #expect(try await elsewhere.claimNext(flush: stranger, now: t0, excluding: []) == b)
        #expect(try await elsewhere.claimNext(flush: UUID(), now: t0, excluding: []) == nil)

        // And the owner can still release it.
        try await store.subject.release(a.id, flush: owner, replacement: nil)
        #expect(try await store.reopen().all() == [b])
    }

    static let releaseUnclaimed = Case("an unclaimed item cannot be released") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        try await enqueue([a], into: store.subject)
        try await store.subject.release(a.id, flush: UUID(), replacement: nil)
        try await store.subject.release(a.id, flush: UUID(), replacement: with(a, retryCount: 1))
        #expect(try await store.reopen().all() == [a])
    }

    static let releaseAfterLosingClaim = Case(
        "after a claim expires and another flush claims the item, the first flush's release does nothing"
    ) { factory in
        let store = try await factory.make()
        let a = item("2026-11-17", retryCount: 1)
        try await enqueue([a], into: store.subject)
        let slow = UUID()
        let fresh = UUID()
        let elsewhere = try await store.reopen()
        #expect(try await store.subject.claimNext(flush: slow, now: t0, excluding: []) == a)
        #expect(try await elsewhere.claimNext(flush: fresh, now: t0.addingTimeInterval(lifetime + 1), excluding: []) == a)

        try await store.subject.release(a.id, flush: slow, replacement: nil)
        #expect(try await elsewhere.all() == [a], "the slow flush's success does not remove it")
        try await store.subject.release(a.id, flush: slow, replacement: with(a, retryCount: 2))
        #expect(try await elsewhere.all() == [a], "nor does its failure count")
        #expect(try await store.subject.claimNext(flush: slow, now: t0.addingTimeInterval(lifetime + 2),
                                                  excluding: []) == nil, "the new claim holds")

        try await elsewhere.release(a.id, flush: fresh, replacement: nil)
        #expect(try await store.subject.all().isEmpty)
    }

    static let enqueueWhileClaimed = Case(
        "an item enqueued while another is claimed is kept when the claim is released"
    ) { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let flush = UUID()
        let elsewhere = try await store.reopen()
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == b)

        let late = item("2026-11-19")
        try await elsewhere.enqueue(late)
        try await store.subject.release(a.id, flush: flush, replacement: nil)
        let later = item("2026-11-20")
        try await store.subject.enqueue(later)
        try await store.subject.release(b.id, flush: flush, replacement: with(b, retryCount: 1))

        #expect(try await store.reopen().all() == [with(b, retryCount: 1), late, later])
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: [b.id]) == late,
                "the late item is claimable by the same flush")
    }
}
