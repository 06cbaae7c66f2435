import Foundation
import WellnessDomain

/// The server's session endpoints. Failures are ``ApiFailure``s (a wrong password is
/// `.unauthorized`).
public protocol SessionAPI: Sendable {
    func logIn(email: String, password: String) async throws -> AccessGrant
    func session() async throws -> SessionInfo
    func logOut() async throws
}
