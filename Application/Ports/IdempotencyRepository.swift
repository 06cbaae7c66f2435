import Foundation
import WellnessDomain

/// The first answers to idempotent check-in submissions, by account and key.
public protocol IdempotencyRepository: Sendable {
    func record(account: Account.ID, key: String) async throws -> IdempotencyRecord?
    /// Stores `record` unless one exists for its account and key; returns whether it was stored.
    func save(_ record: IdempotencyRecord) async throws -> Bool
    /// Forgets records created before `instant`; returns how many.
    func removeRecords(createdBefore instant: Date) async throws -> Int
}
