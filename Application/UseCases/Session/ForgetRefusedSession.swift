import WellnessDomain

/// What to do when any call to the server answered 401: forget the token. Returns the error
/// to show (the session ended, or nobody was logged in).
public struct ForgetRefusedSession: Sendable {
    let credentials: any CredentialStore

    /// A use case on `credentials`.
    public init(credentials: any CredentialStore) {
        self.credentials = credentials
    }

    /// Forgets the stored login and returns `.sessionEnded` for it, or `.notLoggedIn` when nothing was
    /// stored.
    public func execute() async throws -> ClientSessionError {
        guard let stored = try await credentials.load() else { return .notLoggedIn }
        var lifecycle = TokenLifecycle(state: .authenticated)
        try await StoredSession(credentials: credentials)
            .apply(lifecycle.handle(.requestUnauthorized(returnPath: nil)), stored: stored)
        return .sessionEnded(server: stored.server, email: stored.email)
    }
}
