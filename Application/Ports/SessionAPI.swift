import Foundation
import WellnessDomain

/// The server's session endpoints. Failures are ``ApiFailure``s (a wrong password is
/// `.unauthorized`).
public protocol SessionAPI: Sendable {
    func logIn(email: String, password: String) async throws -> AccessGrant
    func session() async throws -> SessionInfo
    func logOut() async throws
    /// The account's data as a backup archive (``BackupArchive``).
    func exportAccount() async throws -> [UInt8]
    /// Deletes the account, its sessions and all its data; a wrong password is
    /// ``ClientSessionError/passwordRefused``.
    func deleteAccount(password: String) async throws
}
