import Foundation
import WellnessDomain

/// A slow, salted password hash (bcrypt on the server).
public protocol PasswordHasher: Sendable {
    /// A new salted hash of `password`, to store instead of it.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`; false for a malformed hash.
    func verify(_ password: String, against hash: String) async -> Bool
    /// Takes as long as ``verify(_:against:)`` of a real hash, without holding the hashing
    /// threads: what a login for an unknown email costs, so its timing matches a wrong
    /// password's, while junk logins for made-up emails cannot queue ahead of real ones.
    func imitateVerify() async
}
