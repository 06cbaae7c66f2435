import Foundation

/// Who may try a password now, as a pure value fed the current instant.
///
/// Failed logins back off instead of locking anyone out: after a few failures the next try
/// waits 1 s, and each further failure doubles the wait (2 s, 4 s … up to
/// ``Policy/longestDelay``); a client that must wait is refused before any password is checked. Failures are counted three ways:
/// - per email *and* client address: a guesser at one address slows down on that account;
/// - per client address: one address spraying many emails slows down on all of them;
/// - per email, across addresses: a guesser spread over many addresses slows down too.
///
/// A client that logged into an account before (``succeeded(email:address:at:)``) is *known* to
/// it: the per-address and per-email waits do not apply to it, only its own pair's, so someone
/// guessing the owner's password elsewhere never locks the owner out.
public struct LoginThrottle: Sendable {
    /// The free failures, the delays and how long things are remembered.
    public struct Policy: Sendable, Hashable {
        /// Failures of one client address at one email after which it must wait.
        public var freeFailuresPerPair: Int
        /// Failures of one client address, at any emails, after which it must wait.
        public var freeFailuresPerAddress: Int
        /// Failures at one email, from clients not known to it, after which they must wait.
        public var freeFailuresPerEmail: Int
        /// The wait after the first failure past the free ones; each further failure doubles it.
        public var firstDelay: TimeInterval
        /// The longest wait.
        public var longestDelay: TimeInterval
        /// Failures are forgotten this long after the last one.
        public var memory: TimeInterval
        /// A client stays known to an account this long after its last login.
        public var knownFor: TimeInterval

        public init(freeFailuresPerPair: Int = 5, freeFailuresPerAddress: Int = 30, freeFailuresPerEmail: Int = 20,
                    firstDelay: TimeInterval = 1, longestDelay: TimeInterval = 15 * 60,
                    memory: TimeInterval = 60 * 60, knownFor: TimeInterval = 30 * 24 * 60 * 60) {
            precondition(freeFailuresPerPair >= 0 && freeFailuresPerAddress >= 0 && freeFailuresPerEmail >= 0
                && firstDelay > 0 && longestDelay >= firstDelay && memory > 0 && knownFor > 0,
                "a login throttle needs non-negative free failures and positive delays")
            self.freeFailuresPerPair = freeFailuresPerPair
            self.freeFailuresPerAddress = freeFailuresPerAddress
            self.freeFailuresPerEmail = freeFailuresPerEmail
            self.firstDelay = firstDelay
            self.longestDelay = longestDelay
            self.memory = memory
            self.knownFor = knownFor
        }
    }

    /// One key's failures: how many, and when the last one was.
    public struct Failures: Sendable, Hashable {
        public var count: Int
        public var last: Date

        public init(count: Int, last: Date) {
            self.count = count
            self.last = last
        }
    }

    /// What one login — an email from a client address — reads and changes: the failures of the
    /// pair, of the address (at any email) and of the email (from any address), and when the
    /// pair last logged in. A store shared by several processes keeps these per key and changes
    /// them together (``LoginAttemptRepository``, in the application layer).
    public struct Counters: Sendable, Hashable {
        public var pair: Failures?
        public var address: Failures?
        public var email: Failures?
        /// When the address last logged in to the email: it is *known* to the account for
        /// ``Policy/knownFor`` after.
        public var lastSuccess: Date?

        public init(pair: Failures? = nil, address: Failures? = nil, email: Failures? = nil, lastSuccess: Date? = nil) {
            self.pair = pair
            self.address = address
            self.email = email
            self.lastSuccess = lastSuccess
        }
    }

    struct Pair: Sendable, Hashable {
        let email: String
        let address: String
    }

    public let policy: Policy
    private var pairs: [Pair: Failures] = [:]
    private var addresses: [String: Failures] = [:]
    private var emails: [String: Failures] = [:]
    private var known: [Pair: Date] = [:]

    /// Above this many remembered keys, forgotten ones are dropped on the next change.
    static let pruneAbove = 10_000

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// `nil` when a login for `email` from `address` may be checked now; else the whole
    /// seconds to wait (at least 1) — the `Retry-After` value.
    public func wait(email: String, address: String, at now: Date) -> Int? {
        policy.wait(counters(email: email, address: address), at: now)
    }

    /// Counts a wrong password (or an unknown email) for the pair, the address and the email.
    public mutating func failed(email: String, address: String, at now: Date) {
        let policy = self.policy
        change(email: email, address: address, at: now) { policy.failed(&$0, at: now) }
    }

    /// A login went through: the pair's failures are forgotten and the client becomes known to
    /// the account. Failures at the email from other addresses still count.
    public mutating func succeeded(email: String, address: String, at now: Date) {
        let policy = self.policy
        change(email: email, address: address, at: now) { policy.succeeded(&$0, at: now) }
    }

    /// The wait after `count` failures (``Policy/delay(afterFailures:free:)``).
    public func delay(afterFailures count: Int, free: Int) -> TimeInterval {
        policy.delay(afterFailures: count, free: free)
    }

    /// What a login for `email` from `address` reads.
    public func counters(email: String, address: String) -> Counters {
        let pair = Pair(email: email, address: address)
        return Counters(pair: pairs[pair], address: addresses[address], email: emails[email], lastSuccess: known[pair])
    }

    /// Stores what `change` made of the counters of a login (pruning forgotten keys when many).
    public mutating func change(email: String, address: String, at now: Date, _ change: (inout Counters) -> Void) {
        prune(at: now)
        var counters = counters(email: email, address: address)
        change(&counters)
        let pair = Pair(email: email, address: address)
        pairs[pair] = counters.pair
        addresses[address] = counters.address
        emails[email] = counters.email
        known[pair] = counters.lastSuccess
    }

    private mutating func prune(at now: Date) {
        let policy = self.policy
        if pairs.count > Self.pruneAbove { pairs = pairs.filter { !policy.isForgotten($0.value, at: now) } }
        if addresses.count > Self.pruneAbove { addresses = addresses.filter { !policy.isForgotten($0.value, at: now) } }
        if emails.count > Self.pruneAbove { emails = emails.filter { !policy.isForgotten($0.value, at: now) } }
        if known.count > Self.pruneAbove {
            known = known.filter { now.timeIntervalSince($0.value) < policy.knownFor }
        }
    }
}

extension LoginThrottle.Policy {
    /// `nil` when the login these counters are of may be checked now; else the whole seconds to
    /// wait (at least 1) — the `Retry-After` value.
    public func wait(_ counters: LoginThrottle.Counters, at now: Date) -> Int? {
        var until = release(counters.pair, free: freeFailuresPerPair, at: now)
        if !isKnown(counters, at: now) {
            until = max(until, release(counters.address, free: freeFailuresPerAddress, at: now),
                        release(counters.email, free: freeFailuresPerEmail, at: now))
        }
        let seconds = until.timeIntervalSince(now)
        return seconds > 0 ? max(1, Int(seconds.rounded(.up))) : nil
    }

    /// Counts a wrong password (or an unknown email) for the pair, the address and the email.
    public func failed(_ counters: inout LoginThrottle.Counters, at now: Date) {
        counters.pair = counted(counters.pair, at: now)
        counters.address = counted(counters.address, at: now)
        // A known client's typo does not count towards locking strangers out of the account.
        if !isKnown(counters, at: now) { counters.email = counted(counters.email, at: now) }
    }

    /// A login went through: the pair's failures are forgotten and the client becomes known.
    public func succeeded(_ counters: inout LoginThrottle.Counters, at now: Date) {
        counters.pair = nil
        counters.lastSuccess = now
    }

    /// The wait after `count` failures: none before `free` of them, then ``firstDelay``,
    /// doubling with each further failure up to the longest.
    public func delay(afterFailures count: Int, free: Int) -> TimeInterval {
        guard count >= free, count > 0 else { return 0 }
        let doublings = min(count - max(free, 1), 62)
        return min(longestDelay, firstDelay * pow(2, Double(doublings)))
    }

    /// Whether failures this old no longer count (``memory`` after the last, or from the future).
    public func isForgotten(_ failures: LoginThrottle.Failures, at now: Date) -> Bool {
        now.timeIntervalSince(failures.last) >= memory || now < failures.last
    }

    private func isKnown(_ counters: LoginThrottle.Counters, at now: Date) -> Bool {
        guard let last = counters.lastSuccess else { return false }
        return now.timeIntervalSince(last) < knownFor
    }

    /// When the next try is allowed after `failures` (`distantPast` when it is allowed at once).
    private func release(_ failures: LoginThrottle.Failures?, free: Int, at now: Date) -> Date {
        guard let failures, !isForgotten(failures, at: now) else { return .distantPast }
        return failures.last.addingTimeInterval(delay(afterFailures: failures.count, free: free))
    }

    private func counted(_ failures: LoginThrottle.Failures?, at now: Date) -> LoginThrottle.Failures {
        guard let failures, !isForgotten(failures, at: now) else { return LoginThrottle.Failures(count: 1, last: now) }
        return LoginThrottle.Failures(count: failures.count + 1, last: now)
    }
}
