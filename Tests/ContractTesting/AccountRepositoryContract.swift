import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `AccountRepository` adapter keeps: one account per email and per id,
/// lookups by either, listing by email, removal that takes the account's sessions with it,
/// sessions by token digest (replaced by digest, expired ones swept by instant, all of an
/// account's ended at once), a password hash replaced together with the end of the account's
/// other sessions, and all of it persisted across handles for the file stores.
public enum AccountRepositoryContract {
    typealias Case = ContractCase<any AccountRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any AccountRepository>] = [
        empty, addAndLookUp, duplicateEmail, duplicateID, allByEmail, removeCascades, emailReusableAfterRemove,
        canonicallyEquivalentEmails,
        sessionRoundTrip, sessionWithAccount, sessionReplacedByDigest, removeSession, sweepExpired, sessionsOfSeveralAccounts,
        removeSessionsOfAccount, setPasswordHashKeepingOne, setPasswordHashEndingAll,
        timeZoneKept, setTimeZone,
    ]

    static let t0 = Fixtures.instant("2026-11-20T09:15:30.125Z")

    /// An account with a millisecond-exact creation instant (what every store keeps).
    static func account(_ email: String, id: Account.ID = Account.ID(), hash: String? = nil,
                        created: Date? = nil, timeZone: String? = nil) -> Account {
        Account(id: id, email: EmailAddress(stored: email), passwordHash: hash ?? "$2b$04$hash-of-\(email)",
                createdAt: created ?? t0, timeZone: timeZone)
    }

    /// A session of `account` created at `t0` and ending `lifetime` seconds later.
    static func session(_ digest: String, of account: Account, lifetime: TimeInterval = 3600) -> SessionRecord {
        SessionRecord(tokenDigest: digest, accountID: account.id, createdAt: t0, expiresAt: t0.addingTimeInterval(lifetime))
    }

    // MARK: - Accounts

    static let empty = Case("an empty store has no accounts and no sessions") { factory in
        let store = try await factory.make()
        let accounts = store.subject
        #expect(try await accounts.all().isEmpty)
        #expect(try await accounts.account(email: EmailAddress(stored: "ann@example.org")) == nil)
        #expect(try await accounts.account(id: Account.ID()) == nil)
        #expect(try await accounts.remove(Account.ID()) == false)
        #expect(try await accounts.session(digest: "abc") == nil)
        #expect(try await accounts.removeSession(digest: "abc") == false)
        #expect(try await accounts.removeSessions(expiredBefore: t0) == 0)
        #expect(try await store.reopen().all().isEmpty)
    }

    static let addAndLookUp = Case(
        "an added account comes back exactly, by email and by id, through another handle"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org", hash: "$2b$12$abcdefghijklmnopqrstuuZ0123456789./ABCDEFGHIJKLMNOPQRS")
        #expect(try await store.subject.add(ann))

        let reopened = try await store.reopen()
        #expect(try await reopened.account(email: ann.email) == ann)
        #expect(try await reopened.account(id: ann.id) == ann)
        #expect(try await reopened.account(id: ann.id)?.createdAt == t0)
        #expect(try await reopened.account(id: ann.id)?.passwordHash == ann.passwordHash)
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(email: EmailAddress(stored: "bob@example.org")) == nil)
        #expect(try await reopened.account(id: Account.ID()) == nil)
    }

    static let duplicateEmail = Case("a second account with a taken email is refused and changes nothing") { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        let impostor = account("ann@example.org", hash: "$2b$04$other")
        #expect(try await store.reopen().add(impostor) == false)

        let reopened = try await store.reopen()
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(email: ann.email)?.id == ann.id)
        #expect(try await reopened.account(id: impostor.id) == nil)
    }

    static let duplicateID = Case("a second account with a taken id is refused and changes nothing") { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        let sameID = account("bob@example.org", id: ann.id)
        #expect(try await store.subject.add(sameID) == false)

        let reopened = try await store.reopen()
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(id: ann.id)?.email == ann.email)
        #expect(try await reopened.account(email: sameID.email) == nil)
    }

    static let allByEmail = Case(
        "all() lists accounts by email (byte order), whatever the order they were added in"
    ) { factory in
        let store = try await factory.make()
        // '.' < '@' < '_' in ASCII: "ann.lee@…" < "ann@…" < "ann_lee@…".
        let emails = ["zoe@example.org", "ann_lee@example.org", "bob@example.org", "ann@example.org",
                      "ann.lee@example.org", "0day@example.org"]
        var added: [Account] = []
        for email in emails {
            let next = account(email)
            #expect(try await store.subject.add(next))
            added.append(next)
        }

        let listed = try await store.reopen().all()
        #expect(listed.map(\.email.rawValue) == ["0day@example.org", "ann.lee@example.org", "ann@example.org",
                                                 "ann_lee@example.org", "bob@example.org", "zoe@example.org"])
        #expect(Set(listed) == Set(added))
    }

    static let removeCascades = Case(
        "remove deletes the account and only its sessions; a second remove finds nothing"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        let bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        try await store.subject.addSession(session("ann-1", of: ann))
        try await store.subject.addSession(session("ann-2", of: ann, lifetime: 60))
        try await store.subject.addSession(session("bob-1", of: bob))

        #expect(try await store.reopen().remove(ann.id))

        let reopened = try await store.reopen()
        #expect(try await reopened.all() == [bob])
        #expect(try await reopened.account(id: ann.id) == nil)
        #expect(try await reopened.account(email: ann.email) == nil)
        #expect(try await reopened.session(digest: "ann-1") == nil)
        #expect(try await reopened.session(digest: "ann-2") == nil)
        #expect(try await reopened.session(digest: "bob-1") == session("bob-1", of: bob))
        #expect(try await reopened.remove(ann.id) == false)
        #expect(try await reopened.removeSession(digest: "ann-1") == false, "the session went with the account")
    }

    static let emailReusableAfterRemove = Case(
        "a removed account's email can be used again, by a new account"
    ) { factory in
        let store = try await factory.make()
        let first = account("ann@example.org")
        #expect(try await store.subject.add(first))
        #expect(try await store.subject.remove(first.id))
        let second = account("ann@example.org", hash: "$2b$04$new")
        #expect(try await store.subject.add(second))
        #expect(try await store.reopen().account(email: second.email) == second)
        #expect(try await store.reopen().all() == [second])
    }

    static let canonicallyEquivalentEmails = Case(
        "an email spelled with a precomposed or a decomposed accent is one email, in every store"
    ) { factory in
        let store = try await factory.make()
        let precomposed = try EmailAddress("zo\u{E9}@example.org")
        let decomposed = try EmailAddress("zoe\u{301}@example.org")
        let first = Account(email: precomposed, passwordHash: "h", createdAt: t0)
        #expect(try await store.subject.add(first))
        #expect(try await store.subject.add(Account(email: decomposed, passwordHash: "h2", createdAt: t0)) == false)
        #expect(try await store.reopen().account(email: decomposed)?.id == first.id)
        #expect(try await store.reopen().all().count == 1)
    }
}
