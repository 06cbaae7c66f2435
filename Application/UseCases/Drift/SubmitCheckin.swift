import Foundation
import WellnessDomain

/// The server side of a check-in: saves it in the account's store once per key. The first
/// answer for a key (saved, or the day already had one) is remembered for
/// ``IdempotencyRecord/lifetime``, so a client that never saw it can send again and gets the
/// same answer while nothing changes. The check-in and the record of its answer are written in
/// one transaction (``IdempotencyRepository/submit(_:account:key:replacing:at:)``), so this holds
/// across processes and crashes without any lock of the caller's.
public struct SubmitCheckin: Sendable {
    let idempotency: any IdempotencyRepository
    let account: Account.ID
    let time: TimeContext

    /// `idempotency` keeps its records with the account's check-ins.
    public init(idempotency: any IdempotencyRepository, account: Account.ID, time: TimeContext) {
        self.idempotency = idempotency
        self.account = account
        self.time = time
    }

    /// The record of the first answer for `key`, and whether this call was a replay of it. With
    /// `replacing`, the check-in replaces the day's (`PUT`): the outcome is always `created`.
    /// The key reused for a different check-in is ``SubmissionError/keyReused(_:)``.
    public func execute(_ checkin: Checkin, key: String, replacing: Bool = false) async throws
        -> (record: IdempotencyRecord, replayed: Bool) {
        guard IdempotencyRecord.isValidKey(key) else { throw SubmissionError.invalidKey }
        let now = time.now()
        let answer = try await idempotency.submit(checkin, account: account, key: key, replacing: replacing, at: now)
        if answer.replayed {
            guard answer.record.checkin == checkin else { throw SubmissionError.keyReused(key) }
            return answer
        }
        _ = try await idempotency.removeRecords(createdBefore: now.addingTimeInterval(-IdempotencyRecord.lifetime))
        return answer
    }
}
