import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

// MARK: - Support

/// A fast, transparent password hasher: the hash of `p` is `h:p`. It records every password
/// it was asked to verify and the hash it was checked against.
private actor PlainHasher: PasswordHasher {
    private(set) var verified: [(password: String, hash: String)] = []
    /// How many times a check was imitated (a login for an unknown email).
    private(set) var imitated = 0

    func hash(_ password: String) -> String { "h:" + password }

    func verify(_ password: String, against hash: String) -> Bool {
        verified.append((password, hash))
        return hash == "h:" + password
    }

    func imitateVerify() { imitated += 1 }
}

/// ``PlainHasher``'s hashes, but the account's password becomes `password-2` (every session
/// ending) while a password is being checked: a change racing a login.
private struct ChangingHasher: PasswordHasher {
    let accounts: InMemoryAccountRepository
    let account: Account.ID

    func hash(_ password: String) -> String { "h:" + password }

    func verify(_ password: String, against hash: String) async -> Bool {
        _ = await accounts.setPasswordHash("h:password-2", of: account, keepingSession: nil)
        return hash == "h:" + password
    }

    func imitateVerify() {}
}

/// Tokens `token-1`, `token-2`, …; the digest of `t` is `d:t`.
private final class CountingTokens: AccessTokenIssuer, @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0

    func newToken() -> String {
        lock.withLock {
            issued += 1
            return "token-\(issued)"
        }
    }

    var count: Int { lock.withLock { issued } }

    func digest(_ token: String) -> String { "d:" + token }
}

/// In-memory accounts, the fakes above and a fixed clock.
private struct AccountsWorld {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T09:00:00.250Z"))
    let time: TimeContext
    let accounts = InMemoryAccountRepository()
    let hasher = PlainHasher()
    let tokens = CountingTokens()
    let sessionLifetime: TimeInterval
    /// One for the world, as a server has one: it remembers failed logins.
    let startSession: StartSession

    init(sessionLifetime: TimeInterval = 3600) {
        time = TimeContext(clock: clock, calendar: Fixtures.calendar())
        self.sessionLifetime = sessionLifetime
        startSession = StartSession(accounts: accounts, hasher: hasher, tokens: tokens, time: time,
                                    lifetime: sessionLifetime, failedLogins: InMemoryLoginAttemptRepository())
    }

    var addAccount: AddAccount { AddAccount(accounts: accounts, hasher: hasher, time: time) }
    var listAccounts: ListAccounts { ListAccounts(accounts: accounts) }
    var findAccount: FindAccount { FindAccount(accounts: accounts) }
    var removeAccount: RemoveAccount { RemoveAccount(accounts: accounts) }
    var authenticateSession: AuthenticateSession { AuthenticateSession(accounts: accounts, tokens: tokens, time: time) }
    var endSession: EndSession { EndSession(accounts: accounts, tokens: tokens) }
    var deleteAccount: DeleteAccount { DeleteAccount(accounts: accounts, hasher: hasher, attempts: startSession.attempts) }

    var now: Date { clock.now() }
    func advance(_ seconds: TimeInterval) { clock.set(clock.now().addingTimeInterval(seconds)) }
}

// MARK: - Accounts and sessions on the server

@Suite("ManageAccounts")
struct ManageAccountsTests {
    private let world = AccountsWorld()

    @Test("an added account has the normalised email, the password's hash and the current instant")
    func add() async throws {
        let account = try await world.addAccount.execute(email: "  Ann@Example.ORG ", password: "correct horse")
        #expect(account.email.rawValue == "ann@example.org")
        #expect(account.passwordHash == "h:correct horse")
        #expect(account.createdAt == world.now)
        #expect(try await world.listAccounts.execute() == [account])
        #expect(await world.accounts.account(id: account.id) == account)
    }

    @Test("an email taken in any case or spacing is refused, and the first account kept")
    func duplicateEmail() async throws {
        let first = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        await #expect(throws: AccountError.emailTaken(try EmailAddress("ann@example.org"))) {
            try await world.addAccount.execute(email: " ANN@example.ORG", password: "password-2")
        }
        #expect(try await world.listAccounts.execute() == [first])
        #expect(try await world.findAccount.execute("ann@example.org").passwordHash == "h:password-1")
    }

    @Test("a bad email or password is refused before anything is stored")
    func invalidInput() async throws {
        await #expect(throws: AccountError.invalidEmail("ann")) {
            try await world.addAccount.execute(email: "ann", password: "long enough")
        }
        await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
            try await world.addAccount.execute(email: "ann@example.org", password: "short")
        }
        await #expect(throws: AccountError.passwordTooLong(maximumBytes: 72)) {
            try await world.addAccount.execute(email: "ann@example.org", password: String(repeating: "é", count: 37))
        }
        await #expect(throws: AccountError.passwordControlCharacter) {
            try await world.addAccount.execute(email: "ann@example.org", password: "abcdefgh\u{0}ijkl")
        }
        #expect(try await world.listAccounts.execute().isEmpty)
    }

    @Test("accounts are listed by email and found by email or id; others are not found")
    func listAndFind() async throws {
        let zoe = try await world.addAccount.execute(email: "zoe@example.org", password: "password-z")
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        #expect(try await world.listAccounts.execute() == [ann, zoe])
        #expect(try await world.findAccount.execute("ZOE@example.org ") == zoe)
        #expect(try await world.findAccount.execute(ann.id.description) == ann)
        #expect(try await world.findAccount.execute(" \(ann.id.rawValue.uuidString.uppercased()) ") == ann)
        await #expect(throws: AccountError.noSuchAccount("bob@example.org")) {
            try await world.findAccount.execute("bob@example.org")
        }
        let unknownID = UUID().uuidString
        await #expect(throws: AccountError.noSuchAccount(unknownID)) { try await world.findAccount.execute(unknownID) }
        await #expect(throws: AccountError.noSuchAccount("not an email")) { try await world.findAccount.execute("not an email") }
    }

    @Test("logging in gives a new token whose digest is stored as a session ending one lifetime later")
    func logIn() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let (grant, account) = try await world.startSession.execute(email: " Ann@Example.org", password: "password-a")
        #expect(account == ann)
        #expect(grant.accessToken == "token-1")
        #expect(grant.expiresAt == world.now.addingTimeInterval(3600))
        let session = try #require(await world.accounts.session(digest: "d:token-1"))
        #expect(session == SessionRecord(tokenDigest: "d:token-1", accountID: ann.id, createdAt: world.now,
                                         expiresAt: grant.expiresAt))
        #expect(await world.accounts.session(digest: "token-1") == nil, "the token itself is never stored")

        let (authenticated, found) = try await world.authenticateSession.execute("token-1")
        #expect(authenticated == ann)
        #expect(found == session)
    }

    @Test("an account is added in the zone given, or none; a zone this system does not know is refused, nothing stored")
    func addInZone() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a",
                                                     timeZone: "Europe/Amsterdam")
        #expect(ann.timeZone == "Europe/Amsterdam")
        #expect(try await world.addAccount.execute(email: "bob@example.org", password: "password-b").timeZone == nil)
        for bad in ["Mars/Olympus_Mons", "", "europe/amsterdam ", "Europe/Amsterdam\u{0}", String(repeating: "A", count: 300)] {
            await #expect(throws: AccountError.unknownTimeZone(String(bad.prefix(AccountTimeZone.maximumBytes)))) {
                try await world.addAccount.execute(email: "zoe@example.org", password: "password-z", timeZone: bad)
            }
        }
        #expect(try await world.listAccounts.execute().map(\.email.rawValue) == ["ann@example.org", "bob@example.org"])
    }

    @Test("a login from another zone makes it the account's (a person who travels); the same zone or none changes nothing")
    func logInSetsZone() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let first = try await world.startSession.execute(email: "ann@example.org", password: "password-a",
                                                         timeZone: "Europe/Amsterdam").account
        #expect(first == ann.with(timeZone: "Europe/Amsterdam"))
        #expect(await world.accounts.account(id: ann.id)?.timeZone == "Europe/Amsterdam")
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a")
        #expect(await world.accounts.account(id: ann.id)?.timeZone == "Europe/Amsterdam", "no zone said: kept")
        let travelled = try await world.startSession.execute(email: "ann@example.org", password: "password-a",
                                                             timeZone: "Pacific/Auckland").account
        #expect(travelled.timeZone == "Pacific/Auckland")
        #expect(try await world.authenticateSession.execute("token-3").account.timeZone == "Pacific/Auckland")
    }

    @Test("a login with an unknown zone is refused before the password is checked: no session, no failed login counted")
    func logInUnknownZone() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        await #expect(throws: AccountError.unknownTimeZone("Nowhere/Land")) {
            try await world.startSession.execute(email: "ann@example.org", password: "wrong password", timeZone: "Nowhere/Land")
        }
        #expect(world.tokens.count == 0)
        #expect(try await world.findAccount.execute("ann@example.org").timeZone == nil)
    }

    @Test("each login is its own session")
    func twoLogins() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let one = try await world.startSession.execute(email: "ann@example.org", password: "password-a").grant
        let two = try await world.startSession.execute(email: "ann@example.org", password: "password-a").grant
        #expect(one.accessToken != two.accessToken)
        #expect(try await world.endSession.execute(one.accessToken))
        #expect(try await world.authenticateSession.execute(two.accessToken).account.email.rawValue == "ann@example.org")
    }

    @Test("a wrong password and an unknown email give the same error, an unknown email imitating the check, and no session")
    func invalidCredentials() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")

        let wrong = await #expect(throws: AccountError.self) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-b")
        }
        let unknown = await #expect(throws: AccountError.self) {
            try await world.startSession.execute(email: "bob@example.org", password: "password-a")
        }
        let malformed = await #expect(throws: AccountError.self) {
            try await world.startSession.execute(email: "not an email", password: "password-a")
        }
        #expect(wrong == .invalidCredentials)
        #expect(unknown == .invalidCredentials)
        #expect(malformed == .invalidCredentials)
        #expect(english(wrong) == english(unknown))

        let checks = await world.hasher.verified
        #expect(checks.map(\.hash) == ["h:password-a"], "only the known account's hash was checked")
        #expect(await world.hasher.imitated == 2, "an unknown or malformed email waits as long as a check instead")
        #expect(world.tokens.count == 0, "no token was issued")
    }

    @Test("a password with NUL is refused at login before any account is looked at, known email or not")
    func controlCharacterAtLogin() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "abcdefgh")
        for email in ["ann@example.org", "bob@example.org"] {
            await #expect(throws: AccountError.passwordControlCharacter) {
                try await world.startSession.execute(email: email, password: "abcdefgh\u{0}ijkl")
            }
        }
        #expect(await world.hasher.verified.isEmpty, "no hash was checked")
        #expect(world.tokens.count == 0)
    }

    @Test("failed logins from one client back off: after 5 the next waits 1 s, then 2 s, checking no password meanwhile")
    func failuresBackOff() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        for _ in 1...5 {
            await #expect(throws: AccountError.invalidCredentials) {
                try await world.startSession.execute(email: "ann@example.org", password: "guess", client: "10.0.0.9")
            }
        }
        // Even the right password waits: the guesser cannot tell it from a wrong one.
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.9")
        }
        #expect(await world.hasher.verified.count == 5, "a refused try checks no password")
        world.advance(1)
        await #expect(throws: AccountError.invalidCredentials) {
            try await world.startSession.execute(email: " ANN@example.org", password: "guess", client: "10.0.0.9")
        }
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 2), "another spelling of the email counts as the same") {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.9")
        }
        world.advance(2)
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.9")
        // A success forgets the pair's failures.
        await #expect(throws: AccountError.invalidCredentials) {
            try await world.startSession.execute(email: "ann@example.org", password: "guess", client: "10.0.0.9")
        }
    }

    @Test("guesses at an email from many addresses slow strangers down but never lock out a client that logged in before")
    func knownClientIsNotLockedOut() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "192.0.2.1")
        for guesser in 1...20 {
            await #expect(throws: AccountError.invalidCredentials) {
                try await world.startSession.execute(email: "ann@example.org", password: "guess", client: "10.0.1.\(guesser)")
            }
        }
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1), "a new address waits") {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.2.1")
        }
        let owner = try await world.startSession.execute(email: "ann@example.org", password: "password-a",
                                                         client: "192.0.2.1")
        #expect(owner.account.email.rawValue == "ann@example.org", "the owner's own client still logs in at once")
    }

    @Test("one address trying many emails slows down on all of them; other addresses are not affected")
    func addressBackOff() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        for number in 1...30 {
            await #expect(throws: AccountError.invalidCredentials) {
                try await world.startSession.execute(email: "junk\(number)@example.org", password: "guess", client: "10.0.0.9")
            }
        }
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.9")
        }
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.10")
        #expect(await world.hasher.imitated == 30, "made-up emails only imitate the check")
    }

    @Test("a token works until its session expires, then not")
    func expiry() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let grant = try await world.startSession.execute(email: "ann@example.org", password: "password-a").grant
        #expect(grant.expiresAt == world.now.addingTimeInterval(3600))
        world.clock.set(grant.expiresAt.addingTimeInterval(-0.001))
        #expect(try await world.authenticateSession.execute(grant.accessToken).session.expiresAt == grant.expiresAt)
        world.clock.set(grant.expiresAt)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(grant.accessToken) }
        world.advance(86_400)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(grant.accessToken) }
    }

    @Test("the session lifetime defaults to 30 days")
    func defaultLifetime() async throws {
        #expect(StartSession.defaultLifetime == 30 * 24 * 3600)
        let start = StartSession(accounts: world.accounts, hasher: world.hasher, tokens: world.tokens, time: world.time,
                                 failedLogins: InMemoryLoginAttemptRepository())
        #expect(start.lifetime == 30 * 24 * 3600)
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let grant = try await start.execute(email: "ann@example.org", password: "password-a").grant
        #expect(grant.expiresAt == world.now.addingTimeInterval(30 * 24 * 3600))
    }

    @Test("a login sweeps sessions that have expired")
    func loginSweepsExpired() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a")
        #expect(await world.accounts.session(digest: "d:token-1") != nil)
        world.advance(3601)
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a")
        #expect(await world.accounts.session(digest: "d:token-1") == nil)
        #expect(await world.accounts.session(digest: "d:token-2") != nil)
    }

    @Test("unknown, empty and made-up tokens are not authenticated")
    func unknownTokens() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-a")
        for token in ["", "token-2", "d:token-1", "TOKEN-1"] {
            await #expect(throws: AccountError.notAuthenticated, "token '\(token)'") {
                try await world.authenticateSession.execute(token)
            }
        }
    }

    @Test("logging out revokes the token; a second logout finds nothing")
    func logOut() async throws {
        _ = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let grant = try await world.startSession.execute(email: "ann@example.org", password: "password-a").grant
        #expect(try await world.endSession.execute(grant.accessToken))
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(grant.accessToken) }
        #expect(await world.accounts.session(digest: "d:token-1") == nil)
        #expect(try await world.endSession.execute(grant.accessToken) == false)
        #expect(try await world.endSession.execute("never-issued") == false)
    }

    @Test("removing an account revokes its sessions and leaves the others")
    func removeRevokes() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let bob = try await world.addAccount.execute(email: "bob@example.org", password: "password-b")
        let annToken = try await world.startSession.execute(email: "ann@example.org", password: "password-a").grant.accessToken
        let bobToken = try await world.startSession.execute(email: "bob@example.org", password: "password-b").grant.accessToken

        #expect(try await world.removeAccount.execute("Ann@example.org") == ann)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(annToken) }
        #expect(await world.accounts.session(digest: "d:" + annToken) == nil)
        #expect(try await world.authenticateSession.execute(bobToken).account == bob)
        #expect(try await world.listAccounts.execute() == [bob])
        await #expect(throws: AccountError.noSuchAccount(ann.id.description)) {
            try await world.removeAccount.execute(ann.id.description)
        }
        await #expect(throws: AccountError.invalidCredentials) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a")
        }
    }

    @Test("deleting an account needs its password; wrong ones back off with the logins' throttle, counted for both")
    func deleteBacksOff() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        let bob = try await world.addAccount.execute(email: "bob@example.org", password: "password-b")
        for _ in 1...4 {
            await #expect(throws: AccountError.invalidCredentials) {
                try await world.deleteAccount.execute(ann.id, password: "guess", client: "10.0.0.9")
            }
        }
        await #expect(throws: AccountError.invalidCredentials) {
            try await world.startSession.execute(email: "ann@example.org", password: "guess", client: "10.0.0.9")
        }
        // Five failures of the pair, by delete or login: both wait, and check no password meanwhile.
        let checked = await world.hasher.verified.count
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
            try await world.deleteAccount.execute(ann.id, password: "password-a", client: "10.0.0.9")
        }
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-a", client: "10.0.0.9")
        }
        #expect(await world.hasher.verified.count == checked)
        #expect(try await world.listAccounts.execute() == [ann, bob], "nothing deleted")
        // Another account is not held up; after the wait the right password deletes.
        #expect(try await world.deleteAccount.execute(bob.id, password: "password-b", client: "10.0.0.9") == bob)
        world.advance(1)
        #expect(try await world.deleteAccount.execute(ann.id, password: "password-a", client: "10.0.0.9") == ann)
        #expect(try await world.listAccounts.execute().isEmpty)
        await #expect(throws: AccountError.noSuchAccount(ann.id.description)) {
            try await world.deleteAccount.execute(ann.id, password: "password-a", client: "10.0.0.9")
        }
    }

    @Test("a session whose account is gone is not authenticated")
    func orphanSession() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-a")
        // A session left behind (e.g. a store without cascades): the account lookup must fail it.
        await world.accounts.addSession(SessionRecord(tokenDigest: "d:orphan", accountID: Account.ID(),
                                                      createdAt: world.now, expiresAt: world.now.addingTimeInterval(60)))
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute("orphan") }
        #expect(try await world.listAccounts.execute() == [ann])
    }
}

// MARK: - SubmitCheckin

private func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, contact: String? = nil) -> Checkin {
    do {
        return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social, keyContact: contact)
    } catch {
        preconditionFailure("bad check-in in a test: \(error)")
    }
}

@Suite("SubmitCheckin")
struct SubmitCheckinTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T09:00:00.500Z"))
    let checkins = InMemoryCheckinRepository()
    let idempotency: InMemoryIdempotencyRepository
    let account = Account.ID()
    let key = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

    init() {
        idempotency = InMemoryIdempotencyRepository(checkins: checkins)
    }

    var submit: SubmitCheckin {
        SubmitCheckin(idempotency: idempotency, account: account, time: TimeContext(clock: clock, calendar: Fixtures.calendar()))
    }

    func all() async -> [Checkin] { await checkins.checkins(on: Fixtures.day("2000-01-01")...Fixtures.day("2100-01-01")) }

    @Test("a new check-in is saved and its answer remembered under the key")
    func created() async throws {
        let sent = checkin("2026-11-20", 4, 2, 5, contact: "Sam")
        let (record, replayed) = try await submit.execute(sent, key: key)
        #expect(replayed == false)
        #expect(record == IdempotencyRecord(accountID: account, key: key, checkin: sent, outcome: .created,
                                            createdAt: clock.now()))
        #expect(await all() == [sent])
        #expect(await idempotency.record(account: account, key: key) == record)
    }

    @Test("a check-in for a day that has one is a duplicate, and the stored one is kept")
    func duplicateDay() async throws {
        let first = checkin("2026-11-20", 1, 5, 1)
        _ = await checkins.save(first, replacing: false)
        let sent = checkin("2026-11-20", 4, 2, 5)
        let (record, replayed) = try await submit.execute(sent, key: key)
        #expect(replayed == false)
        #expect(record.outcome == .duplicate)
        #expect(record.checkin == sent)
        #expect(await all() == [first], "not replaced")
        #expect(await idempotency.record(account: account, key: key)?.outcome == .duplicate)
    }

    @Test("replacing stores the check-in over the day's and answers created")
    func replacing() async throws {
        _ = await checkins.save(checkin("2026-11-20", 1, 5, 1), replacing: false)
        let sent = checkin("2026-11-20", 4, 2, 5)
        let (record, _) = try await submit.execute(sent, key: key, replacing: true)
        #expect(record.outcome == .created)
        #expect(await all() == [sent])
    }

    @Test("a replay of the key with the same check-in returns the first answer and saves nothing",
          arguments: [IdempotencyRecord.Outcome.created, .duplicate])
    func replay(outcome: IdempotencyRecord.Outcome) async throws {
        if outcome == .duplicate { _ = await checkins.save(checkin("2026-11-20", 1, 5, 1), replacing: false) }
        let sent = checkin("2026-11-20", 4, 2, 5)
        let first = try await submit.execute(sent, key: key)
        #expect(first.record.outcome == outcome)
        let stored = await all()

        clock.set(clock.now().addingTimeInterval(3600))
        let again = try await submit.execute(sent, key: key, replacing: true)
        #expect(again.replayed)
        #expect(again.record == first.record, "same answer, same instant")
        #expect(again.record.createdAt == Fixtures.instant("2026-11-20T09:00:00.500Z"))
        #expect(await all() == stored, "a replay saves nothing, even asked to replace")
        #expect(await idempotency.record(account: account, key: key) == first.record)
    }

    @Test("the key reused for a different check-in is refused and changes nothing")
    func keyReused() async throws {
        let sent = checkin("2026-11-20", 4, 2, 5)
        let first = try await submit.execute(sent, key: key)
        for other in [checkin("2026-11-19", 4, 2, 5), checkin("2026-11-20", 4, 2, 4),
                      checkin("2026-11-20", 4, 2, 5, contact: "Sam")] {
            await #expect(throws: SubmissionError.keyReused(key)) { try await submit.execute(other, key: key) }
        }
        #expect(await all() == [sent])
        #expect(await idempotency.record(account: account, key: key) == first.record)
    }

    @Test("an invalid key is refused before anything is looked at",
          arguments: ["", " ", "has space", String(repeating: "k", count: 256), "clé"])
    func invalidKey(bad: String) async throws {
        await #expect(throws: SubmissionError.invalidKey) {
            try await submit.execute(checkin("2026-11-20", 4, 2, 5), key: bad)
        }
        #expect(await all().isEmpty)
        #expect(await idempotency.record(account: account, key: bad) == nil)
    }

    @Test("keys belong to one account: another account's same key is a new submission")
    func keysPerAccount() async throws {
        let sent = checkin("2026-11-20", 4, 2, 5)
        _ = try await submit.execute(sent, key: key)
        let otherCheckins = InMemoryCheckinRepository()
        let other = SubmitCheckin(idempotency: InMemoryIdempotencyRepository(checkins: otherCheckins), account: Account.ID(),
                                  time: TimeContext(clock: clock, calendar: Fixtures.calendar()))
        let (record, replayed) = try await other.execute(checkin("2026-11-19", 1, 1, 1), key: key)
        #expect(replayed == false)
        #expect(record.outcome == .created)
        #expect(await otherCheckins.checkins(on: Fixtures.day("2026-11-01")...Fixtures.day("2026-11-30")).count == 1)
    }

    @Test("records older than 24 hours are forgotten on the next submission; the key then counts as new")
    func expiry() async throws {
        let sent = checkin("2026-11-20", 4, 2, 5)
        _ = try await submit.execute(sent, key: key)
        clock.set(clock.now().addingTimeInterval(IdempotencyRecord.lifetime + 1))
        _ = try await submit.execute(checkin("2026-11-21", 3, 3, 3), key: "another-key")
        #expect(await idempotency.record(account: account, key: key) == nil)
        #expect(await idempotency.record(account: account, key: "another-key") != nil)

        let (record, replayed) = try await submit.execute(sent, key: key)
        #expect(replayed == false)
        #expect(record.outcome == .duplicate, "the day has it already")
        #expect(record.createdAt == clock.now())
    }
}

// MARK: - ClientSession

/// How the fake session server answers.
enum FakeSessionServerMode: String, Sendable, CaseIterable {
    case up, offline
    /// Throws a `URLError`.
    case unreachableURL
    /// 401.
    case rejecting
    /// 500.
    case failing
}

/// A fake server behind `SessionAPI`: one account, answers by mode, and a log of calls with
/// the server and token each connection was made with.
private actor FakeSessionServer {
    typealias Mode = FakeSessionServerMode

    struct Call: Sendable, Equatable {
        let name: String
        let server: URL
        let token: String?
    }

    var mode: Mode = .up
    private(set) var calls: [Call] = []
    let expiresAt = Fixtures.instant("2026-12-20T09:00:00Z")

    func set(_ mode: Mode) { self.mode = mode }

    private func fail() throws {
        switch mode {
        case .up: return
        case .offline: throw ApiFailure.offline
        case .unreachableURL: throw URLError(.cannotConnectToHost)
        case .rejecting: throw ApiFailure.unauthorized
        case .failing: throw ApiFailure.other(status: 500)
        }
    }

    func logIn(server: URL, token: String?, email: String, password: String) throws -> AccessGrant {
        calls.append(Call(name: "login", server: server, token: token))
        try fail()
        guard email.lowercased().contains("ann@example.org"), password == "password-a" else {
            throw ApiFailure.unauthorized
        }
        return AccessGrant(accessToken: "server-token", expiresAt: expiresAt)
    }

    func session(server: URL, token: String?) throws -> SessionInfo {
        calls.append(Call(name: "session", server: server, token: token))
        try fail()
        return SessionInfo(accountID: "acc-1", email: "ann@example.org", tier: .pro, expiresAt: expiresAt)
    }

    func logOut(server: URL, token: String?) throws {
        calls.append(Call(name: "logout", server: server, token: token))
        try fail()
    }
}

private struct FakeSessionAPI: SessionAPI {
    let server: URL
    let token: String?
    let backend: FakeSessionServer

    func logIn(email: String, password: String, timeZone: String?) async throws -> AccessGrant {
        try await backend.logIn(server: server, token: token, email: email, password: password)
    }

    func session() async throws -> SessionInfo { try await backend.session(server: server, token: token) }
    func logOut() async throws { try await backend.logOut(server: server, token: token) }
    func exportAccount() async throws -> [UInt8] { [] }
    func deleteAccount(password: String) async throws {}
    func logOutEverywhere() async throws { try await backend.logOut(server: server, token: token) }
    func changePassword(current: String, new: String) async throws {}
}

@Suite("Client session: LogIn, LogOut, CheckSession, ForgetRefusedSession")
struct ClientSessionTests {
    let server = URL(string: "http://127.0.0.1:8080")!
    private let backend = FakeSessionServer()
    let credentials = InMemoryCredentialStore()

    var session: ClientSessionUseCases {
        let backend = self.backend
        return ClientSessionUseCases(credentials: credentials) { url, token in
            FakeSessionAPI(server: url, token: token, backend: backend)
        }
    }

    var stored: StoredCredentials {
        StoredCredentials(server: server, email: "ann@example.org", accessToken: "server-token",
                          expiresAt: Fixtures.instant("2026-12-20T09:00:00Z"))
    }

    @Test("logging in keeps the server's token with the normalised email")
    func logIn() async throws {
        let kept = try await session.logIn(server: server, email: "  Ann@Example.org ", password: "password-a")
        #expect(kept == stored)
        #expect(await credentials.load() == stored)
        #expect(await backend.calls == [.init(name: "login", server: server, token: nil)], "login is sent without a token")
    }

    @Test("a refused login (401) is wrong credentials and keeps nothing; an unreachable server keeps nothing either")
    func refusedLogin() async throws {
        await #expect(throws: AccountError.invalidCredentials) {
            try await session.logIn(server: server, email: "ann@example.org", password: "wrong")
        }
        #expect(await credentials.load() == nil)
        await backend.set(.offline)
        await #expect(throws: ApiFailure.offline) {
            try await session.logIn(server: server, email: "ann@example.org", password: "password-a")
        }
        #expect(await credentials.load() == nil)
    }

    @Test("a new login replaces the stored one")
    func loginReplaces() async throws {
        let old = StoredCredentials(server: URL(string: "https://old.example.org")!, email: "old@example.org",
                                    accessToken: "old", expiresAt: Fixtures.instant("2026-11-01T00:00:00Z"))
        await credentials.save(old)
        try await session.logIn(server: server, email: "ann@example.org", password: "password-a")
        #expect(await credentials.load() == stored)
    }

    @Test("without a stored login the status is signed out and the server is not asked")
    func signedOut() async throws {
        #expect(try await session.status() == .signedOut)
        #expect(await backend.calls.isEmpty)
    }

    @Test("a token the server confirms is active, and stays stored")
    func active() async throws {
        await credentials.save(stored)
        let status = try await session.status()
        #expect(status == .active(stored, SessionInfo(accountID: "acc-1", email: "ann@example.org", tier: .pro,
                                                      expiresAt: Fixtures.instant("2026-12-20T09:00:00Z"))))
        #expect(await backend.calls == [.init(name: "session", server: server, token: "server-token")])
        #expect(await credentials.load() == stored)
    }

    @Test("a token that cannot be checked (offline, or a URL error) is unverified and stays stored",
          arguments: [FakeSessionServerMode.offline, .unreachableURL])
    func unverified(mode: FakeSessionServerMode) async throws {
        await credentials.save(stored)
        await backend.set(mode)
        #expect(try await session.status() == .unverified(stored))
        #expect(await credentials.load() == stored)
    }

    @Test("a 401 on the status check clears the token and says the session ended")
    func rejected() async throws {
        await credentials.save(stored)
        await backend.set(.rejecting)
        let error = await #expect(throws: ClientSessionError.self) { try await session.status() }
        #expect(error == .sessionEnded(server: server, email: "ann@example.org"))
        #expect(english(error) == "your session on http://127.0.0.1:8080 has ended", "no CLI words in the core's message")
        #expect(await credentials.load() == nil)
        #expect(try await session.status() == .signedOut)
    }

    @Test("any other failure of the status check is passed on and the token kept")
    func otherFailure() async throws {
        await credentials.save(stored)
        await backend.set(.failing)
        await #expect(throws: ApiFailure.other(status: 500)) { try await session.status() }
        #expect(await credentials.load() == stored)
    }

    @Test("logging out ends the session on the server and forgets the token")
    func logOut() async throws {
        await credentials.save(stored)
        #expect(try await session.logOut() == stored)
        #expect(await backend.calls == [.init(name: "logout", server: server, token: "server-token")])
        #expect(await credentials.load() == nil)
    }

    @Test("logging out forgets the token even when the server cannot be reached or refuses",
          arguments: [FakeSessionServerMode.offline, .unreachableURL, .rejecting, .failing])
    func logOutUnreachable(mode: FakeSessionServerMode) async throws {
        await credentials.save(stored)
        await backend.set(mode)
        #expect(try await session.logOut() == stored)
        #expect(await credentials.load() == nil)
        #expect(await backend.calls.map(\.name) == ["logout"], "it was tried")
    }

    @Test("logging out with nothing stored does nothing")
    func logOutSignedOut() async throws {
        #expect(try await session.logOut() == nil)
        #expect(await backend.calls.isEmpty)
    }

    @Test("a 401 elsewhere clears the token; with nothing stored it says to log in")
    func handleUnauthorized() async throws {
        #expect(try await session.handleUnauthorized() == .notLoggedIn)
        await credentials.save(stored)
        #expect(try await session.handleUnauthorized() == .sessionEnded(server: server, email: "ann@example.org"))
        #expect(await credentials.load() == nil)
        #expect(await backend.calls.isEmpty, "nothing is sent")
    }

    @Test("server addresses are absolute http(s) URLs without a path; a trailing slash is dropped")
    func serverURL() throws {
        #expect(try LogIn.serverURL(" http://127.0.0.1:8080/ ").absoluteString == "http://127.0.0.1:8080")
        #expect(try LogIn.serverURL("https://wellness.example.org").absoluteString == "https://wellness.example.org")
        for bad in ["", "127.0.0.1:8080", "ftp://example.org", "http://example.org/api", "http://example.org?x=1",
                    "http://example.org#top", "http://"] {
            #expect(throws: ClientSessionError.invalidServer(bad), "'\(bad)'") { try LogIn.serverURL(bad) }
        }
    }

    @Test("http:// only to this machine, unless allowed; https:// anywhere")
    func insecureServer() throws {
        for local in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "http://127.1.2.3",
                      "HTTP://LOCALHOST"] {
            #expect(throws: Never.self, "\(local)") { try LogIn.serverURL(local) }
        }
        for (remote, host) in [("http://wellness.example.org", "wellness.example.org"), ("http://192.168.1.20:8080", "192.168.1.20"),
                               ("http://127.0.0.1.example.org", "127.0.0.1.example.org"), ("http://10.0.0.1", "10.0.0.1")] {
            #expect(throws: ClientSessionError.insecureServer(host), "\(remote)") { try LogIn.serverURL(remote) }
            #expect(try LogIn.serverURL(remote, allowInsecure: true).absoluteString == remote)
        }
        #expect(try LogIn.serverURL("https://192.168.1.20:8443").absoluteString == "https://192.168.1.20:8443")
    }
}

/// The client's session use cases over one credential store and one fake server.
struct ClientSessionUseCases {
    let credentials: any CredentialStore
    let connect: ConnectToServer

    @discardableResult
    func logIn(server: URL, email: String, password: String) async throws -> StoredCredentials {
        try await LogIn(credentials: credentials, connect: connect).execute(server: server, email: email, password: password)
    }

    @discardableResult
    func logOut() async throws -> StoredCredentials? { try await LogOut(credentials: credentials, connect: connect).execute() }

    func status() async throws -> SessionStatus { try await CheckSession(credentials: credentials, connect: connect).execute() }

    func handleUnauthorized() async throws -> ClientSessionError {
        try await ForgetRefusedSession(credentials: credentials).execute()
    }
}

// MARK: - Passwords and logging out everywhere

@Suite("ChangePassword, ResetPassword, EndEverySession")
struct PasswordUseCasesTests {
    private let world = AccountsWorld()

    private var changePassword: ChangePassword {
        ChangePassword(accounts: world.accounts, hasher: world.hasher, tokens: world.tokens,
                       attempts: world.startSession.attempts)
    }

    @Test("a change keeps the caller's session, ends the others and sets the new hash")
    func change() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        let bob = try await world.addAccount.execute(email: "bob@example.org", password: "password-b")
        let caller = try await world.startSession.execute(email: "ann@example.org", password: "password-1").grant
        let other = try await world.startSession.execute(email: "ann@example.org", password: "password-1").grant
        let bobs = try await world.startSession.execute(email: "bob@example.org", password: "password-b").grant

        try await changePassword.execute(ann.id, current: "password-1", new: "password-2",
                                         keepingSessionOf: caller.accessToken)
        #expect(await world.accounts.account(id: ann.id)?.passwordHash == "h:password-2")
        #expect(try await world.authenticateSession.execute(caller.accessToken).account.id == ann.id)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(other.accessToken) }
        #expect(try await world.authenticateSession.execute(bobs.accessToken).account == bob)
        await #expect(throws: AccountError.invalidCredentials) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-1")
        }
    }

    @Test("a weak new password is refused before the current one is checked or anything counted")
    func weakFirst() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        for _ in 1...6 {
            await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
                try await changePassword.execute(ann.id, current: "wrong", new: "short", keepingSessionOf: "t")
            }
        }
        #expect(await world.hasher.verified.isEmpty, "no password was checked")
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-1")
    }

    @Test("a wrong current password is refused, counts as a failed login, and changes nothing")
    func wrongCurrent() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        let other = try await world.startSession.execute(email: "ann@example.org", password: "password-1").grant
        for current in ["wrong-1", "wrong-2", "wrong-3", "wrong-4", "with\u{0}nul"] {
            await #expect(throws: AccountError.invalidCredentials) {
                try await changePassword.execute(ann.id, current: current, new: "password-2", keepingSessionOf: "t")
            }
        }
        #expect(await world.hasher.verified.map(\.password).contains("with\u{0}nul") == false, "never reaches the hasher")
        await #expect(throws: AccountError.tooManyAttempts(retryAfter: 1)) {
            try await world.startSession.execute(email: "ann@example.org", password: "password-1")
        }
        #expect(await world.accounts.account(id: ann.id)?.passwordHash == "h:password-1")
        #expect(try await world.authenticateSession.execute(other.accessToken).account.id == ann.id)
    }

    @Test("a login whose password is changed while it is checked keeps no session and is refused")
    func loginRacingAChange() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        let changing = ChangingHasher(accounts: world.accounts, account: ann.id)
        let login = StartSession(accounts: world.accounts, hasher: changing, tokens: world.tokens, time: world.time,
                                 failedLogins: InMemoryLoginAttemptRepository())
        await #expect(throws: AccountError.invalidCredentials) {
            try await login.execute(email: "ann@example.org", password: "password-1")
        }
        #expect(await world.accounts.account(id: ann.id)?.passwordHash == "h:password-2")
        await #expect(throws: AccountError.notAuthenticated) {
            try await world.authenticateSession.execute("token-\(world.tokens.count)")
        }
        #expect(try await world.startSession.execute(email: "ann@example.org", password: "password-2").account.id == ann.id)
    }

    @Test("the operator's reset ends every session; logging out everywhere ends every session of one account")
    func resetAndEndEvery() async throws {
        let ann = try await world.addAccount.execute(email: "ann@example.org", password: "password-1")
        _ = try await world.addAccount.execute(email: "bob@example.org", password: "password-b")
        let first = try await world.startSession.execute(email: "ann@example.org", password: "password-1").grant
        let bobs = try await world.startSession.execute(email: "bob@example.org", password: "password-b").grant
        let reset = ResetPassword(accounts: world.accounts, hasher: world.hasher)
        await #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try await reset.execute("ann@example.org", password: "x") }
        await #expect(throws: AccountError.noSuchAccount("zed@example.org")) {
            try await reset.execute("zed@example.org", password: "password-z")
        }
        #expect(try await reset.execute(ann.id.description, password: "password-3").id == ann.id)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(first.accessToken) }
        let again = try await world.startSession.execute(email: "ann@example.org", password: "password-3").grant
        _ = try await world.startSession.execute(email: "ann@example.org", password: "password-3")

        #expect(try await EndEverySession(accounts: world.accounts).execute(ann.id) == 2)
        await #expect(throws: AccountError.notAuthenticated) { try await world.authenticateSession.execute(again.accessToken) }
        #expect(try await world.authenticateSession.execute(bobs.accessToken).account.email.rawValue == "bob@example.org")
    }
}
