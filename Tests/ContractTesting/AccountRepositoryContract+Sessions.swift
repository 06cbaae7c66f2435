import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Sessions

extension AccountRepositoryContract {
    static let sessionRoundTrip = Case(
        "a session comes back exactly by its digest, expired or not, through another handle"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        let live = session("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", of: ann)
        let expired = SessionRecord(tokenDigest: "old", accountID: ann.id, createdAt: t0.addingTimeInterval(-7200),
                                    expiresAt: t0.addingTimeInterval(-3600))
        try await store.subject.addSession(live)
        try await store.subject.addSession(expired)

        let reopened = try await store.reopen()
        #expect(try await reopened.session(digest: live.tokenDigest) == live)
        #expect(try await reopened.session(digest: "old") == expired, "the store does not judge expiry")
        #expect(try await reopened.session(digest: "OLD") == nil, "digests are case-sensitive")
        #expect(try await reopened.session(digest: "") == nil)
    }

    static let sessionWithAccount = Case(
        "sessionWithAccount gives a session with its account, expired or not, and nothing once either is gone"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org"), bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        let live = session("live", of: ann)
        let expired = SessionRecord(tokenDigest: "old", accountID: bob.id, createdAt: t0.addingTimeInterval(-7200),
                                    expiresAt: t0.addingTimeInterval(-3600))
        try await store.subject.addSession(live)
        try await store.subject.addSession(expired)

        let reopened = try await store.reopen()
        let found = try await reopened.sessionWithAccount(digest: "live")
        #expect(found?.session == live)
        #expect(found?.account == ann)
        let old = try await reopened.sessionWithAccount(digest: "old")
        #expect(old?.session == expired, "the store does not judge expiry")
        #expect(old?.account == bob, "each session comes with its own account")
        #expect(try await reopened.sessionWithAccount(digest: "LIVE") == nil, "digests are case-sensitive")
        #expect(try await reopened.sessionWithAccount(digest: "") == nil)

        #expect(try await reopened.remove(ann.id))
        #expect(try await store.reopen().sessionWithAccount(digest: "live") == nil, "a removed account's session is gone")
        #expect(try await store.reopen().sessionWithAccount(digest: "old")?.account == bob)
    }

    static let sessionReplacedByDigest = Case("adding a session with a known digest replaces it") { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        try await store.subject.addSession(session("d", of: ann, lifetime: 60))
        let longer = session("d", of: ann, lifetime: 7200)
        try await store.reopen().addSession(longer)

        let reopened = try await store.reopen()
        #expect(try await reopened.session(digest: "d") == longer)
        #expect(try await reopened.removeSession(digest: "d"))
        #expect(try await reopened.session(digest: "d") == nil, "only one session was kept under the digest")
    }

    static let removeSession = Case("removeSession ends one session and reports whether it existed") { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        try await store.subject.addSession(session("a", of: ann))
        try await store.subject.addSession(session("b", of: ann))

        #expect(try await store.reopen().removeSession(digest: "a"))
        #expect(try await store.subject.removeSession(digest: "a") == false)
        let reopened = try await store.reopen()
        #expect(try await reopened.session(digest: "a") == nil)
        #expect(try await reopened.session(digest: "b") == session("b", of: ann))
        #expect(try await reopened.account(id: ann.id) == ann, "the account stays")
    }

    static let sweepExpired = Case(
        "removeSessions(expiredBefore:) removes only sessions that ended strictly before the instant, and counts them"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        let bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        try await store.subject.addSession(session("ann-ended", of: ann, lifetime: 60))
        try await store.subject.addSession(session("bob-ended", of: bob, lifetime: 119.999))
        try await store.subject.addSession(session("ann-at-cutoff", of: ann, lifetime: 120))
        try await store.subject.addSession(session("bob-live", of: bob, lifetime: 3600))

        let cutoff = t0.addingTimeInterval(120)
        #expect(try await store.reopen().removeSessions(expiredBefore: cutoff) == 2)
        #expect(try await store.subject.removeSessions(expiredBefore: cutoff) == 0, "nothing left to sweep")

        let reopened = try await store.reopen()
        #expect(try await reopened.session(digest: "ann-ended") == nil)
        #expect(try await reopened.session(digest: "bob-ended") == nil)
        #expect(try await reopened.session(digest: "ann-at-cutoff") == session("ann-at-cutoff", of: ann, lifetime: 120),
                "ending exactly at the instant is not before it")
        #expect(try await reopened.session(digest: "bob-live") == session("bob-live", of: bob, lifetime: 3600))
        #expect(try await reopened.all() == [ann, bob], "accounts are untouched")

        #expect(try await reopened.removeSessions(expiredBefore: t0.addingTimeInterval(10_000)) == 2)
        #expect(try await reopened.session(digest: "bob-live") == nil)
    }

    static let sessionsOfSeveralAccounts = Case(
        "sessions of several accounts live side by side and persist"
    ) { factory in
        let store = try await factory.make()
        let people = ["ann@example.org", "bob@example.org", "cy@example.org"].map { account($0) }
        for person in people {
            #expect(try await store.subject.add(person))
        }
        for (index, person) in people.enumerated() {
            try await store.reopen().addSession(session("digest-\(index)", of: person))
        }
        let reopened = try await store.reopen()
        for (index, person) in people.enumerated() {
            #expect(try await reopened.session(digest: "digest-\(index)")?.accountID == person.id)
        }
    }
}
