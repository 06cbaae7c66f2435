import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `IdempotencyRepository` adapter keeps: one record per account and key,
/// kept as first saved (check-in included, byte for byte), swept by creation instant, and
/// persisted across handles for the file stores.
@Suite("IdempotencyRepository contract")
struct IdempotencyRepositoryContractTests {
    let t0 = Fixtures.instant("2026-11-20T09:15:30.125Z")
    let ann = Account.ID()
    let bob = Account.ID()

    func checkin(_ day: String, energy: Int = 3, contact: String? = nil) -> Checkin {
        do {
            return try Checkin(day: Fixtures.day(day), energy: energy, stress: 2, social: 4, keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a test: \(error)")
        }
    }

    func record(_ key: String, account: Account.ID? = nil, checkin: Checkin? = nil,
                outcome: IdempotencyRecord.Outcome = .created, created: Date? = nil) -> IdempotencyRecord {
        IdempotencyRecord(accountID: account ?? ann, key: key, checkin: checkin ?? self.checkin("2026-11-20"),
                          outcome: outcome, createdAt: created ?? t0)
    }

    @Test("an empty store has no records", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        #expect(try await store.idempotency.record(account: ann, key: "k") == nil)
        #expect(try await store.idempotency.removeRecords(createdBefore: t0.addingTimeInterval(1e6)) == 0)
        #expect(try await kind.reopen(store).idempotency.record(account: ann, key: "k") == nil)
    }

    @Test("a saved record comes back exactly, check-in and outcome included, through another handle",
          arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let created = record("3F2504E0-4F89-11D3-9A0C-0305E82C3301",
                             checkin: checkin("2026-11-19", energy: 1, contact: "Zoë \"Mam\" — 👩‍👩‍👧"))
        let duplicate = record("second", checkin: checkin("2026-11-20", energy: 5), outcome: .duplicate)
        #expect(try await store.idempotency.save(created))
        #expect(try await store.idempotency.save(duplicate))

        let reopened = try kind.reopen(store).idempotency
        #expect(try await reopened.record(account: ann, key: created.key) == created)
        #expect(try await reopened.record(account: ann, key: created.key)?.checkin.keyContact == "Zoë \"Mam\" — 👩‍👩‍👧")
        #expect(try await reopened.record(account: ann, key: "second") == duplicate)
        #expect(try await reopened.record(account: ann, key: "second")?.outcome == .duplicate)
        #expect(try await reopened.record(account: ann, key: created.key.lowercased()) == nil, "keys are case-sensitive")
        #expect(try await reopened.record(account: ann, key: "secon") == nil)
    }

    @Test("a key is saved once per account: a second save is refused and the first record kept",
          arguments: AdapterKind.allCases)
    func saveOnce(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let first = record("k", checkin: checkin("2026-11-19"), outcome: .created)
        let second = record("k", checkin: checkin("2026-11-20"), outcome: .duplicate, created: t0.addingTimeInterval(5))
        #expect(try await store.idempotency.save(first))
        #expect(try await kind.reopen(store).idempotency.save(second) == false)
        #expect(try await store.idempotency.save(first) == false, "even the same record")
        #expect(try await kind.reopen(store).idempotency.record(account: ann, key: "k") == first)
    }

    @Test("the same key of two accounts is two records", arguments: AdapterKind.allCases)
    func keyPerAccount(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let mine = record("shared-key", account: ann, checkin: checkin("2026-11-19"))
        let theirs = record("shared-key", account: bob, checkin: checkin("2026-11-20"), outcome: .duplicate)
        #expect(try await store.idempotency.save(mine))
        #expect(try await store.idempotency.save(theirs))

        let reopened = try kind.reopen(store).idempotency
        #expect(try await reopened.record(account: ann, key: "shared-key") == mine)
        #expect(try await reopened.record(account: bob, key: "shared-key") == theirs)
        #expect(try await reopened.record(account: Account.ID(), key: "shared-key") == nil)
    }

    @Test("removeRecords(createdBefore:) removes only records created strictly before the instant, and counts them",
          arguments: AdapterKind.allCases)
    func sweep(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let old = record("old", created: t0.addingTimeInterval(-IdempotencyRecord.lifetime - 1))
        let otherOld = record("other-old", account: bob, created: t0.addingTimeInterval(-IdempotencyRecord.lifetime - 0.5))
        let atCutoff = record("at-cutoff", created: t0.addingTimeInterval(-IdempotencyRecord.lifetime))
        let recent = record("recent", created: t0)
        for item in [old, otherOld, atCutoff, recent] {
            #expect(try await store.idempotency.save(item))
        }

        let cutoff = t0.addingTimeInterval(-IdempotencyRecord.lifetime)
        #expect(try await kind.reopen(store).idempotency.removeRecords(createdBefore: cutoff) == 2)
        #expect(try await store.idempotency.removeRecords(createdBefore: cutoff) == 0, "nothing left to sweep")

        let reopened = try kind.reopen(store).idempotency
        #expect(try await reopened.record(account: ann, key: "old") == nil)
        #expect(try await reopened.record(account: bob, key: "other-old") == nil)
        #expect(try await reopened.record(account: ann, key: "at-cutoff") == atCutoff,
                "created exactly at the instant is not before it")
        #expect(try await reopened.record(account: ann, key: "recent") == recent)

        // A swept key can be used again.
        let again = record("old", checkin: checkin("2026-11-18"))
        #expect(try await reopened.save(again))
        #expect(try await kind.reopen(store).idempotency.record(account: ann, key: "old") == again)
    }
}
