import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `CheckinQueueRepository` adapter keeps: queue order, claims that hand an
/// item to one flush only (across handles, i.e. processes) until released or expired, releases
/// only by the owner, items held for review never claimed, and the server's request to wait
/// kept beside the items.
public enum CheckinQueueRepositoryContract {
    typealias Case = ContractCase<any CheckinQueueRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any CheckinQueueRepository>] = [
        empty, enqueueOrder,
        claimOrder, excludingAll, claimIsExclusive, concurrentClaims, heldNeverClaimed,
        releaseRemoves, releaseReplaces, releaseToHeld, releaseByStranger, releaseUnclaimed, releaseAfterLosingClaim,
        enqueueWhileClaimed,
        updateAndRemove, updateReplacesWholeItem, removeClaimed, pause,
    ]

    static let t0 = Fixtures.instant("2026-11-20T09:00:00Z")
    /// The port's claim lifetime.
    static let lifetime = LifetimeProbe.claimLifetime

    /// A queued check-in for `day`, queued at a millisecond-exact instant.
    static func item(_ day: String, retryCount: Int = 0, contact: String? = nil, energy: Int = 3,
                     replaces: Bool = false) -> QueuedCheckin {
        let checkin: Checkin
        do {
            checkin = try Checkin(day: Fixtures.day(day), energy: energy, stress: 2, social: 4, keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a contract: \(error)")
        }
        return QueuedCheckin(checkin: checkin, queuedAt: Fixtures.instant("\(day)T21:15:30.125Z"),
                             retryCount: retryCount, replaces: replaces)
    }

    /// The same item with another retry count.
    static func with(_ item: QueuedCheckin, retryCount: Int) -> QueuedCheckin {
        QueuedCheckin(id: item.id, checkin: item.checkin, queuedAt: item.queuedAt, retryCount: retryCount)
    }

    static func enqueue(_ items: [QueuedCheckin], into queue: any CheckinQueueRepository) async throws {
        for item in items { try await queue.enqueue(item) }
    }

    /// Every item a flush can claim now (claiming them all), oldest first.
    static func claimAll(_ queue: any CheckinQueueRepository, flush: UUID = UUID(),
                         now: Date) async throws -> [QueuedCheckin] {
        var claimed: [QueuedCheckin] = []
        while let next = try await queue.claimNext(flush: flush, now: now, excluding: []) {
            claimed.append(next)
            if claimed.count > 100 { break }
        }
        return claimed
    }

    // MARK: - Basics

    static let empty = Case("an empty queue has nothing to list, claim, update or remove") { factory in
        let store = try await factory.make()
        let queue = store.subject
        #expect(try await queue.all().isEmpty)
        #expect(try await queue.claimNext(flush: UUID(), now: t0, excluding: []) == nil)
        #expect(try await queue.update(item("2026-11-20")) == false)
        #expect(try await queue.remove(QueuedCheckin.ID()) == false)
        #expect(try await queue.all().isEmpty, "update of an unknown item adds nothing")
        #expect(try await store.reopen().all().isEmpty)
    }

    static let enqueueOrder = Case(
        "items come back exactly, in enqueue order (not day order), through another handle"
    ) { factory in
        let store = try await factory.make()
        let items = [item("2026-11-20", contact: "Zoë \"Mam\" — 👩‍👩‍👧\nline"), item("2026-11-18", replaces: true),
                     item("2026-11-19", retryCount: 2), item("2026-11-17", retryCount: 3, contact: "Sam")]
        try await enqueue(Array(items.prefix(2)), into: store.subject)
        try await enqueue(Array(items.suffix(2)), into: store.reopen())

        let stored = try await store.reopen().all()
        #expect(stored == items)
        #expect(stored.map(\.id) == items.map(\.id))
        #expect(stored.first?.checkin.keyContact == "Zoë \"Mam\" — 👩‍👩‍👧\nline")
        #expect(stored[1].checkin.keyContact == nil)
        #expect(stored.map(\.queuedAt) == items.map(\.queuedAt))
        #expect(stored.map(\.retryCount) == [0, 0, 2, 3])
        #expect(stored.map(\.replaces) == [false, true, false, false], "a replacing check-in stays one")
    }

    static let pause = Case(
        "the instant the server asked to wait until is none at first, kept exactly through another handle, replaced by the next, and leaves the items alone"
    ) { factory in
        let store = try await factory.make()
        #expect(try await store.subject.pausedUntil() == nil)
        let items = [item("2026-11-19"), item("2026-11-20")]
        try await enqueue(items, into: store.subject)
        let until = t0.addingTimeInterval(90.125)
        try await store.subject.pause(until: until)
        #expect(try await store.reopen().pausedUntil() == until)
        try await store.reopen().pause(until: t0.addingTimeInterval(-5))
        #expect(try await store.subject.pausedUntil() == t0.addingTimeInterval(-5), "an earlier instant replaces a later one")
        #expect(try await store.reopen().all() == items)
        #expect(try await claimAll(store.reopen(), now: t0).map(\.id) == items.map(\.id), "the items are claimed as ever")
    }
}
