import Foundation
import WellnessDomain

/// The server side of a check-in: saves it in the account's store once per key. The first
/// answer for a key (saved, or the day already had one) is remembered for
/// ``IdempotencyRecord/lifetime``, so a client that never saw it can send again and gets the
/// same answer while nothing changes.
///
/// Callers serialise submissions of one account (the server does); across processes a lost
/// race still stores one record and answers consistently with the stored check-in.
public struct SubmitCheckin: Sendable {
    let checkins: any CheckinRepository
    let idempotency: any IdempotencyRepository
    let account: Account.ID
    let time: TimeContext

    public init(checkins: any CheckinRepository, idempotency: any IdempotencyRepository, account: Account.ID,
                time: TimeContext) {
        self.checkins = checkins
        self.idempotency = idempotency
        self.account = account
        self.time = time
    }

    /// The record of the first answer for `key`, and whether this call was a replay of it. With
    /// `replacing`, the check-in replaces the day's (`PUT`): the outcome is always `created`.
    public func execute(_ checkin: Checkin, key: String, replacing: Bool = false) async throws
        -> (record: IdempotencyRecord, replayed: Bool) {
        guard IdempotencyRecord.isValidKey(key) else { throw SubmissionError.invalidKey }
        if let first = try await idempotency.record(account: account, key: key) {
            return (try Self.replay(first, of: checkin), true)
        }
        let saved = try await checkins.save(checkin, replacing: replacing)
        let now = time.now()
        let record = IdempotencyRecord(accountID: account, key: key, checkin: checkin,
                                       outcome: saved ? .created : .duplicate, createdAt: now)
        guard try await idempotency.save(record) else {
            guard let first = try await idempotency.record(account: account, key: key) else { return (record, false) }
            return (try Self.replay(first, of: checkin), true)
        }
        _ = try await idempotency.removeRecords(createdBefore: now.addingTimeInterval(-IdempotencyRecord.lifetime))
        return (record, false)
    }

    private static func replay(_ first: IdempotencyRecord, of checkin: Checkin) throws -> IdempotencyRecord {
        guard first.checkin == checkin else { throw SubmissionError.keyReused(first.key) }
        return first
    }
}
