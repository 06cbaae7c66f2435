import Foundation
import WellnessDomain

/// A slow, salted password hash (bcrypt on the server).
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`; false for a malformed hash.
    func verify(_ password: String, against hash: String) async -> Bool
    /// A hash of a random secret, as costly to verify as a real one: what a login for an
    /// unknown email is checked against, so its timing matches a wrong password's.
    var unknownAccountHash: String { get }
}
