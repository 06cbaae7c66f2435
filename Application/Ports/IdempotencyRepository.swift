import Foundation
import WellnessDomain

/// The first answers to idempotent check-in submissions, kept in the same database as the
/// check-ins they produced: a submission's check-in and the record of its answer are written in
/// one transaction, so a replay always gets the first answer — from another process on the same
/// data, and after a crash between the two writes, too.
public protocol IdempotencyRepository: Sendable {
    /// The account's record for `key`; `nil` when there is none (or it was removed).
    func record(account: Account.ID, key: String) async throws -> IdempotencyRecord?
    /// In one transaction: when the account has no record for `key`, saves `checkin` with the
    /// store's check-ins (replacing the day's only when `replacing`) and a record of the answer
    /// created at `now` — ``IdempotencyRecord/Outcome/created`` when the check-in was saved,
    /// ``IdempotencyRecord/Outcome/duplicate`` when the day already had one — and returns it with
    /// `replayed` false. When a record exists, writes nothing and returns it with `replayed` true.
    func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date) async throws
        -> (record: IdempotencyRecord, replayed: Bool)
    /// Forgets records created before `instant`; returns how many.
    func removeRecords(createdBefore instant: Date) async throws -> Int
}
