import Foundation
import WellnessDomain

/// What one write changed in a store: which collections, which of their records where the writer
/// knows them, and who wrote.
///
/// Collections are named as the ``RecordRegistry`` names them: a kind's
/// ``RecordKind/collection`` (`journals`, `moods`, …) or a setting's ``SettingKind/name``
/// (`moduleSettings`, `supplementStack`, …), plus the device's own ``RecordCollection/driftCache``,
/// a server's ``RecordCollection/idempotency`` and the store's ``RecordCollection/syncLog``.
public struct StoreChange: Sendable, Hashable {
    /// Who made a change.
    public enum Origin: String, Sendable, Hashable, CaseIterable {
        /// This process, through this store's repositories.
        case thisProcess
        /// Another process (or another handle of the same store), noticed by polling the store.
        case anotherProcess
        /// This process, applying what a server sent (see ``StoreChangeFeed/attributing(to:_:)``).
        case sync
    }

    /// Who made the change.
    public let origin: Origin
    /// The collections whose records changed; `nil` when the store cannot tell which (another
    /// process wrote to a SQLite store): anything may have changed.
    public let collections: Set<RecordCollection>?
    /// For the collections whose writer knew them, the changed records' identities as their kind
    /// describes them (``RecordKind/describe(_:)``): an app can redraw those rows only.
    public let records: [RecordCollection: Set<String>]

    public init(origin: Origin, collections: Set<RecordCollection>?, records: [RecordCollection: Set<String>] = [:]) {
        self.origin = origin
        self.collections = collections
        self.records = records
    }

    /// Whether the change may have touched `collection`.
    public func touches(_ collection: RecordCollection) -> Bool {
        collections?.contains(collection) ?? true
    }
}

extension SettingKind {
    /// The setting as a collection of a ``StoreChange`` (its ``SettingKind/name``).
    public static var collection: RecordCollection { RecordCollection(rawValue: name) }
}

extension RecordCollection {
    /// The cached answers of a server's Drift API (on this device only).
    public static let driftCache: RecordCollection = "driftCache"
    /// A server's idempotency records of check-in submissions.
    public static let idempotency: RecordCollection = "idempotency"
    /// A store's sync log (``SyncLogRepository``): what sync knows of its records.
    public static let syncLog: RecordCollection = "syncLog"
}

/// Notices what other processes wrote to a store. Each ``StoreChangeFeed`` subscriber gets its
/// own, made when it subscribes, so that nothing written after subscribing is missed.
public protocol ForeignWriteWatcher: Sendable {
    /// What others wrote since this watcher was made or last asked; `nil` when nothing was.
    func poll() async throws -> StoreChange?
}

/// The writes of one store, told to whoever watches it (see ``changes(pollingEvery:buffering:)``).
///
/// Each built-in store reports its own writes here once they are committed, and makes a
/// ``ForeignWriteWatcher`` for what other processes write (SQLite: the database's data version;
/// JSON files: their modification). An adapter of an app's own reports its writes with
/// ``report(_:records:)``.
public final class StoreChangeFeed: @unchecked Sendable {
    fileprivate let lock = NSLock()
    private var subscribers: [Int: AsyncStream<StoreChange>.Continuation] = [:]
    fileprivate var nextSubscriber = 0
    private let makeWatcher: (@Sendable () throws -> any ForeignWriteWatcher)?

    /// Who made the writes reported while a task runs in ``attributing(to:_:)``.
    @TaskLocal static var origin: StoreChange.Origin = .thisProcess

    /// A feed whose store nobody else writes to (memory), or whose other writers `makeWatcher`
    /// notices.
    public init(watchingOthersWith makeWatcher: (@Sendable () throws -> any ForeignWriteWatcher)? = nil) {
        self.makeWatcher = makeWatcher
    }

    /// Tells every subscriber that `collections` changed (`records` naming which records of
    /// them, where known). The writes of a task inside ``attributing(to:_:)`` are reported as
    /// that origin's, all others as this process's.
    public func report(_ collections: Set<RecordCollection>, records: [RecordCollection: Set<String>] = [:]) {
        guard !collections.isEmpty, isWatched else { return }
        publish(StoreChange(origin: Self.origin, collections: collections, records: records))
    }

    /// Tells every subscriber that anything may have changed (the store was replaced whole, by a
    /// restore).
    public func reportEverything() {
        publish(StoreChange(origin: Self.origin, collections: nil))
    }

    /// Tells every subscriber that one record of `Kind` changed.
    public func report<Kind: RecordKind>(_ kind: Kind.Type, _ identity: Kind.Identity) {
        guard isWatched else { return }
        report([Kind.collection], records: [Kind.collection: [Kind.describe(identity)]])
    }

    /// Runs `body`, reporting the writes it makes as `origin`'s (a sync applying what a server
    /// sent reports them as ``StoreChange/Origin/sync``).
    @discardableResult
    public func attributing<Result: Sendable>(to origin: StoreChange.Origin,
                                              _ body: () async throws -> Result) async rethrows -> Result {
        try await Self.$origin.withValue(origin) { try await body() }
    }

    /// The changes from now on: every write reported after this call returns, and what other
    /// processes write, checked every `interval`. The sequence ends when the iterating task is
    /// cancelled (or the caller drops it); subscribers never wait for each other: each keeps its
    /// changes until it reads them, all of them by default, or (`.bufferingNewest(1)`) only the
    /// latest, for a screen that reloads whole whatever changed.
    ///
    /// - Throws: when the store cannot be read for the starting point of other processes' writes.
    public func changes(pollingEvery interval: Duration = .seconds(1),
                        buffering: AsyncStream<StoreChange>.Continuation.BufferingPolicy = .unbounded)
        throws -> AsyncStream<StoreChange> {
        let watcher = try makeWatcher?()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: buffering)
        let id = lock.withLock {
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            return nextSubscriber
        }
        let poller = watcher.map { watcher in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard !Task.isCancelled else { break }
                    if let change = try? await watcher.poll() { continuation.yield(change) }
                }
            }
        }
        continuation.onTermination = { [weak self] _ in
            poller?.cancel()
            self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many sequences of ``changes(pollingEvery:buffering:)`` are being iterated.
    public var subscriberCount: Int {
        lock.withLock { subscribers.count }
    }

    /// Whether anyone subscribed: a write nobody watches costs a lock and no more.
    private var isWatched: Bool {
        lock.withLock { !subscribers.isEmpty || !recorders.isEmpty }
    }

    private func publish(_ change: StoreChange) {
        let (targets, recording) = lock.withLock { (Array(subscribers.values), Array(recorders.values)) }
        for continuation in targets { continuation.yield(change) }
        for recorder in recording { recorder.add(change) }
    }

    fileprivate var recorders: [Int: StoreChangeRecorder] = [:]

    /// Runs `body` and returns, with its result, the collections this process wrote while it ran
    /// (`nil`: anything may have changed, as after a restore). Sync takes note of a command's
    /// writes this way, reading only what it touched.
    public func recording<Result: Sendable>(_ body: () async throws -> Result) async rethrows
        -> (result: Result, collections: Set<RecordCollection>?) {
        let recorder = StoreChangeRecorder()
        let id = lock.withLock {
            nextSubscriber += 1
            recorders[nextSubscriber] = recorder
            return nextSubscriber
        }
        defer { lock.withLock { _ = recorders.removeValue(forKey: id) } }
        let result = try await body()
        return (result, recorder.collections)
    }
}

extension StoreChangeFeed {
    /// Records what this process writes from now until `stop` is called, read as it goes with
    /// ``StoreChangeRecorder/take()``: a sync takes note of a write made while it pulls before it
    /// merges a page over it.
    func startRecording() -> (recorder: StoreChangeRecorder, stop: @Sendable () -> Void) {
        let recorder = StoreChangeRecorder()
        let id = lock.withLock {
            nextSubscriber += 1
            recorders[nextSubscriber] = recorder
            return nextSubscriber
        }
        return (recorder, { [weak self] in self?.lock.withLock { _ = self?.recorders.removeValue(forKey: id) } })
    }
}

/// The collections one ``StoreChangeFeed/recording(_:)`` saw written.
final class StoreChangeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var written: Set<RecordCollection>? = []

    func add(_ change: StoreChange) {
        guard change.origin == .thisProcess else { return }
        lock.withLock {
            if let collections = change.collections { written?.formUnion(collections) } else { written = nil }
        }
    }

    var collections: Set<RecordCollection>? { lock.withLock { written } }

    /// What was written since the recorder started or was last asked (`nil`: anything), and
    /// starts again from nothing.
    func take() -> Set<RecordCollection>? {
        lock.withLock {
            defer { written = [] }
            return written
        }
    }
}
