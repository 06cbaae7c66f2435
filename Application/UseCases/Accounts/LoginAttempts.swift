import Foundation
import WellnessDomain

/// The failed logins a server has seen: a ``LoginThrottle/Policy`` applied to the counters of a
/// ``LoginAttemptRepository``, shared by every login and account deletion — in one process, or
/// in every process on a shared store.
public struct LoginAttempts: Sendable {
    /// Which failures make a client wait, and how long.
    public let policy: LoginThrottle.Policy
    let store: any LoginAttemptRepository
    private let now: @Sendable () -> Date

    /// Counts failed logins in `store` by `policy`, with the time from `now`.
    public init(policy: LoginThrottle.Policy = LoginThrottle.Policy(), store: any LoginAttemptRepository,
                now: @escaping @Sendable () -> Date) {
        self.policy = policy
        self.store = store
        self.now = now
    }

    /// Throws ``AccountError/tooManyAttempts(retryAfter:)`` when the client must wait first.
    func admit(email: String, address: String) async throws {
        if let wait = policy.wait(try await store.counters(email: email, address: address), at: now()) {
            throw AccountError.tooManyAttempts(retryAfter: wait)
        }
    }

    func record(success: Bool, email: String, address: String) async throws {
        let now = now()
        let policy = policy
        try await store.change(email: email, address: address, at: now) { counters in
            if success {
                policy.succeeded(&counters, at: now)
            } else {
                policy.failed(&counters, at: now)
            }
        }
    }
}
