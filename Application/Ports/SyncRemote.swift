import Foundation
import WellnessDomain

/// A server that syncs a person's records (``SyncWithServer``): the HTTP client in an app,
/// a server's own use case in tests.
public protocol SyncRemote: Sendable {
    /// Sends a batch of changed records; a batch sent again with the same key changes nothing
    /// and gets the first answer.
    func push(_ batch: SyncPush) async throws -> SyncPushAnswer

    /// The records changed after `cursor` (0: from the start), at most `limit` of them.
    func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage
}

/// A batch of records a device sends.
public struct SyncPush: Sendable, Equatable, Codable {
    /// Makes a replayed batch change nothing: a new one for each batch.
    public let key: String
    /// The device's IANA time zone, which the server keeps as the account's.
    public let timeZone: String?
    /// The records, each as the device merged it.
    public let records: [SyncRecord]

    public init(key: String, timeZone: String?, records: [SyncRecord]) {
        self.key = key
        self.timeZone = timeZone
        self.records = records
    }
}

/// What the server answers a push.
public struct SyncPushAnswer: Sendable, Equatable, Codable {
    /// How many of the batch's records changed what the server had.
    public let merged: Int

    public init(merged: Int) {
        self.merged = merged
    }
}

/// A page of changed records.
public struct SyncPage: Sendable, Equatable, Codable {
    /// The records, in the order they changed on the server.
    public let records: [SyncRecord]
    /// Where the next pull starts.
    public let cursor: Int64
    /// Whether more records changed after these.
    public let more: Bool
    /// The cursor asked with is older than tombstones the server no longer keeps: the device
    /// pulls everything again from 0, and what it holds as sent that the server no longer has
    /// was deleted there (``SyncReplica/dropUnseen(_:)``). Such a page holds no records.
    public let reset: Bool

    public init(records: [SyncRecord], cursor: Int64, more: Bool, reset: Bool = false) {
        self.records = records
        self.cursor = cursor
        self.more = more
        self.reset = reset
    }

    private enum CodingKeys: String, CodingKey { case records, cursor, more, reset }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        records = try container.decode([SyncRecord].self, forKey: .records)
        cursor = try container.decode(Int64.self, forKey: .cursor)
        more = try container.decode(Bool.self, forKey: .more)
        reset = try container.decodeIfPresent(Bool.self, forKey: .reset) ?? false
    }

    /// `reset` is written only when it is true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(records, forKey: .records)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(more, forKey: .more)
        if reset { try container.encode(reset, forKey: .reset) }
    }
}
