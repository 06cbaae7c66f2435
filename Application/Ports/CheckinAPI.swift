import Foundation
import WellnessDomain

/// The remote check-in API.
public protocol CheckinAPI: Sendable {
    /// Sends a check-in with its idempotency key. Returns `.accepted`, or `.duplicate` when the
    /// server already has it (a replayed key, or a 409 for that day: either way there is nothing
    /// left to send). Throws otherwise (an ``ApiFailure`` or any error); a flush counts that as a
    /// failed attempt. With `replacing`, the check-in replaces the server's for its day.
    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome
}
