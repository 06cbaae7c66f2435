import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The repositories of one store that a server's check-in submissions write: the idempotency
/// records under test and the check-ins kept beside them, for the ``IdempotencyRepositoryContract``.
public struct SubmissionRepositories: Sendable {
    /// The records under test.
    public let idempotency: any IdempotencyRepository
    /// The check-ins of the same store.
    public let checkins: any CheckinRepository

    /// The two repositories of one store.
    public init(idempotency: any IdempotencyRepository, checkins: any CheckinRepository) {
        self.idempotency = idempotency
        self.checkins = checkins
    }
}

/// The contract every `IdempotencyRepository` adapter keeps: a submission saves its check-in
/// and the record of the answer together, once per account and key; a replay writes nothing
/// and gets the first record back (check-in included, byte for byte); records are swept by
/// creation instant; concurrent submissions of one key through two handles store one check-in
/// and one record; and everything persists across handles for the file stores.
public enum IdempotencyRepositoryContract {
    typealias Case = ContractCase<SubmissionRepositories>

    /// Every rule of the contract.
    public static let cases: [ContractCase<SubmissionRepositories>] = [
        empty, created, duplicate, replacing, replay, keyPerAccount, sweep, concurrent,
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

    static func all(_ checkins: any CheckinRepository) async throws -> [Checkin] {
        try await checkins.checkins(on: Fixtures.day("2000-01-01")...Fixtures.day("2100-12-31"))
    }

    // MARK: - Cases

    static let empty = Case("an empty store has no records") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.idempotency.record(account: ann, key: "k") == nil)
        #expect(try await store.subject.idempotency.removeRecords(createdBefore: t0.addingTimeInterval(1e6)) == 0)
        #expect(try await store.reopen().idempotency.record(account: ann, key: "k") == nil)
    }

    static let created = Case(
        "a new key saves the check-in and a created record, both seen exactly through another handle"
    ) { factory in
        let store = try await factory.make()
        let sent = checkin("2026-11-19", energy: 1, contact: "Zoë \"Mam\" — 👩‍👩‍👧")
        let key = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        let answer = try await store.subject.idempotency.submit(sent, account: ann, key: key, replacing: false, at: t0)
        #expect(answer.replayed == false)
        #expect(answer.record == IdempotencyRecord(accountID: ann, key: key, checkin: sent, outcome: .created, createdAt: t0))

        let reopened = try await store.reopen()
        #expect(try await reopened.idempotency.record(account: ann, key: key) == answer.record)
        #expect(try await reopened.idempotency.record(account: ann, key: key)?.checkin.keyContact == "Zoë \"Mam\" — 👩‍👩‍👧")
        #expect(try await all(reopened.checkins) == [sent])
        #expect(try await reopened.idempotency.record(account: ann, key: key.lowercased()) == nil, "keys are case-sensitive")
        #expect(try await reopened.idempotency.record(account: ann, key: "3F2504E0") == nil)
    }

    static let duplicate = Case(
        "a new key for a day that has a check-in records a duplicate and keeps the stored check-in"
    ) { factory in
        let store = try await factory.make()
        let first = checkin("2026-11-20", energy: 5)
        #expect(try await store.subject.checkins.save(first, replacing: false))
        let answer = try await store.subject.idempotency.submit(checkin("2026-11-20", energy: 1), account: ann, key: "k",
                                                                replacing: false, at: t0)
        #expect(answer.replayed == false)
        #expect(answer.record.outcome == .duplicate)
        #expect(answer.record.checkin == checkin("2026-11-20", energy: 1), "the record keeps what was sent")
        let reopened = try await store.reopen()
        #expect(try await all(reopened.checkins) == [first])
        #expect(try await reopened.idempotency.record(account: ann, key: "k") == answer.record)
    }

    static let replacing = Case("replacing saves over the day's check-in and records created") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.checkins.save(checkin("2026-11-20", energy: 5), replacing: false))
        let replacement = checkin("2026-11-20", energy: 2, contact: "Sam")
        let answer = try await store.subject.idempotency.submit(replacement, account: ann, key: "k", replacing: true, at: t0)
        #expect(answer.record.outcome == .created)
        #expect(try await all(store.reopen().checkins) == [replacement])
    }

    static let replay = Case(
        "a replayed key writes nothing and returns the first record, whatever is sent with it"
    ) { factory in
        let store = try await factory.make()
        let first = try await store.subject.idempotency.submit(checkin("2026-11-19"), account: ann, key: "k",
                                                               replacing: false, at: t0)
        let reopened = try await store.reopen()
        for (sent, replacing) in [(checkin("2026-11-19"), false), (checkin("2026-11-18", energy: 1), false),
                                  (checkin("2026-11-19", energy: 5), true)] {
            let again = try await reopened.idempotency.submit(sent, account: ann, key: "k", replacing: replacing,
                                                              at: t0.addingTimeInterval(60))
            #expect(again.replayed)
            #expect(again.record == first.record)
        }
        #expect(try await all(store.reopen().checkins) == [checkin("2026-11-19")], "no replay saved a check-in")
    }

    static let keyPerAccount = Case("the same key of two accounts is two submissions") { factory in
        let store = try await factory.make()
        let mine = try await store.subject.idempotency.submit(checkin("2026-11-19"), account: ann, key: "shared-key",
                                                              replacing: false, at: t0)
        let theirs = try await store.subject.idempotency.submit(checkin("2026-11-20"), account: bob, key: "shared-key",
                                                                replacing: false, at: t0)
        #expect(mine.replayed == false && theirs.replayed == false)
        let reopened = try await store.reopen()
        #expect(try await reopened.idempotency.record(account: ann, key: "shared-key") == mine.record)
        #expect(try await reopened.idempotency.record(account: bob, key: "shared-key") == theirs.record)
        #expect(try await reopened.idempotency.record(account: Account.ID(), key: "shared-key") == nil)
    }

    static let sweep = Case(
        "removeRecords(createdBefore:) removes only records created strictly before the instant, and counts them"
    ) { factory in
        let store = try await factory.make()
        let cutoff = t0.addingTimeInterval(-IdempotencyRecord.lifetime)
        let submissions: [(key: String, account: Account.ID, day: String, at: Date)] = [
            ("old", ann, "2026-11-16", cutoff.addingTimeInterval(-1)),
            ("other-old", bob, "2026-11-17", cutoff.addingTimeInterval(-0.5)),
            ("at-cutoff", ann, "2026-11-18", cutoff),
            ("recent", ann, "2026-11-19", t0),
        ]
        var records: [String: IdempotencyRecord] = [:]
        for item in submissions {
            records[item.key] = try await store.subject.idempotency.submit(checkin(item.day), account: item.account,
                                                                           key: item.key, replacing: false, at: item.at).record
        }
        #expect(try await store.reopen().idempotency.removeRecords(createdBefore: cutoff) == 2)
        #expect(try await store.subject.idempotency.removeRecords(createdBefore: cutoff) == 0, "nothing left to sweep")

        let reopened = try await store.reopen()
        #expect(try await reopened.idempotency.record(account: ann, key: "old") == nil)
        #expect(try await reopened.idempotency.record(account: bob, key: "other-old") == nil)
        #expect(try await reopened.idempotency.record(account: ann, key: "at-cutoff") == records["at-cutoff"],
                "created exactly at the instant is not before it")
        #expect(try await reopened.idempotency.record(account: ann, key: "recent") == records["recent"])
        #expect(try await all(reopened.checkins).count == 4, "sweeping records leaves the check-ins")

        // A swept key is a new submission again.
        let again = try await reopened.idempotency.submit(checkin("2026-11-15"), account: ann, key: "old",
                                                          replacing: false, at: t0)
        #expect(again.replayed == false)
        #expect(try await store.reopen().idempotency.record(account: ann, key: "old") == again.record)
    }

    static let concurrent = Case(
        "20 concurrent submissions of one key through two handles store one check-in and one record, all answered alike"
    ) { factory in
        let store = try await factory.make()
        let handles = [store.subject, try await store.reopen()]
        let sent = checkin("2026-11-20", energy: 4)
        let answers = try await withThrowingTaskGroup(of: (record: IdempotencyRecord, replayed: Bool).self) { group in
            for index in 0..<20 {
                let handle = handles[index % 2]
                group.addTask {
                    try await handle.idempotency.submit(sent, account: ann, key: "k", replacing: false,
                                                        at: t0.addingTimeInterval(Double(index)))
                }
            }
            var answers: [(record: IdempotencyRecord, replayed: Bool)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.filter { !$0.replayed }.count == 1, "one submission was first")
        #expect(Set(answers.map(\.record)).count == 1, "every answer is the first record")
        #expect(answers.first?.record.outcome == .created)
        #expect(try await all(store.reopen().checkins) == [sent])
    }
}
