import AsyncHTTPClient
import Foundation
import Logging
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessHTTP
import WellnessInMemory
import WellnessJSONFile

/// The client side of Wellness: a data directory that may be logged in to a Wellness server.
/// Its login lives in `session.json` (0600) beside the store; while it holds, the container's
/// every record travels by sync (``syncing(_:)``), tips come from the server, and the Drift
/// views are read from it (over HTTP, through the local cache).
public struct WellnessClient: Sendable {
    /// The configuration the container is built with (its store, clock, calendar, language).
    public let configuration: WellnessConfiguration
    let credentials: any CredentialStore
    /// Talks to the server: trusting the system's certificate authorities, and those of the file
    /// given (a server with a private authority or a self-signed certificate).
    let http: HTTPClient
    /// How long a call may wait for the server before it counts as unreachable.
    public let timeouts: ServerTimeouts
    /// The one owner of "online" for every call this client (and the containers it builds)
    /// makes: once a call found the server unreachable, the others do not try it again.
    public let connectivity = ServerConnectivity()

    /// The client of a configuration's data directory. The in-memory store keeps its login in
    /// memory, so it is never logged in across runs. `trustedCertificates`, a PEM file, adds to
    /// the certificates https trusts; `timeouts` say how long the server is waited for.
    public init(_ configuration: WellnessConfiguration, trustedCertificates: URL? = nil,
                timeouts: ServerTimeouts = ServerTimeouts()) throws {
        self.configuration = configuration
        self.timeouts = timeouts
        http = try TrustedCertificates.client(alsoTrusting: trustedCertificates, connect: timeouts.connect)
        if configuration.store == .memory {
            credentials = InMemoryCredentialStore()
        } else {
            credentials = JSONFileCredentialStore(store: try JSONFileStore(directory: configuration.dataDirectory,
                                                                           logger: configuration.logger))
        }
    }

    /// The container on the configuration's store, connected to the server when logged in.
    public func wellness() async throws -> Wellness {
        var configuration = self.configuration
        if let login = try await credentials.load() {
            configuration.remote = connection(login)
        }
        return try Wellness.make(configuration)
    }

    /// Logging in, out, and checking the login.
    public var session: Session {
        // The calendar's zone when it is an IANA name (not a POSIX `TZ` rule), so the server
        // counts this person's days where they are.
        let zone = try? AccountTimeZone.check(configuration.calendar.timeZone.identifier)
        return Session(credentials: credentials, connect: connect, timeZone: zone)
    }

    /// The logged-in account on its server: downloading its data, deleting it.
    public var account: ServerAccount { ServerAccount(credentials: credentials, connect: connect) }

    /// The server's side of the ports for a login, over HTTP, sharing ``connectivity``; any 401
    /// clears the stored token.
    func connection(_ login: StoredCredentials) -> RemoteConnection {
        let api = api(login)
        return RemoteConnection(login: login, checkins: HTTPCheckinAPI(api), drift: HTTPDriftRemote(api),
                                tips: HTTPGoalTipsService(api, language: configuration.locale.rawValue),
                                session: HTTPSessionAPI(api), connectivity: connectivity, syncsRecords: true)
    }

    /// The server's API for a login, with its token; a 401 clears the stored token.
    func api(_ login: StoredCredentials) -> WellnessAPIClient {
        let forget = ForgetRefusedSession(credentials: credentials)
        return WellnessAPIClient(server: login.server, token: login.accessToken, client: http, timeouts: timeouts,
                                 onUnauthorized: { _ = try? await forget.execute() })
    }

    /// Connects to a server's session endpoints over HTTP, through ``connectivity``.
    var connect: ConnectToServer {
        let (http, timeouts, connectivity) = (self.http, self.timeouts, self.connectivity)
        return { server, token in
            ConnectedSessionAPI(HTTPSessionAPI(WellnessAPIClient(server: server, token: token, client: http,
                                                                 timeouts: timeouts)),
                                connectivity: connectivity)
        }
    }
}

extension WellnessClient {
    /// The login to a server: `logIn`, `logOut` (here or everywhere), `status`.
    public struct Session: Sendable {
        let logInToServer: LogIn
        let logOutOfServer: LogOut
        let checkSession: CheckSession

        init(credentials: any CredentialStore, connect: @escaping ConnectToServer, timeZone: String?) {
            logInToServer = LogIn(credentials: credentials, connect: connect, timeZone: timeZone)
            logOutOfServer = LogOut(credentials: credentials, connect: connect)
            checkSession = CheckSession(credentials: credentials, connect: connect)
        }

        /// Logs in and keeps the token.
        @discardableResult
        public func logIn(server: URL, email: String, password: String) async throws -> StoredCredentials {
            try await logInToServer.execute(server: server, email: email, password: password)
        }

        /// Ends the session on the server and forgets the token; returns what was stored.
        @discardableResult
        public func logOut() async throws -> StoredCredentials? { try await logOutOfServer.execute() }

        /// Ends every session of the account on the server, then forgets the token; returns what was stored.
        @discardableResult
        public func logOutEverywhere() async throws -> StoredCredentials? { try await logOutOfServer.everywhere() }

        /// Checks the stored token with the server.
        public func status() async throws -> SessionStatus { try await checkSession.execute() }
    }
}
