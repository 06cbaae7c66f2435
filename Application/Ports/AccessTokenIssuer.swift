import Foundation
import WellnessDomain

/// Bearer tokens: new random ones (at least 128 bits) and the digest the server stores
/// instead of the token.
public protocol AccessTokenIssuer: Sendable {
    /// A new random bearer token, safe to put in a header.
    func newToken() -> String
    /// What the server stores and looks a token up by: the same for the same token, and not
    /// turned back into it.
    func digest(_ token: String) -> String
}
