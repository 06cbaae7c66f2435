import Foundation
import WellnessDomain

/// The failed logins a server has seen, kept per key — an email with a client address, an
/// address, an email — and when each pair last logged in: the ``LoginThrottle/Counters`` of a
/// login. Every process of a server on one store reads and counts the same, so the login limit
/// holds however many processes answer.
public protocol LoginAttemptRepository: Sendable {
    /// What a login for `email` from `address` reads now.
    func counters(email: String, address: String) async throws -> LoginThrottle.Counters

    /// Reads the counters of a login for `email` from `address`, lets `change` modify them and
    /// saves the result, in one atomic step: concurrent changes that share a key (the same
    /// address at another email, say), through any handle on the store, run one after the
    /// other and all count. A counter set to `nil` forgets its key. `now` is when it happens:
    /// an adapter may forget keys its policy no longer counts.
    func change(email: String, address: String, at now: Date,
                _ change: @escaping @Sendable (inout LoginThrottle.Counters) -> Void) async throws
}
