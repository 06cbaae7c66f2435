import Foundation
import WellnessDomain

/// The logged-in account on its server: downloading all of its data, changing its password, and
/// deleting it.
public struct ServerAccount: Sendable {
    let credentials: any CredentialStore
    let connect: ConnectToServer

    /// The account of the login in `credentials`, reached through `connect`.
    public init(credentials: any CredentialStore, connect: @escaping ConnectToServer) {
        self.credentials = credentials
        self.connect = connect
    }

    /// The account's data as a backup archive; ``ClientSessionError/notLoggedIn`` without a login.
    public func export() async throws -> [UInt8] {
        let stored = try await login()
        return try await connect(stored.server, stored.accessToken).exportAccount()
    }

    /// Deletes the account, its sessions and all its data on the server, given its password,
    /// then forgets the login here. The data on this machine stays. Returns the login that was.
    @discardableResult
    public func delete(password: String) async throws -> StoredCredentials {
        let stored = try await login()
        try await connect(stored.server, stored.accessToken).deleteAccount(password: password)
        _ = try await credentials.clear()
        return stored
    }

    /// Changes the account's password on the server, given the current one; every other
    /// session of the account ends there, this login stays. The new password must meet
    /// ``PasswordPolicy`` (judged here first, as the server judges it: `AccountError`); a wrong
    /// current password is ``ClientSessionError/currentPasswordRefused``. Returns the login.
    @discardableResult
    public func changePassword(current: String, new: String) async throws -> StoredCredentials {
        try PasswordPolicy.check(new)
        let stored = try await login()
        try await connect(stored.server, stored.accessToken).changePassword(current: current, new: new)
        return stored
    }

    private func login() async throws -> StoredCredentials {
        guard let stored = try await credentials.load() else { throw ClientSessionError.notLoggedIn }
        return stored
    }
}
