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

    /// Ends every session of the account on the server (this one too), then forgets the token;
    /// returns what was stored (`nil` when nobody was logged in). Unlike logging out here, the
    /// server must confirm it: when it cannot be reached the error is thrown and the login
    /// kept, to try again; a token the server refused already is forgotten
    /// (``ClientSessionError/sessionEnded(server:email:)``: log in again, then log out everywhere).
    @discardableResult
    public func everywhere() async throws -> StoredCredentials? {
        guard let stored = try await credentials.load() else { return nil }
        do {
            try await connect(stored.server, stored.accessToken).logOutEverywhere()
        } catch ApiFailure.unauthorized {
            _ = try await credentials.clear()
            throw ClientSessionError.sessionEnded(server: stored.server, email: stored.email)
        }
        _ = try await credentials.clear()
        return stored
    }
}
