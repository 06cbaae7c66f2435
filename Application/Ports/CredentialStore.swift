import Foundation
import WellnessDomain

/// Where the client keeps its login (a 0600 file, a keychain).
public protocol CredentialStore: Sendable {
    /// The stored login; `nil` when logged out.
    func load() async throws -> StoredCredentials?
    /// Keeps `credentials` as the login, replacing any earlier one.
    func save(_ credentials: StoredCredentials) async throws
    /// Forgets the login; returns whether there was one.
    func clear() async throws -> Bool
}
