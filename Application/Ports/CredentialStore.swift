import Foundation
import WellnessDomain

/// Where the client keeps its login (a 0600 file, a keychain).
public protocol CredentialStore: Sendable {
    func load() async throws -> StoredCredentials?
    func save(_ credentials: StoredCredentials) async throws
    /// Forgets the login; returns whether there was one.
    func clear() async throws -> Bool
}
