import Foundation
import WellnessDomain

/// The tier the server's session says (the account's: Free or Pro), read through the
/// stale-while-revalidate cache like the insights: a fresh cached answer is used as it is, a
/// stale one is revalidated, and without a connection the cached answer comes back marked
/// offline.
public struct ReadRemoteTier: Sendable {
    let session: any SessionAPI
    let cache: StaleWhileRevalidate

    /// A use case reading `session` through `cache`.
    public init(session: any SessionAPI, cache: StaleWhileRevalidate) {
        self.session = session
        self.cache = cache
    }

    /// The account's tier, as `StaleWhileRevalidate.read` gives it (and throws).
    public func execute() async throws -> StaleWhileRevalidate.Result<Tier> {
        let session = self.session
        return try await cache.read("session:tier", type: .sessionTier, as: Tier.self) { try await session.session().tier }
    }
}
