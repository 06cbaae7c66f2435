import Foundation
import WellnessDomain

/// The failed logins a server has seen (a ``LoginThrottle`` with the clock), shared by every
/// login of one process.
public actor LoginAttempts {
    private var throttle: LoginThrottle
    private let now: @Sendable () -> Date

    public init(policy: LoginThrottle.Policy = LoginThrottle.Policy(), now: @escaping @Sendable () -> Date) {
        throttle = LoginThrottle(policy: policy)
        self.now = now
    }

    /// Throws ``AccountError/tooManyAttempts(retryAfter:)`` when the client must wait first.
    func admit(email: String, address: String) throws(AccountError) {
        if let wait = throttle.wait(email: email, address: address, at: now()) {
            throw .tooManyAttempts(retryAfter: wait)
        }
    }

    func record(success: Bool, email: String, address: String) {
        if success {
            throttle.succeeded(email: email, address: address, at: now())
        } else {
            throttle.failed(email: email, address: address, at: now())
        }
    }
}
