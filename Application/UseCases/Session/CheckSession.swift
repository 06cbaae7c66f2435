import Foundation
import WellnessDomain

/// Checks the stored token with the server: active, unverified (the server could not be
/// reached), or signed out. A token the server refuses (401) is cleared, and the check throws
/// ``ClientSessionError/sessionEnded(server:email:)``.
public struct CheckSession: Sendable {
    let credentials: any CredentialStore
    let connect: ConnectToServer

    /// A use case on the login in `credentials`, reaching its server through `connect`.
    public init(credentials: any CredentialStore, connect: @escaping ConnectToServer) {
        self.credentials = credentials
        self.connect = connect
    }

    /// Where the session stands, as the type describes; throws `ClientSessionError.sessionEnded` when the
    /// server refused the token, which is cleared.
    public func execute() async throws -> SessionStatus {
        var lifecycle = TokenLifecycle()
        let stored = try await credentials.load()
        _ = lifecycle.handle(.launch(hasStoredToken: stored != nil))
        guard let stored else { return .signedOut }
        do {
            let info = try await connect(stored.server, stored.accessToken).session()
            _ = lifecycle.handle(.validationSucceeded)
            return .active(stored, info)
        } catch ApiFailure.unauthorized {
            try await StoredSession(credentials: credentials).apply(lifecycle.handle(.validationRejected), stored: stored)
            throw ClientSessionError.sessionEnded(server: stored.server, email: stored.email)
        } catch where ApiFailure.isUnreachable(error) {
            _ = lifecycle.handle(.validationUnreachable)
            return .unverified(stored)
        }
    }
}
