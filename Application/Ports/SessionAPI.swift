import Foundation
import WellnessDomain

/// The server's session endpoints. Failures are ``ApiFailure``s (a wrong password is
/// `.unauthorized`).
public protocol SessionAPI: Sendable {
    /// `POST /api/auth/login`: a new access token and when it expires. `timeZone`, the IANA
    /// name of this device's zone, becomes the account's on the server when given.
    func logIn(email: String, password: String, timeZone: String?) async throws -> AccessGrant
    /// `GET /api/auth/session`: the token's account (id, email, tier) and when it expires.
    func session() async throws -> SessionInfo
    /// `POST /api/auth/logout`: ends the session, so its token is refused from then on.
    func logOut() async throws
    /// `POST /api/auth/logout-all`: ends every session of the account, this one too.
    func logOutEverywhere() async throws
    /// `POST /api/auth/password`: changes the password, ending every other session of the
    /// account; a wrong current password is ``ClientSessionError/currentPasswordRefused``.
    func changePassword(current: String, new: String) async throws
    /// The account's data as a backup archive (``BackupArchive``).
    func exportAccount() async throws -> [UInt8]
    /// Deletes the account, its sessions and all its data; a wrong password is
    /// ``ClientSessionError/passwordRefused``.
    func deleteAccount(password: String) async throws
}

extension SessionAPI {
    /// Logs in without saying this device's time zone.
    public func logIn(email: String, password: String) async throws -> AccessGrant {
        try await logIn(email: email, password: password, timeZone: nil)
    }
}
