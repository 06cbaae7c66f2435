import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `IdempotencyRepository` adapter keeps: one record per account and key,
/// kept as first saved (check-in included, byte for byte), swept by creation instant, and
/// persisted across handles for the file stores.
public enum IdempotencyRepositoryContract {
    typealias Case = ContractCase<any IdempotencyRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any IdempotencyRepository>] = [
        empty, roundTrip, saveOnce, keyPerAccount, sweep,
    ]

    static let t0 = Fixtures.instant("2026-11-20T09:15:30.125Z")
    static let ann = Account.ID()
    static let bob = Account.ID()

    static func checkin(_ day: String, energy: Int = 3, contact: String? = nil) -> Checkin {
        do {
            return try Checkin(day: Fixtures.day(day), energy: energy, stress: 2, social: 4, keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a contract: \(error)")
        }
    }

    static func record(_ key: String, account: Account.ID? = nil, checkin: Checkin? = nil,
                       outcome: IdempotencyRecord.Outcome = .created, created: Date? = nil) -> IdempotencyRecord {
        IdempotencyRecord(accountID: account ?? ann, key: key, checkin: checkin ?? Self.checkin("2026-11-20"),
                          outcome: outcome, createdAt: created ?? t0)
    }

    // MARK: - Cases

    static let empty = Case("an empty store has no records") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.record(account: ann, key: "k") == nil)
        #expect(try await store.subject.removeRecords(createdBefore: t0.addingTimeInterval(1e6)) == 0)
        #expect(try await store.reopen().record(account: ann, key: "k") == nil)
    }

    static let roundTrip = Case(
        "a saved record comes back exactly, check-in and outcome included, through another handle"
    ) { factory in
        let store = try await factory.make()
        let created = record("3F2504E0-4F89-11D3-9A0C-0305E82C3301",
                             checkin: checkin("2026-11-19", energy: 1, contact: "Zoë \"Mam\" — 👩‍👩‍👧"))
        let duplicate = record("second", checkin: checkin("2026-11-20", energy: 5), outcome: .duplicate)
        #expect(try await store.subject.save(created))
        #expect(try await store.subject.save(duplicate))

        let reopened = try await store.reopen()
        #expect(try await reopened.record(account: ann, key: created.key) == created)
        #expect(try await reopened.record(account: ann, key: created.key)?.checkin.keyContact == "Zoë \"Mam\" — 👩‍👩‍👧")
        #expect(try await reopened.record(account: ann, key: "second") == duplicate)
        #expect(try await reopened.record(account: ann, key: "second")?.outcome == .duplicate)
        #expect(try await reopened.record(account: ann, key: created.key.lowercased()) == nil, "keys are case-sensitive")
        #expect(try await reopened.record(account: ann, key: "secon") == nil)
    }

    static let saveOnce = Case(
        "a key is saved once per account: a second save is refused and the first record kept"
    ) { factory in
        let store = try await factory.make()
        let first = record("k", checkin: checkin("2026-11-19"), outcome: .created)
        let second = record("k", checkin: checkin("2026-11-20"), outcome: .duplicate, created: t0.addingTimeInterval(5))
        #expect(try await store.subject.save(first))
        #expect(try await store.reopen().save(second) == false)
        #expect(try await store.subject.save(first) == false, "even the same record")
        #expect(try await store.reopen().record(account: ann, key: "k") == first)
    }

    static let keyPerAccount = Case("the same key of two accounts is two records") { factory in
        let store = try await factory.make()
        let mine = record("shared-key", account: ann, checkin: checkin("2026-11-19"))
        let theirs = record("shared-key", account: bob, checkin: checkin("2026-11-20"), outcome: .duplicate)
        #expect(try await store.subject.save(mine))
        #expect(try await store.subject.save(theirs))

        let reopened = try await store.reopen()
        #expect(try await reopened.record(account: ann, key: "shared-key") == mine)
        #expect(try await reopened.record(account: bob, key: "shared-key") == theirs)
        #expect(try await reopened.record(account: Account.ID(), key: "shared-key") == nil)
    }

    static let sweep = Case(
        "removeRecords(createdBefore:) removes only records created strictly before the instant, and counts them"
    ) { factory in
        let store = try await factory.make()
        let old = record("old", created: t0.addingTimeInterval(-IdempotencyRecord.lifetime - 1))
        let otherOld = record("other-old", account: bob, created: t0.addingTimeInterval(-IdempotencyRecord.lifetime - 0.5))
        let atCutoff = record("at-cutoff", created: t0.addingTimeInterval(-IdempotencyRecord.lifetime))
        let recent = record("recent", created: t0)
        for item in [old, otherOld, atCutoff, recent] {
            #expect(try await store.subject.save(item))
        }

        let cutoff = t0.addingTimeInterval(-IdempotencyRecord.lifetime)
        #expect(try await store.reopen().removeRecords(createdBefore: cutoff) == 2)
        #expect(try await store.subject.removeRecords(createdBefore: cutoff) == 0, "nothing left to sweep")

        let reopened = try await store.reopen()
        #expect(try await reopened.record(account: ann, key: "old") == nil)
        #expect(try await reopened.record(account: bob, key: "other-old") == nil)
        #expect(try await reopened.record(account: ann, key: "at-cutoff") == atCutoff,
                "created exactly at the instant is not before it")
        #expect(try await reopened.record(account: ann, key: "recent") == recent)

        // A swept key can be used again.
        let again = record("old", checkin: checkin("2026-11-18"))
        #expect(try await reopened.save(again))
        #expect(try await store.reopen().record(account: ann, key: "old") == again)
    }
}
