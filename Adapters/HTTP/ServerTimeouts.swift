/// How long a client waits for a Wellness server before the call counts as unreachable
/// (`ApiFailure.offline`): a refused connection fails at once, a connection not
/// made within ``connect`` fails then, and a server that accepts but does not answer fails after
/// ``response`` — except the calls that wait for work on purpose: tips from the server's AI
/// (``tips``), an account's whole archive (``transfer``) and a password's check
/// (``passwordCheck``).
public struct ServerTimeouts: Sendable, Hashable {
    /// Making the connection; 1 second by default.
    public var connect: Duration
    /// An answer, from sending the request to its last byte; 5 seconds by default
    /// (`WELLNESS_SERVER_TIMEOUT` for the CLI).
    public var response: Duration
    /// Tips, which the server may ask its AI for: the AI's own timeout, then ``response``.
    public var tips: Duration
    /// Downloading an account's archive, which may be large.
    public var transfer: Duration
    /// A call that checks a password (logging in, deleting the account): the server hashes it
    /// on purpose slowly, and a busy one queues the hashes.
    public var passwordCheck: Duration

    /// Timeouts of `connect` (at most 1 second by default), `response`, tips after an AI given
    /// `aiTimeout` (20 seconds, the AI's default), `transfer` (10 minutes) and `passwordCheck`
    /// (30 seconds).
    public init(connect: Duration = Self.defaultConnect, response: Duration = Self.defaultResponse,
                aiTimeout: Duration = .seconds(20), transfer: Duration = .seconds(600),
                passwordCheck: Duration = .seconds(30)) {
        self.connect = connect
        self.response = response
        tips = aiTimeout + response
        self.transfer = transfer
        self.passwordCheck = max(passwordCheck, response)
    }

    /// 1 second: a server on the same network connects in milliseconds.
    public static let defaultConnect: Duration = .seconds(1)
    /// 5 seconds.
    public static let defaultResponse: Duration = .seconds(5)
}
