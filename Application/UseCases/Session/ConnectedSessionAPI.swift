import WellnessDomain

/// The server's session endpoints through the process's ``ServerConnectivity``: while offline
/// nothing is tried (``ApiFailure/offline``: a session check says "unverified"), and a call that
/// finds the server unreachable takes the process offline.
public struct ConnectedSessionAPI: SessionAPI {
    let api: any SessionAPI
    let connectivity: ServerConnectivity

    /// Calls `api` as `connectivity` allows.
    public init(_ api: any SessionAPI, connectivity: ServerConnectivity) {
        self.api = api
        self.connectivity = connectivity
    }

    public func logIn(email: String, password: String, timeZone: String?) async throws -> AccessGrant {
        try await connectivity.call { try await api.logIn(email: email, password: password, timeZone: timeZone) }
    }

    public func session() async throws -> SessionInfo {
        try await connectivity.call { try await api.session() }
    }

    public func logOut() async throws {
        try await connectivity.call { try await api.logOut() }
    }

    public func logOutEverywhere() async throws {
        try await connectivity.call { try await api.logOutEverywhere() }
    }

    public func changePassword(current: String, new: String) async throws {
        try await connectivity.call { try await api.changePassword(current: current, new: new) }
    }

    public func exportAccount() async throws -> [UInt8] {
        try await connectivity.call { try await api.exportAccount() }
    }

    public func deleteAccount(password: String) async throws {
        try await connectivity.call { try await api.deleteAccount(password: password) }
    }
}
