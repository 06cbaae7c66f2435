import Crypto
import Foundation
import HummingbirdBcrypt
import NIOCore
import NIOPosix
import WellnessApplication
import WellnessDomain

/// Passwords as bcrypt hashes, bearer tokens as 256 random bits (base64url) stored as their
/// SHA-256.
///
/// A hash takes a noticeable fraction of a second by design, so hashes and checks run on a
/// thread pool of their own (``hashingThreads`` threads: one core is always left to serve
/// requests), never on the event loops nor on NIO's shared pool. A login for an unknown email
/// only *waits* as long as a check takes (``imitateVerify()``) and holds no thread while it waits.
public struct SecureCredentials: PasswordHasher, AccessTokenIssuer {
    /// bcrypt's cost: 2^cost rounds. 12 for real use; tests may lower it (minimum 4).
    public let cost: UInt8
    private let timing: VerifyTiming

    /// The hashing pool's size: every core but one, at least one.
    public static let hashingThreads = max(1, System.coreCount - 1)

    /// The hashing pool, started on first use and kept for the process's life (as NIO's own
    /// singleton pool is).
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: hashingThreads)
        pool.start()
        return pool
    }()

    /// Hashes with bcrypt at `cost` (4...31, checked by a precondition); computes one hash now, as the
    /// first estimate of how long a check takes.
    public init(cost: UInt8 = 12) {
        precondition((4...31).contains(cost), "bcrypt cost must be 4...31")
        self.cost = cost
        // One hash now gives the first estimate of how long a check takes (the same work).
        let start = ContinuousClock.now
        _ = Bcrypt.hash(Self.base64URL(Self.randomBytes(16)), cost: cost)
        timing = VerifyTiming(first: ContinuousClock.now - start)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await Self.pool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async -> Bool {
        let start = ContinuousClock.now
        let matches = (try? await Self.pool.runIfActive { Bcrypt.verify(password, hash: hash) }) ?? false
        timing.record(ContinuousClock.now - start)
        return matches
    }

    /// Sleeps for the recent checks' typical time (waits in the pool's queue included, so an
    /// unknown email is as slow as a known one under load too).
    public func imitateVerify() async {
        try? await Task.sleep(for: timing.typical)
    }

    public func newToken() -> String { Self.base64URL(Self.randomBytes(32)) }

    public func digest(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).withUnsafeBytes { LowercaseHex.text($0) }
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// How long password checks take: a moving average of the last ones (each new one weighs 1/8).
final class VerifyTiming: @unchecked Sendable {
    private let lock = NSLock()
    private var average: Double // guarded by `lock`

    init(first: Duration) {
        average = first.seconds
    }

    func record(_ duration: Duration) {
        lock.withLock { average += (duration.seconds - average) / 8 }
    }

    var typical: Duration { .milliseconds(Int((lock.withLock { average } * 1000).rounded())) }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
