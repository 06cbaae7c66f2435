import WellnessDomain

/// Where the client's session on a server stands.
public enum SessionStatus: Sendable, Equatable {
    case signedOut
    /// The server confirmed the token.
    case active(StoredCredentials, SessionInfo)
    /// A token is stored but the server could not be reached to check it.
    case unverified(StoredCredentials)
}
