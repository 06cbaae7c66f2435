import Foundation

/// The kinds of data kept in the stale-while-revalidate cache, with the design's time to live.
public enum CacheDataType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Today's check-in status: 1 minute (changes often).
    case checkinToday
    /// Trend points: 5 minutes.
    case trends
    /// Alerts: 5 minutes.
    case alerts
    /// Weekly insights: 10 minutes.
    case insights
    /// Reminder settings: 10 minutes.
    case reminderSettings
    /// The tier the server's session says: 10 minutes, like insights.
    case sessionTier

    /// How long an entry stays fresh, in whole milliseconds (the design's `CACHE_TTL`).
    public var timeToLiveMilliseconds: Int64 {
        switch self {
        case .checkinToday: 60_000
        case .trends, .alerts: 300_000
        case .insights, .reminderSettings, .sessionTier: 600_000
        }
    }

    /// How long an entry stays fresh, in seconds.
    public var timeToLive: TimeInterval { TimeInterval(timeToLiveMilliseconds) / 1000 }
}

/// Whether a cached entry may be served without asking the source again.
public enum CacheFreshness: String, Sendable, Hashable, Codable {
    case fresh, stale
}

/// A cached value of one data type and when it was fetched.
public struct CacheEntry<Value> {
    public let value: Value
    public let fetchedAt: Date
    public let dataType: CacheDataType

    public init(value: Value, fetchedAt: Date, dataType: CacheDataType) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.dataType = dataType
    }

    /// `fresh` while the entry is younger than its type's time to live, `stale` from the moment
    /// it is exactly that old, compared in whole milliseconds (a 1-minute entry fetched at
    /// 10:00:00.000 is fresh at 10:00:59.999 and stale at 10:01:00.000). An entry fetched
    /// "after" `now` (a clock set back) counts as fresh.
    public func freshness(at now: Date) -> CacheFreshness {
        let age = Timestamp.milliseconds(now) - Timestamp.milliseconds(fetchedAt)
        return age < dataType.timeToLiveMilliseconds ? .fresh : .stale
    }

    /// The same entry holding another value (e.g. decoded into a different type).
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> CacheEntry<Other> {
        CacheEntry<Other>(value: try transform(value), fetchedAt: fetchedAt, dataType: dataType)
    }
}

extension CacheEntry: Sendable where Value: Sendable {}
extension CacheEntry: Equatable where Value: Equatable {}
extension CacheEntry: Hashable where Value: Hashable {}
extension CacheEntry: Encodable where Value: Encodable {}
extension CacheEntry: Decodable where Value: Decodable {}

/// What a stale-while-revalidate read does, given the cached entry (if any) and whether the
/// source can be reached.
public enum CacheRead<Value> {
    /// Fresh: serve it, nothing to fetch (whether or not the source is reachable).
    case fresh(CacheEntry<Value>)
    /// Stale and the source is reachable: serve it now and fetch a new value to replace it.
    case staleRevalidating(CacheEntry<Value>)
    /// Nothing cached and the source is reachable: fetch and wait for the answer.
    case fetch
    /// Stale and the source is unreachable: serve it, marked as offline.
    case offline(CacheEntry<Value>)
    /// Nothing cached and the source is unreachable: nothing to show (the offline state).
    case unavailable

    /// The decision for `entry` at `now`.
    public static func decide(_ entry: CacheEntry<Value>?, at now: Date, sourceReachable: Bool) -> CacheRead<Value> {
        guard let entry else { return sourceReachable ? .fetch : .unavailable }
        switch (entry.freshness(at: now), sourceReachable) {
        case (.fresh, _): return .fresh(entry)
        case (.stale, true): return .staleRevalidating(entry)
        case (.stale, false): return .offline(entry)
        }
    }

    /// The entry to show now, if any.
    public var entry: CacheEntry<Value>? {
        switch self {
        case .fresh(let entry), .staleRevalidating(let entry), .offline(let entry): entry
        case .fetch, .unavailable: nil
        }
    }

    /// Whether the source should be asked for a new value.
    public var needsFetch: Bool {
        switch self {
        case .staleRevalidating, .fetch: true
        case .fresh, .offline, .unavailable: false
        }
    }

    /// Whether what is shown must be marked offline.
    public var isOffline: Bool {
        switch self {
        case .offline, .unavailable: true
        case .fresh, .staleRevalidating, .fetch: false
        }
    }
}

extension CacheRead: Sendable where Value: Sendable {}
extension CacheRead: Equatable where Value: Equatable {}
