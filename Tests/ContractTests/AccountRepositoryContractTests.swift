import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `AccountRepository` adapter keeps: one account per email and per id,
/// lookups by either, listing by email, removal that takes the account's sessions with it,
/// sessions by token digest (replaced by digest, expired ones swept by instant), and all of
/// it persisted across handles for the file stores.
@Suite("AccountRepository contract")
struct AccountRepositoryContractTests {
    let t0 = Fixtures.instant("2026-11-20T09:15:30.125Z")

    /// An account with a millisecond-exact creation instant (what every store keeps).
    func account(_ email: String, id: Account.ID = Account.ID(), hash: String? = nil, created: Date? = nil) -> Account {
        Account(id: id, email: EmailAddress(stored: email), passwordHash: hash ?? "$2b$04$hash-of-\(email)",
                createdAt: created ?? t0)
    }

    /// A session of `account` created at `t0` and ending `lifetime` seconds later.
    func session(_ digest: String, of account: Account, lifetime: TimeInterval = 3600) -> SessionRecord {
        SessionRecord(tokenDigest: digest, accountID: account.id, createdAt: t0, expiresAt: t0.addingTimeInterval(lifetime))
    }

    // MARK: - Accounts

    @Test("an empty store has no accounts and no sessions", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let accounts = store.accounts
        #expect(try await accounts.all().isEmpty)
        #expect(try await accounts.account(email: EmailAddress(stored: "ann@example.org")) == nil)
        #expect(try await accounts.account(id: Account.ID()) == nil)
        #expect(try await accounts.remove(Account.ID()) == false)
        #expect(try await accounts.session(digest: "abc") == nil)
        #expect(try await accounts.removeSession(digest: "abc") == false)
        #expect(try await accounts.removeSessions(expiredBefore: t0) == 0)
        #expect(try await kind.reopen(store).accounts.all().isEmpty)
    }

    @Test("an added account comes back exactly, by email and by id, through another handle",
          arguments: AdapterKind.allCases)
    func addAndLookUp(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org", hash: "$2b$12$abcdefghijklmnopqrstuuZ0123456789./ABCDEFGHIJKLMNOPQRS")
        #expect(try await store.accounts.add(ann))

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.account(email: ann.email) == ann)
        #expect(try await reopened.account(id: ann.id) == ann)
        #expect(try await reopened.account(id: ann.id)?.createdAt == t0)
        #expect(try await reopened.account(id: ann.id)?.passwordHash == ann.passwordHash)
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(email: EmailAddress(stored: "bob@example.org")) == nil)
        #expect(try await reopened.account(id: Account.ID()) == nil)
    }

    @Test("a second account with a taken email is refused and changes nothing", arguments: AdapterKind.allCases)
    func duplicateEmail(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        #expect(try await store.accounts.add(ann))
        let impostor = account("ann@example.org", hash: "$2b$04$other")
        #expect(try await kind.reopen(store).accounts.add(impostor) == false)

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(email: ann.email)?.id == ann.id)
        #expect(try await reopened.account(id: impostor.id) == nil)
    }

    @Test("a second account with a taken id is refused and changes nothing", arguments: AdapterKind.allCases)
    func duplicateID(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        #expect(try await store.accounts.add(ann))
        let sameID = account("bob@example.org", id: ann.id)
        #expect(try await store.accounts.add(sameID) == false)

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.all() == [ann])
        #expect(try await reopened.account(id: ann.id)?.email == ann.email)
        #expect(try await reopened.account(email: sameID.email) == nil)
    }

    @Test("all() lists accounts by email (byte order), whatever the order they were added in",
          arguments: AdapterKind.allCases)
    func allByEmail(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        // '.' < '@' < '_' in ASCII: "ann.lee@…" < "ann@…" < "ann_lee@…".
        let emails = ["zoe@example.org", "ann_lee@example.org", "bob@example.org", "ann@example.org",
                      "ann.lee@example.org", "0day@example.org"]
        var added: [Account] = []
        for email in emails {
            let next = account(email)
            #expect(try await store.accounts.add(next))
            added.append(next)
        }

        let listed = try await kind.reopen(store).accounts.all()
        #expect(listed.map(\.email.rawValue) == ["0day@example.org", "ann.lee@example.org", "ann@example.org",
                                                 "ann_lee@example.org", "bob@example.org", "zoe@example.org"])
        #expect(Set(listed) == Set(added))
    }

    @Test("remove deletes the account and only its sessions; a second remove finds nothing",
          arguments: AdapterKind.allCases)
    func removeCascades(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        let bob = account("bob@example.org")
        #expect(try await store.accounts.add(ann))
        #expect(try await store.accounts.add(bob))
        try await store.accounts.addSession(session("ann-1", of: ann))
        try await store.accounts.addSession(session("ann-2", of: ann, lifetime: 60))
        try await store.accounts.addSession(session("bob-1", of: bob))

        #expect(try await kind.reopen(store).accounts.remove(ann.id))

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.all() == [bob])
        #expect(try await reopened.account(id: ann.id) == nil)
        #expect(try await reopened.account(email: ann.email) == nil)
        #expect(try await reopened.session(digest: "ann-1") == nil)
        #expect(try await reopened.session(digest: "ann-2") == nil)
        #expect(try await reopened.session(digest: "bob-1") == session("bob-1", of: bob))
        #expect(try await reopened.remove(ann.id) == false)
        #expect(try await reopened.removeSession(digest: "ann-1") == false, "the session went with the account")
    }

    @Test("a removed account's email can be used again, by a new account", arguments: AdapterKind.allCases)
    func emailReusableAfterRemove(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let first = account("ann@example.org")
        #expect(try await store.accounts.add(first))
        #expect(try await store.accounts.remove(first.id))
        let second = account("ann@example.org", hash: "$2b$04$new")
        #expect(try await store.accounts.add(second))
        #expect(try await kind.reopen(store).accounts.account(email: second.email) == second)
        #expect(try await kind.reopen(store).accounts.all() == [second])
    }

    // MARK: - Sessions

    @Test("a session comes back exactly by its digest, expired or not, through another handle",
          arguments: AdapterKind.allCases)
    func sessionRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        #expect(try await store.accounts.add(ann))
        let live = session("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", of: ann)
        let expired = SessionRecord(tokenDigest: "old", accountID: ann.id, createdAt: t0.addingTimeInterval(-7200),
                                    expiresAt: t0.addingTimeInterval(-3600))
        try await store.accounts.addSession(live)
        try await store.accounts.addSession(expired)

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.session(digest: live.tokenDigest) == live)
        #expect(try await reopened.session(digest: "old") == expired, "the store does not judge expiry")
        #expect(try await reopened.session(digest: "OLD") == nil, "digests are case-sensitive")
        #expect(try await reopened.session(digest: "") == nil)
    }

    @Test("adding a session with a known digest replaces it", arguments: AdapterKind.allCases)
    func sessionReplacedByDigest(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        #expect(try await store.accounts.add(ann))
        try await store.accounts.addSession(session("d", of: ann, lifetime: 60))
        let longer = session("d", of: ann, lifetime: 7200)
        try await kind.reopen(store).accounts.addSession(longer)

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.session(digest: "d") == longer)
        #expect(try await reopened.removeSession(digest: "d"))
        #expect(try await reopened.session(digest: "d") == nil, "only one session was kept under the digest")
    }

    @Test("removeSession ends one session and reports whether it existed", arguments: AdapterKind.allCases)
    func removeSession(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        #expect(try await store.accounts.add(ann))
        try await store.accounts.addSession(session("a", of: ann))
        try await store.accounts.addSession(session("b", of: ann))

        #expect(try await kind.reopen(store).accounts.removeSession(digest: "a"))
        #expect(try await store.accounts.removeSession(digest: "a") == false)
        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.session(digest: "a") == nil)
        #expect(try await reopened.session(digest: "b") == session("b", of: ann))
        #expect(try await reopened.account(id: ann.id) == ann, "the account stays")
    }

    @Test("removeSessions(expiredBefore:) removes only sessions that ended strictly before the instant, and counts them",
          arguments: AdapterKind.allCases)
    func sweepExpired(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let ann = account("ann@example.org")
        let bob = account("bob@example.org")
        #expect(try await store.accounts.add(ann))
        #expect(try await store.accounts.add(bob))
        try await store.accounts.addSession(session("ann-ended", of: ann, lifetime: 60))
        try await store.accounts.addSession(session("bob-ended", of: bob, lifetime: 119.999))
        try await store.accounts.addSession(session("ann-at-cutoff", of: ann, lifetime: 120))
        try await store.accounts.addSession(session("bob-live", of: bob, lifetime: 3600))

        let cutoff = t0.addingTimeInterval(120)
        #expect(try await kind.reopen(store).accounts.removeSessions(expiredBefore: cutoff) == 2)
        #expect(try await store.accounts.removeSessions(expiredBefore: cutoff) == 0, "nothing left to sweep")

        let reopened = try kind.reopen(store).accounts
        #expect(try await reopened.session(digest: "ann-ended") == nil)
        #expect(try await reopened.session(digest: "bob-ended") == nil)
        #expect(try await reopened.session(digest: "ann-at-cutoff") == session("ann-at-cutoff", of: ann, lifetime: 120),
                "ending exactly at the instant is not before it")
        #expect(try await reopened.session(digest: "bob-live") == session("bob-live", of: bob, lifetime: 3600))
        #expect(try await reopened.all() == [ann, bob], "accounts are untouched")

        #expect(try await reopened.removeSessions(expiredBefore: t0.addingTimeInterval(10_000)) == 2)
        #expect(try await reopened.session(digest: "bob-live") == nil)
    }

    @Test("sessions of several accounts live side by side and persist", arguments: AdapterKind.allCases)
    func sessionsOfSeveralAccounts(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let people = ["ann@example.org", "bob@example.org", "cy@example.org"].map { account($0) }
        for person in people {
            #expect(try await store.accounts.add(person))
        }
        for (index, person) in people.enumerated() {
            try await kind.reopen(store).accounts.addSession(session("digest-\(index)", of: person))
        }
        let reopened = try kind.reopen(store).accounts
        for (index, person) in people.enumerated() {
            #expect(try await reopened.session(digest: "digest-\(index)")?.accountID == person.id)
        }
    }
}

extension AccountRepositoryContractTests {
    @Test("an email spelled with a precomposed or a decomposed accent is one email, in every store",
          arguments: AdapterKind.allCases)
    func canonicallyEquivalentEmails(kind: AdapterKind) async throws {
        let store = try kind.makeServerStore()
        let precomposed = try EmailAddress("zo\u{E9}@example.org")
        let decomposed = try EmailAddress("zoe\u{301}@example.org")
        let first = Account(email: precomposed, passwordHash: "h", createdAt: t0)
        #expect(try await store.accounts.add(first))
        #expect(try await store.accounts.add(Account(email: decomposed, passwordHash: "h2", createdAt: t0)) == false)
        #expect(try await kind.reopen(store).accounts.account(email: decomposed)?.id == first.id)
        #expect(try await kind.reopen(store).accounts.all().count == 1)
    }
}
