import Foundation
import WellnessApplication
import WellnessDomain
import WellnessFileSystem
import WellnessStoreState

/// Check-ins in `checkins.json`, one per day, by day.
public struct JSONFileCheckinRepository: CheckinRepository {
    private let store: JSONFileStore
    static let collection = CheckinRecords.collection.rawValue

    /// Keeps its data in `store`'s `checkins.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin] {
        (try await store.read(Self.collection, as: [Checkin].self) ?? []).filter { days.contains($0.day) }
    }

    public func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool {
        try await store.update(Self.collection, as: [Checkin].self) { stored in
            var checkins = stored ?? []
            defer { stored = checkins }
            return Self.save(checkin, replacing: replacing, in: &checkins)
        }
    }

    /// Puts `checkin` in its day's place (a day that has one only when `replacing`); whether it did.
    static func save(_ checkin: Checkin, replacing: Bool, in checkins: inout [Checkin]) -> Bool {
        if let index = checkins.firstIndex(where: { $0.day == checkin.day }) {
            guard replacing else { return false }
            checkins[index] = checkin
        } else {
            checkins.append(checkin)
            checkins.sort { $0.day < $1.day }
        }
        return true
    }
}

/// The offline queue and its claims in `checkin-queue.json`; every step is one locked
/// read-modify-write, so processes share it safely.
public struct JSONFileCheckinQueueRepository: CheckinQueueRepository {
    private let store: JSONFileStore
    static let collection = "checkin-queue"

    /// Keeps its data in `store`'s `checkin-queue.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    private func change<Result: Sendable>(_ body: @Sendable (inout CheckinQueueState) -> Result) async throws -> Result {
        try await store.update(Self.collection, as: CheckinQueueState.self) { stored in
            var state = stored ?? CheckinQueueState()
            let result = body(&state)
            stored = state
            return result
        }
    }

    public func all() async throws -> [QueuedCheckin] {
        (try await store.read(Self.collection, as: CheckinQueueState.self) ?? CheckinQueueState()).items
    }

    public func enqueue(_ item: QueuedCheckin) async throws { try await change { $0.enqueue(item) } }

    public func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) async throws -> QueuedCheckin? {
        try await change {
            $0.claimNext(flush: flush, now: now, excluding: excluding, lifetime: Self.claimLifetime,
                         process: ProcessLiveness.current, isRunning: ProcessLiveness.isRunning)
        }
    }

    public func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) async throws {
        try await change { $0.release(id, flush: flush, replacement: item) }
    }

    public func update(_ item: QueuedCheckin) async throws -> Bool { try await change { $0.update(item) } }

    public func pausedUntil() async throws -> Date? {
        try await store.read(Self.collection, as: CheckinQueueState.self)?.pausedUntil
    }

    public func pause(until instant: Date) async throws { try await change { $0.pausedUntil = instant } }
    public func remove(_ id: QueuedCheckin.ID) async throws -> Bool { try await change { $0.remove(id) } }
}

/// The tier in `tier.json` (`{"tier": "pro"}`); Free when the file does not exist.
public struct JSONFileTierRepository: TierRepository {
    private let store: JSONFileStore
    static let collection = "tier"

    /// Keeps its data in `store`'s `tier.json`. Its methods throw `JSONFileStoreError` or `FileSystemError`
    /// when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    struct Document: Codable, Equatable {
        var tier: Tier
    }

    public func tier() async throws -> Tier { try await store.read(Self.collection, as: Document.self)?.tier ?? .free }

    public func setTier(_ tier: Tier) async throws {
        try await store.update(Self.collection, as: Document.self) { $0 = Document(tier: tier) }
    }
}

/// Cached API answers in `drift-cache.json`: `{key: {"json": "...", "fetchedAt": "..."}}`.
public struct JSONFileDriftCacheRepository: DriftCacheRepository {
    private let store: JSONFileStore
    static let collection = "drift-cache"

    /// Keeps its data in `store`'s `drift-cache.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    struct Entry: Codable, Equatable {
        var json: String
        var fetchedAt: Date
    }

    public func cached(_ key: String) async throws -> (data: Data, fetchedAt: Date)? {
        guard let entry = try await store.read(Self.collection, as: [String: Entry].self)?[key] else { return nil }
        return (Data(entry.json.utf8), entry.fetchedAt)
    }

    public func store(_ key: String, data: Data, fetchedAt: Date) async throws {
        try await store.update(Self.collection, as: [String: Entry].self) { stored in
            var entries = stored ?? [:]
            entries[key] = Entry(json: String(decoding: data, as: UTF8.self), fetchedAt: fetchedAt)
            stored = entries
        }
    }
}
