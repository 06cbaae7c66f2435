import Foundation
import WellnessDomain

/// Logs in to a server and keeps the token in the credential store; a refused login is
/// ``AccountError/invalidCredentials``.
public struct LogIn: Sendable {
    let credentials: any CredentialStore
    let connect: ConnectToServer
    /// This device's time zone (an IANA name), sent with the login so the server counts the
    /// person's days where they are.
    let timeZone: String?

    /// A use case keeping the login in `credentials`, reaching servers through `connect`, saying
    /// `timeZone` is this device's.
    public init(credentials: any CredentialStore, connect: @escaping ConnectToServer, timeZone: String? = nil) {
        self.credentials = credentials
        self.connect = connect
        self.timeZone = timeZone
    }

    /// An absolute `http`/`https` URL without a path, query or fragment beyond `/`, or
    /// ``ClientSessionError/invalidServer(_:)``. `http://` is only for this machine (a loopback
    /// address or `localhost`) unless `allowInsecure`: elsewhere it is
    /// ``ClientSessionError/insecureServer(_:)``, since the password and token would travel
    /// unencrypted.
    public static func serverURL(_ text: String, allowInsecure: Bool = false) throws(ClientSessionError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
              url.path.isEmpty || url.path == "/", let server = URL(string: bare)
        else { throw .invalidServer(text) }
        if !allowInsecure, isInsecure(server) { throw .insecureServer(host) }
        return server
    }

    /// Whether `server` is plain `http://` to a host that is not this machine.
    public static func isInsecure(_ server: URL) -> Bool {
        server.scheme?.lowercased() == "http" && !isLoopback(server.host ?? "")
    }

    /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Logs in to `server`, stores the login (its email trimmed and lower-cased) and returns it; throws
    /// `AccountError.invalidCredentials` when the server refuses the email and password (401).
    @discardableResult
    public func execute(server: URL, email: String, password: String) async throws -> StoredCredentials {
        let grant: AccessGrant
        do {
            grant = try await connect(server, nil).logIn(email: email, password: password, timeZone: timeZone)
        } catch ApiFailure.unauthorized {
            throw AccountError.invalidCredentials
        }
        var lifecycle = TokenLifecycle(state: .signedOut)
        let stored = StoredCredentials(server: server, email: email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(),
                                       accessToken: grant.accessToken, expiresAt: grant.expiresAt)
        try await StoredSession(credentials: credentials)
            .apply(lifecycle.handle(.loginSucceeded(token: grant.accessToken)), stored: stored)
        return stored
    }
}
