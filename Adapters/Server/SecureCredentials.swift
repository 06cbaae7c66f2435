import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import WellnessApplication

/// Passwords as bcrypt hashes (run on NIO's thread pool: a hash takes a noticeable fraction of
/// a second by design), bearer tokens as 256 random bits (base64url) stored as their SHA-256.
public struct SecureCredentials: PasswordHasher, AccessTokenIssuer {
    /// bcrypt's cost: 2^cost rounds. 12 for real use; tests may lower it (minimum 4).
    public let cost: UInt8
    public let unknownAccountHash: String

    public init(cost: UInt8 = 12) {
        precondition((4...31).contains(cost), "bcrypt cost must be 4...31")
        self.cost = cost
        var random = SystemRandomNumberGenerator()
        unknownAccountHash = Bcrypt.hash(Self.base64URL((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }),
                                         cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async -> Bool {
        (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }) ?? false
    }

    public func newToken() -> String {
        var random = SystemRandomNumberGenerator()
        return Self.base64URL((0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    public func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
