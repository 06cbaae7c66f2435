import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

// MARK: - EmailAddress

@Suite("EmailAddress")
struct EmailAddressTests {
    @Test("an address is trimmed and lower-cased", arguments: [
        ("ann@example.org", "ann@example.org"),
        ("  Ann@Example.ORG \n", "ann@example.org"),
        ("\tANN.LEE+wellness@Mail.Example.CO.UK\r\n", "ann.lee+wellness@mail.example.co.uk"),
        ("a@b.c", "a@b.c"),
    ])
    func normalises(text: String, expected: String) throws {
        let email = try EmailAddress(text)
        #expect(email.rawValue == expected)
        #expect(email.description == expected)
    }

    @Test("two spellings of one address are equal")
    func equalAfterNormalising() throws {
        #expect(try EmailAddress(" Ann@Example.org") == EmailAddress("ann@EXAMPLE.org  "))
        #expect(try EmailAddress("ann@example.org") != EmailAddress("anne@example.org"))
    }

    @Test("malformed addresses are refused, naming the text as typed", arguments: [
        "", "   ", "ann", "ann@", "@example.org", "ann@example", "ann@.org", "ann@example.", "ann@@example.org",
        "a@b@example.org", "ann lee@example.org", "ann@exam ple.org", "ann@ex\u{7}ample.org", "ann\u{7F}@example.org",
        "ann\u{A0}lee@example.org", "ann@e.", "ann@.c", "ann\n@example.org",
    ])
    func refuses(text: String) {
        #expect(throws: AccountError.invalidEmail(text)) { try EmailAddress(text) }
    }

    @Test("at most 254 characters, counted after trimming")
    func length() throws {
        let domain = "@example.org"
        let longest = String(repeating: "a", count: 254 - domain.count) + domain
        #expect(try EmailAddress("  \(longest)  ").rawValue == longest)
        let tooLong = "a" + longest
        #expect(throws: AccountError.invalidEmail(tooLong)) { try EmailAddress(tooLong) }
    }

    @Test("the refusal carries the address")
    func errorText() {
        #expect(AccountError.invalidEmail("nope").summary == "account.invalidEmail(nope)")
    }

    @Test("an address is stored in one Unicode form (NFC), so every store compares the same bytes")
    func canonicalForm() throws {
        let decomposed = try EmailAddress("Zoe\u{301}@example.org")
        #expect(Array(decomposed.rawValue.unicodeScalars) == Array("zo\u{E9}@example.org".unicodeScalars))
        #expect(Array(decomposed.rawValue.utf8) == Array("zo\u{E9}@example.org".utf8))
    }

    @Test("a stored address is taken as it is, unchecked")
    func stored() {
        #expect(EmailAddress(stored: "Not An Address").rawValue == "Not An Address")
    }

    @Test("addresses sort by their text and encode as a bare string")
    func orderAndCoding() throws {
        let ann = try EmailAddress("ann@example.org")
        let bob = try EmailAddress("BOB@example.org")
        #expect(ann < bob)
        #expect([bob, ann].sorted() == [ann, bob])
        let data = try JSONEncoder().encode([bob])
        #expect(String(decoding: data, as: UTF8.self) == #"["bob@example.org"]"#)
        #expect(try JSONDecoder().decode([EmailAddress].self, from: data) == [bob])
    }
}

// MARK: - PasswordPolicy

@Suite("PasswordPolicy")
struct PasswordPolicyTests {
    @Test("the limits are 8 characters and 72 bytes")
    func limits() {
        #expect(PasswordPolicy.minimumLength == 8)
        #expect(PasswordPolicy.maximumBytes == 72)
    }

    @Test("passwords of 8 characters up to 72 bytes are accepted", arguments: [
        "12345678", String(repeating: "x", count: 72), String(repeating: "é", count: 8), String(repeating: "é", count: 36),
        String(repeating: "👩", count: 18), "correct horse battery staple",
    ])
    func accepted(password: String) throws {
        try PasswordPolicy.check(password)
        #expect(password.count >= 8 && password.utf8.count <= 72)
    }

    @Test("fewer than 8 characters is too short, whatever the bytes", arguments: [
        "", "1234567", String(repeating: "é", count: 7), String(repeating: "👩‍👩‍👧", count: 7),
    ])
    func tooShort(password: String) {
        #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try PasswordPolicy.check(password) }
    }

    @Test("more than 72 bytes is too long, multibyte characters counted by their bytes", arguments: [
        String(repeating: "x", count: 73), String(repeating: "é", count: 37), String(repeating: "👩", count: 19),
        String(repeating: "👩‍👩‍👧", count: 8), String(repeating: "x", count: 71) + "é",
    ])
    func tooLong(password: String) {
        #expect(throws: AccountError.passwordTooLong(maximumBytes: 72)) { try PasswordPolicy.check(password) }
    }

    @Test("NUL and other control characters are refused, never cut (bcrypt stops at NUL)", arguments: [
        "abcdefgh\u{0}ijkl", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "long enough\t", "long\u{7F}enough", "long\u{85}enough",
        "line one\nline two",
    ])
    func controlCharacters(password: String) {
        #expect(throws: AccountError.passwordControlCharacter) { try PasswordPolicy.check(password) }
        #expect(throws: AccountError.passwordControlCharacter) { try PasswordPolicy.checkCharacters(password) }
    }

    @Test("spaces, punctuation and any language are fine")
    func printable() throws {
        for password in ["correct horse battery", "wachtwoord!#€", "пароль-пароль", "パスワードですよね"] {
            try PasswordPolicy.check(password)
        }
    }

    @Test("the refusals carry the limits")
    func errorTexts() {
        #expect(AccountError.passwordTooShort(minimum: 8).summary == "account.passwordTooShort(8)")
        #expect(AccountError.passwordTooLong(maximumBytes: 72).summary == "account.passwordTooLong(72)")
        #expect(AccountError.invalidCredentials.summary == "account.invalidCredentials()")
    }
}

// MARK: - Sessions and idempotency records

@Suite("SessionRecord and IdempotencyRecord")
struct SessionAndIdempotencyTests {
    let t0 = Fixtures.instant("2026-11-20T09:00:00Z")

    @Test("a session holds until just before it expires")
    func sessionValidity() {
        let session = SessionRecord(tokenDigest: "d", accountID: Account.ID(), createdAt: t0,
                                    expiresAt: t0.addingTimeInterval(60))
        #expect(session.isValid(at: t0))
        #expect(session.isValid(at: t0.addingTimeInterval(59.999)))
        #expect(session.isValid(at: t0.addingTimeInterval(60)) == false)
        #expect(session.isValid(at: t0.addingTimeInterval(3600)) == false)
    }

    @Test("an account id is its UUID in lower case and encodes as a bare string")
    func accountID() throws {
        let uuid = try #require(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        let id = Account.ID(uuid)
        #expect(id.description == "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["3F2504E0-4F89-11D3-9A0C-0305E82C3301"]"#)
        #expect(try JSONDecoder().decode([Account.ID].self, from: data) == [id])
    }

    @Test("an idempotency key is remembered for 24 hours")
    func lifetime() {
        #expect(IdempotencyRecord.lifetime == 86_400)
    }

    @Test("valid keys are 1–255 visible ASCII characters", arguments: [
        "a", "!", "~", "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
        String(repeating: "k", count: 255), "key:with/punctuation{}[]\"'\\",
    ])
    func validKeys(key: String) {
        #expect(IdempotencyRecord.isValidKey(key))
    }

    @Test("empty, too long, blank, control and non-ASCII keys are refused", arguments: [
        "", String(repeating: "k", count: 256), " ", "a b", " key", "key\n", "\t", "\u{7F}", "clé", "🔑",
        "\u{0}", "key\u{A0}",
    ])
    func invalidKeys(key: String) {
        #expect(IdempotencyRecord.isValidKey(key) == false)
    }
}

// MARK: - RateLimit

@Suite("RateLimit")
struct RateLimitTests {
    let t0 = Fixtures.instant("2026-11-20T09:00:00Z")
    let limit = RateLimit(limit: 3, window: 60)

    @Test("up to the limit is admitted; the next request is told to wait until the window ends")
    func admitsUpToLimit() {
        var counter = RateLimit.Counter(start: t0)
        #expect(counter.admit(at: t0, under: limit) == nil)
        #expect(counter.admit(at: t0.addingTimeInterval(1), under: limit) == nil)
        #expect(counter.admit(at: t0.addingTimeInterval(2), under: limit) == nil)
        #expect(counter.count == 3)
        #expect(counter.admit(at: t0.addingTimeInterval(10), under: limit) == 50)
        #expect(counter.count == 3, "a refused request is not counted")
        #expect(counter.windowStart == t0)
    }

    @Test("Retry-After is the wait rounded up to whole seconds, at least 1", arguments: [
        (0.0, 60), (0.5, 60), (29.5, 31), (30.0, 30), (58.01, 2), (59.2, 1), (59.999, 1),
    ])
    func retryAfterRounding(elapsed: Double, expected: Int) {
        var counter = RateLimit.Counter(start: t0)
        for _ in 0..<3 { #expect(counter.admit(at: t0, under: limit) == nil) }
        #expect(counter.admit(at: t0.addingTimeInterval(elapsed), under: limit) == expected)
    }

    @Test("a new window opens when the old one has run its length, starting at that request")
    func nextWindow() {
        var counter = RateLimit.Counter(start: t0)
        for _ in 0..<3 { #expect(counter.admit(at: t0, under: limit) == nil) }
        #expect(counter.admit(at: t0.addingTimeInterval(59.9), under: limit) == 1)

        let later = t0.addingTimeInterval(60)
        #expect(counter.admit(at: later, under: limit) == nil, "exactly one window later")
        #expect(counter.windowStart == later)
        #expect(counter.count == 1)
        #expect(counter.admit(at: later, under: limit) == nil)
        #expect(counter.admit(at: later, under: limit) == nil)
        #expect(counter.admit(at: later.addingTimeInterval(15), under: limit) == 45)

        // Long idle: the window starts at the first request after it, not on a fixed grid.
        let muchLater = t0.addingTimeInterval(1000.5)
        #expect(counter.admit(at: muchLater, under: limit) == nil)
        #expect(counter.windowStart == muchLater)
        #expect(counter.count == 1)
    }

    @Test("a cost counts that many units: admitted while some budget is left, even past it; then a wait; a charge counts afterwards")
    func costs() {
        let records = RateLimit(limit: 1000, window: 600)
        var counter = RateLimit.Counter(start: t0)
        #expect(counter.admit(at: t0, under: records, cost: 600) == nil)
        #expect(counter.count == 600)
        #expect(counter.admit(at: t0.addingTimeInterval(1), under: records, cost: 0) == nil, "a cost of 0 only asks")
        #expect(counter.count == 600)
        counter.charge(300, at: t0.addingTimeInterval(2), under: records)
        #expect(counter.count == 900)
        #expect(counter.admit(at: t0.addingTimeInterval(3), under: records, cost: 500) == nil, "100 left: admitted whole")
        #expect(counter.count == 1400)
        #expect(counter.admit(at: t0.addingTimeInterval(100), under: records, cost: 1) == 500, "spent: wait for the window")
        #expect(counter.admit(at: t0.addingTimeInterval(100), under: records, cost: 0) == 500)
        #expect(counter.count == 1400, "a refused request costs nothing")
        #expect(counter.admit(at: t0.addingTimeInterval(600), under: records, cost: 5) == nil, "a new window")
        #expect(counter.count == 5)
        counter.charge(7, at: t0.addingTimeInterval(1300), under: records)
        #expect(counter.count == 7, "a charge after the window counts in a new one")
        #expect(counter.windowStart == t0.addingTimeInterval(1300))
    }

    @Test("a clock that went backwards starts a new window")
    func clockBackwards() {
        var counter = RateLimit.Counter(start: t0)
        for _ in 0..<3 { #expect(counter.admit(at: t0, under: limit) == nil) }
        let earlier = t0.addingTimeInterval(-5)
        #expect(counter.admit(at: earlier, under: limit) == nil)
        #expect(counter.windowStart == earlier)
        #expect(counter.count == 1)
    }

    @Test("a limit of one admits one request per window")
    func limitOfOne() {
        let one = RateLimit(limit: 1, window: 2.5)
        var counter = RateLimit.Counter(start: t0)
        #expect(counter.admit(at: t0, under: one) == nil)
        #expect(counter.admit(at: t0, under: one) == 3, "2.5 s rounds up to 3")
        #expect(counter.admit(at: t0.addingTimeInterval(2), under: one) == 1)
        #expect(counter.admit(at: t0.addingTimeInterval(2.5), under: one) == nil)
    }

    @Test("a new counter has used none of its budget")
    func fresh() {
        let counter = RateLimit.Counter(start: t0)
        #expect(counter.count == 0)
        #expect(counter.windowStart == t0)
        #expect(limit.limit == 3 && limit.window == 60)
    }
}

// MARK: - DriftAlert

@Suite("DriftAlert")
struct DriftAlertTests {
    func high(_ day: String, total: Int = 11) -> Checkin { DriftFixtures.checkin(day, driftTotal: total) }
    func low(_ day: String) -> Checkin { DriftFixtures.checkin(day, driftTotal: 10) }

    @Test("the high-drift threshold is an index of 3.5: a total of 11 (3.67) is high, 10 (3.33) is not")
    func threshold() {
        #expect(high("2026-11-01").isHighDrift)
        #expect(low("2026-11-01").isHighDrift == false)
    }

    @Test("a high day after a high day is an alert; the first of a run is not")
    func consecutiveHighDays() {
        let alerts = DriftAlert.alerts(in: [high("2026-11-01"), high("2026-11-02", total: 13), high("2026-11-03", total: 15)])
        #expect(alerts == [DriftAlert(day: Fixtures.day("2026-11-02"), driftIndex: 4.33),
                           DriftAlert(day: Fixtures.day("2026-11-03"), driftIndex: 5)])
    }

    @Test("a low day or a missing day in between breaks the run")
    func brokenRuns() {
        #expect(DriftAlert.alerts(in: [high("2026-11-01"), low("2026-11-02"), high("2026-11-03")]).isEmpty)
        #expect(DriftAlert.alerts(in: [high("2026-11-01"), high("2026-11-03")]).isEmpty, "11-02 has no check-in")
        #expect(DriftAlert.alerts(in: [low("2026-11-01"), high("2026-11-02")]).isEmpty)
        #expect(DriftAlert.alerts(in: [high("2026-11-01"), low("2026-11-02")]).isEmpty)
        #expect(DriftAlert.alerts(in: []).isEmpty)
    }

    @Test("alerts come out by day whatever the input order, across a month end")
    func unsortedInput() {
        let alerts = DriftAlert.alerts(in: [high("2026-12-01", total: 12), high("2026-11-29"), low("2026-11-27"),
                                            high("2026-11-30", total: 14), high("2026-11-28")])
        #expect(alerts.map(\.day.description) == ["2026-11-29", "2026-11-30", "2026-12-01"])
        #expect(alerts.map(\.driftIndex) == [3.67, 4.67, 4])
    }

    @Test("an alert's index is the check-in's, rounded to two decimals")
    func rounding() {
        #expect(DriftAlert(high("2026-11-02")).driftIndex == 3.67)
        #expect(DriftAlert(high("2026-11-02", total: 13)).driftIndex == 4.33)
        #expect(DriftAlert(high("2026-11-02", total: 15)).driftIndex == 5)
        #expect(DriftAlert(high("2026-11-02")).day == Fixtures.day("2026-11-02"))
    }

    @Test("the day-before lookup decides the first day of a list")
    func previousDayLookup() {
        let first = high("2026-11-02")
        let before = high("2026-11-01")
        let withBefore = DriftAlert.alerts(in: [first], previousDay: { $0 == before.day.adding(days: 1) ? before : nil })
        #expect(withBefore == [first])
        #expect(DriftAlert.alerts(in: [first], previousDay: { _ in nil }).isEmpty)
        #expect(DriftAlert.alerts(in: [first], previousDay: { _ in self.low("2026-11-01") }).isEmpty)
    }
}

// MARK: - An account's time zone

@Suite("Account time zone")
struct AccountTimeZoneTests {
    @Test("IANA names this system knows are accepted as written", arguments: [
        "Europe/Amsterdam", "Pacific/Auckland", "America/Argentina/Buenos_Aires", "UTC",
    ])
    func accepted(identifier: String) throws {
        #expect(try AccountTimeZone.check(identifier) == identifier)
    }

    @Test("anything else is refused, naming it (cut to 64 bytes)", arguments: [
        "", "Mars/Olympus_Mons", "europe/amsterdam", " Europe/Amsterdam", "Europe/Amsterdam\n", "CET-1CEST", "GMT+5",
        String(repeating: "Europe/", count: 20),
    ])
    func refused(identifier: String) {
        #expect(throws: AccountError.unknownTimeZone(String(identifier.prefix(AccountTimeZone.maximumBytes)))) {
            try AccountTimeZone.check(identifier)
        }
    }

    @Test("an account's calendar is the server's in the account's zone; without a zone, the server's own")
    func calendar() throws {
        var server = Calendar(identifier: .gregorian)
        server.timeZone = try #require(TimeZone(identifier: "UTC"))
        let account = Account(email: EmailAddress(stored: "ann@example.org"), passwordHash: "h", createdAt: Date(),
                              timeZone: "Pacific/Auckland")
        let zoned = account.calendar(from: server)
        #expect(zoned.timeZone.identifier == "Pacific/Auckland")
        #expect(zoned.identifier == .gregorian)
        // 2026-11-27 11:30 UTC is already 28 November in Auckland (UTC+13 in its summer).
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-11-27T11:30:00Z"))
        #expect(LocalDay(instant, in: zoned).description == "2026-11-28")
        #expect(LocalDay(instant, in: account.with(timeZone: nil).calendar(from: server)).description == "2026-11-27")
        #expect(account.with(timeZone: "Gone/Zone").calendar(from: server).timeZone == server.timeZone,
                "a stored zone this system no longer knows counts as none")
    }
}
