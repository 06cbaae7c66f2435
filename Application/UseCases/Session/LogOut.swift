import Foundation
import WellnessDomain

/// Ends the session on the server (when it can be reached) and forgets the token either way;
/// returns what was stored (`nil` when nobody was logged in).
public struct LogOut: Sendable {
    let credentials: any CredentialStore
    let connect: ConnectToServer

    /// A use case on the login in `credentials`, reaching its server through `connect`.
    public init(credentials: any CredentialStore, connect: @escaping ConnectToServer) {
        self.credentials = credentials
        self.connect = connect
    }

    /// Logs out as the type describes.
    @discardableResult
    public func execute() async throws -> StoredCredentials? {
        guard let stored = try await credentials.load() else { return nil }
        var lifecycle = TokenLifecycle(state: .authenticated)
        for effect in lifecycle.handle(.logout) {
            switch effect {
            case .endSession:
                do { try await connect(stored.server, stored.accessToken).logOut() } catch {
                    // Unreachable or already revoked: the token is forgotten here regardless.
                }
            default: try await StoredSession(credentials: credentials).apply([effect], stored: stored)
            }
        }
        return stored
    }
}
