import Foundation
import WellnessDomain

/// Stale-while-revalidate reads of remote data through the persisted ``DriftCacheRepository``,
/// with the seed's time-to-live per data type (``CacheDataType``).
///
/// - Fresh cached data is returned without asking the source.
/// - Stale data is returned together with the source's new answer, which replaces it in the
///   cache (the revalidation).
/// - When the source cannot be reached (``ApiFailure/isUnreachable(_:)``), stale data
///   comes back marked offline; with nothing cached, or for any other failure (a 401, a locked
///   feature, a server error), the source's error is thrown.
public struct StaleWhileRevalidate: Sendable {
    let cache: any DriftCacheRepository
    let time: TimeContext

    /// Reads through `cache`, with now from `time`.
    public init(cache: any DriftCacheRepository, time: TimeContext) {
        self.cache = cache
        self.time = time
    }

    /// What a read gave.
    public struct Result<Value: Sendable>: Sendable {
        /// What to show now: the cached value when there was one, else the fetched one.
        public let value: Value
        /// When `value` was fetched.
        public let fetchedAt: Date
        /// The source's new value when it was asked and answered (it is cached now).
        public let revalidated: Value?
        /// The source could not be reached: `value` is stale.
        public let offline: Bool

        /// The newest value known: the revalidated one, else `value`.
        public var latest: Value { revalidated ?? value }

        /// The same reading with `transform` applied to its values.
        public func map<Other: Sendable>(_ transform: (Value) -> Other) -> Result<Other> {
            Result<Other>(value: transform(value), fetchedAt: fetchedAt, revalidated: revalidated.map(transform),
                          offline: offline)
        }
    }

    /// The cached entry for `key`, if it decodes; an entry that does not is treated as absent
    /// (it is replaced by the next answer), since the cache only holds copies of remote data.
    public func cached<Value: Codable & Sendable>(_ key: String, type: CacheDataType, as _: Value.Type) async throws
        -> CacheEntry<Value>? {
        guard let stored = try await cache.cached(key),
              let value = try? JSONDecoder.drift.decode(Value.self, from: stored.data) else { return nil }
        return CacheEntry(value: value, fetchedAt: stored.fetchedAt, dataType: type)
    }

    /// Reads `key` of `type`, asking `fetch` when the cached copy is missing or stale.
    public func read<Value: Codable & Sendable>(
        _ key: String, type: CacheDataType, as valueType: Value.Type, fetch: @Sendable () async throws -> Value
    ) async throws -> Result<Value> {
        let now = time.now()
        let entry = try await cached(key, type: type, as: valueType)
        if let entry, entry.freshness(at: now) == .fresh {
            return Result(value: entry.value, fetchedAt: entry.fetchedAt, revalidated: nil, offline: false)
        }
        let fresh: Value
        do {
            fresh = try await fetch()
        } catch {
            guard let entry, ApiFailure.isUnreachable(error) else { throw error }
            return Result(value: entry.value, fetchedAt: entry.fetchedAt, revalidated: nil, offline: true)
        }
        try await cache.store(key, data: try JSONEncoder.drift.encode(fresh), fetchedAt: now)
        guard let entry else { return Result(value: fresh, fetchedAt: now, revalidated: nil, offline: false) }
        return Result(value: entry.value, fetchedAt: entry.fetchedAt, revalidated: fresh, offline: false)
    }
}

extension JSONEncoder {
    /// Dates as milliseconds since 1970, keys sorted: the cache's stored form.
    static var drift: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }
}

extension JSONDecoder {
    static var drift: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
