import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Manual update and remove

extension CheckinQueueRepositoryContract {
    static let updateAndRemove = Case("update and remove report whether the item existed") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17", retryCount: 3)
        let b = item("2026-11-18", retryCount: 1)
        let c = item("2026-11-19")
        try await enqueue([a, b, c], into: store.subject)
        let elsewhere = try await store.reopen()

        #expect(try await elsewhere.update(a.resetForRetry()))
        #expect(try await store.subject.all() == [a.resetForRetry(), b, c], "updated in place")
        #expect(try await store.subject.update(item("2026-11-20")) == false)
        #expect(try await elsewhere.all().count == 3)

        #expect(try await elsewhere.remove(b.id))
        #expect(try await store.subject.remove(b.id) == false)
        #expect(try await store.subject.update(b) == false, "a removed item cannot be updated back")
        #expect(try await store.reopen().all() == [a.resetForRetry(), c])
    }

    static let updateReplacesWholeItem = Case("update replaces the whole stored item with the same id") { factory in
        let store = try await factory.make()
        let a = item("2026-11-17", retryCount: 3, energy: 2)
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let edited = QueuedCheckin(id: a.id, checkin: item("2026-11-16", contact: "Ana", energy: 5).checkin,
                                   queuedAt: Fixtures.instant("2026-11-21T08:00:00.250Z"), retryCount: 0, replaces: true)
        #expect(try await store.subject.update(edited))
        #expect(try await store.reopen().all() == [edited, b],
                "the port says update 'replaces the stored item with the same id'")
    }

    static let removeClaimed = Case(
        "removing a claimed item removes it; the owner's later release does not bring it back"
    ) { factory in
        let store = try await factory.make()
        let a = item("2026-11-17")
        let b = item("2026-11-18")
        try await enqueue([a, b], into: store.subject)
        let flush = UUID()
        #expect(try await store.subject.claimNext(flush: flush, now: t0, excluding: []) == a)
        #expect(try await store.reopen().remove(a.id))
        try await store.subject.release(a.id, flush: flush, replacement: with(a, retryCount: 1))
        #expect(try await store.reopen().all() == [b])
    }
}
