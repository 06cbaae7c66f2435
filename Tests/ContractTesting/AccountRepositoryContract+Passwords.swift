import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Passwords and logging out everywhere

extension AccountRepositoryContract {
    static let removeSessionsOfAccount = Case(
        "removeSessions(of:) ends every session of one account, counts them, and leaves the others and the account"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org"), bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        try await store.subject.addSession(session("ann-1", of: ann))
        try await store.subject.addSession(session("ann-2", of: ann, lifetime: -60))
        try await store.subject.addSession(session("bob-1", of: bob))

        #expect(try await store.reopen().removeSessions(of: ann.id) == 2, "expired or not, every one")
        #expect(try await store.subject.removeSessions(of: ann.id) == 0, "nothing left")
        #expect(try await store.subject.removeSessions(of: Account.ID()) == 0, "an unknown account has none")

        let reopened = try await store.reopen()
        #expect(try await reopened.session(digest: "ann-1") == nil)
        #expect(try await reopened.sessionWithAccount(digest: "ann-2") == nil)
        #expect(try await reopened.session(digest: "bob-1") == session("bob-1", of: bob))
        #expect(try await reopened.all() == [ann, bob], "the accounts stay")
    }

    static let setPasswordHashKeepingOne = Case(
        "setPasswordHash replaces the hash and ends the account's other sessions, keeping the one named"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org"), bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        for digest in ["ann-caller", "ann-phone", "ann-laptop"] { try await store.subject.addSession(session(digest, of: ann)) }
        try await store.subject.addSession(session("bob-1", of: bob))

        #expect(try await store.reopen().setPasswordHash("$2b$04$new", of: ann.id, keepingSession: "ann-caller"))

        let reopened = try await store.reopen()
        let changed = try #require(try await reopened.account(id: ann.id))
        #expect(changed.passwordHash == "$2b$04$new")
        #expect(changed.email == ann.email && changed.createdAt == ann.createdAt, "only the hash changes")
        #expect(try await reopened.account(email: ann.email)?.passwordHash == "$2b$04$new")
        #expect(try await reopened.sessionWithAccount(digest: "ann-caller")?.account.passwordHash == "$2b$04$new")
        #expect(try await reopened.session(digest: "ann-phone") == nil)
        #expect(try await reopened.session(digest: "ann-laptop") == nil)
        #expect(try await reopened.session(digest: "bob-1") == session("bob-1", of: bob), "another account's stay")
        #expect(try await reopened.account(id: bob.id) == bob)
    }

    static let setPasswordHashEndingAll = Case(
        "setPasswordHash without a session to keep ends them all; for an unknown account it changes nothing"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org")
        #expect(try await store.subject.add(ann))
        try await store.subject.addSession(session("ann-1", of: ann))
        try await store.subject.addSession(session("ann-2", of: ann))

        #expect(try await store.subject.setPasswordHash("$2b$04$x", of: Account.ID(), keepingSession: nil) == false)
        #expect(try await store.reopen().session(digest: "ann-1") != nil)
        #expect(try await store.reopen().account(id: ann.id) == ann)

        #expect(try await store.subject.setPasswordHash("$2b$04$reset", of: ann.id, keepingSession: nil))
        let reopened = try await store.reopen()
        #expect(try await reopened.account(id: ann.id)?.passwordHash == "$2b$04$reset")
        #expect(try await reopened.session(digest: "ann-1") == nil)
        #expect(try await reopened.session(digest: "ann-2") == nil)
        // A session to keep that is not the account's keeps nothing of another account.
        try await reopened.addSession(session("ann-3", of: ann))
        #expect(try await reopened.setPasswordHash("$2b$04$again", of: ann.id, keepingSession: "someone-else"))
        #expect(try await store.reopen().session(digest: "ann-3") == nil)
    }

    // MARK: - Time zones

    static let timeZoneKept = Case(
        "an account's time zone is kept as added, and an account without one has none, by every lookup"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org", timeZone: "Europe/Amsterdam"), bob = account("bob@example.org")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        try await store.subject.addSession(session("ann-1", of: ann))

        let reopened = try await store.reopen()
        #expect(try await reopened.account(id: ann.id)?.timeZone == "Europe/Amsterdam")
        #expect(try await reopened.account(email: ann.email)?.timeZone == "Europe/Amsterdam")
        #expect(try await reopened.sessionWithAccount(digest: "ann-1")?.account.timeZone == "Europe/Amsterdam")
        #expect(try await reopened.all() == [ann, bob])
        #expect(try await reopened.account(id: bob.id)?.timeZone == nil)
    }

    static let setTimeZone = Case(
        "setTimeZone changes one account's zone (and back to none), leaving its hash, sessions and the others; an unknown account changes nothing"
    ) { factory in
        let store = try await factory.make()
        let ann = account("ann@example.org"), bob = account("bob@example.org", timeZone: "UTC")
        #expect(try await store.subject.add(ann))
        #expect(try await store.subject.add(bob))
        try await store.subject.addSession(session("ann-1", of: ann))

        #expect(try await store.reopen().setTimeZone("Pacific/Auckland", of: ann.id))
        var reopened = try await store.reopen()
        #expect(try await reopened.account(id: ann.id) == ann.with(timeZone: "Pacific/Auckland"))
        #expect(try await reopened.sessionWithAccount(digest: "ann-1")?.account.timeZone == "Pacific/Auckland",
                "the session's read of its account sees the new zone")
        #expect(try await reopened.account(id: bob.id) == bob, "another account keeps its own")

        #expect(try await reopened.setTimeZone(nil, of: ann.id))
        #expect(try await reopened.setTimeZone("Europe/Amsterdam", of: Account.ID()) == false)
        reopened = try await store.reopen()
        #expect(try await reopened.account(id: ann.id) == ann)
        #expect(try await reopened.all().count == 2)
    }
}
