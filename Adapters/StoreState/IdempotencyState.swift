import Foundation
import WellnessApplication
import WellnessDomain

/// The idempotency records as a value (in-memory and JSON-file stores).
public struct IdempotencyState: Sendable, Equatable, Codable {
    public private(set) var records: [IdempotencyRecord] = []

    public init() {}

    public func record(account: Account.ID, key: String) -> IdempotencyRecord? {
        records.first { $0.accountID == account && $0.key == key }
    }

    public mutating func save(_ record: IdempotencyRecord) -> Bool {
        guard self.record(account: record.accountID, key: record.key) == nil else { return false }
        records.append(record)
        return true
    }

    public mutating func removeRecords(createdBefore instant: Date) -> Int {
        let before = records.count
        records.removeAll { $0.createdAt < instant }
        return before - records.count
    }
}
