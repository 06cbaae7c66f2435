import Foundation
import WellnessApplication
import WellnessDomain

/// The idempotency records as a value (in-memory and JSON-file stores).
public struct IdempotencyState: Sendable, Equatable, Codable {
    /// Every account's records, in the order they were made.
    public private(set) var records: [IdempotencyRecord] = []

    /// No records.
    public init() {}

    /// The account's record for `key`, if it has one.
    public func record(account: Account.ID, key: String) -> IdempotencyRecord? {
        records.first { $0.accountID == account && $0.key == key }
    }

    /// ``IdempotencyRepository/submit(_:account:key:replacing:at:)`` on values: unless the
    /// account has a record for `key`, `save` stores the check-in (true when it did) and the
    /// record of that answer is added. The caller makes both one write.
    public mutating func submit(_ checkin: Checkin, account: Account.ID, key: String, at now: Date,
                                save: (Checkin) throws -> Bool) rethrows -> (record: IdempotencyRecord, replayed: Bool) {
        if let first = record(account: account, key: key) { return (first, true) }
        let record = IdempotencyRecord(accountID: account, key: key, checkin: checkin,
                                       outcome: try save(checkin) ? .created : .duplicate, createdAt: now)
        records.append(record)
        return (record, false)
    }

    /// Removes the records created before `instant`; returns how many.
    public mutating func removeRecords(createdBefore instant: Date) -> Int {
        let before = records.count
        records.removeAll { $0.createdAt < instant }
        return before - records.count
    }
}
