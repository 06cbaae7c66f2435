import WellnessDomain

/// What to do when any call to the server answered 401: forget the token. Returns the error
/// to show (the session ended, or nobody was logged in).
public struct ForgetRefusedSession: Sendable {
    let credentials: any CredentialStore

    public init(credentials: any CredentialStore) {
        self.credentials = credentials
    }

    public func execute() async throws -> ClientSessionError {
        guard let stored = try await credentials.load() else { return .notLoggedIn }
        var lifecycle = TokenLifecycle(state: .authenticated)
        try await StoredSession(credentials: credentials)
            .apply(lifecycle.handle(.requestUnauthorized(returnPath: nil)), stored: stored)
        return .sessionEnded(server: stored.server, email: stored.email)
    }
}
