import Foundation
import WellnessDomain

/// Bearer tokens: new random ones (at least 128 bits) and the digest the server stores
/// instead of the token.
public protocol AccessTokenIssuer: Sendable {
    func newToken() -> String
    func digest(_ token: String) -> String
}
