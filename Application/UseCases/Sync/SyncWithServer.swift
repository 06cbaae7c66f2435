import Foundation
import WellnessDomain

/// Syncs a device's store with a server: sends what changed here, then takes what changed
/// elsewhere, page by page, keeping the server's cursor in the store.
public struct SyncWithServer: Sendable {
    let replica: SyncReplica
    let remote: any SyncRemote
    let timeZone: String?
    /// The most records a push carries.
    let batchSize: Int
    /// The most records a pull asks for a page.
    let pageSize: Int
    /// The most bytes of records a push carries (the server takes 1 MB).
    let batchBytes: Int

    static let cursorName = "cursor"
    static let resyncName = "pulling everything"

    /// Syncs `stores` (a device's) with `remote`, telling it `timeZone`: pushes of at most
    /// `batchSize` records and `batchBytes` bytes of them, pulls of pages of at most `pageSize`
    /// records (a server sends at most 5,000).
    public init(stores: WellnessRepositories, remote: any SyncRemote, clock: any WallClock, timeZone: String?,
                batchSize: Int = 1000, batchBytes: Int = 768 * 1024, pageSize: Int = 5000) throws(SyncError) {
        replica = try SyncReplica(stores: stores, role: .device, clock: clock)
        self.remote = remote
        self.timeZone = timeZone
        self.batchSize = batchSize
        self.batchBytes = batchBytes
        self.pageSize = pageSize
    }

    /// Sends and receives everything; throws the first failure (what was done before it stays done).
    public func execute() async throws -> SyncReport {
        // What this process writes while the sync runs is taken note of before a page is merged
        // over it (the receive would otherwise write over the edit, and the next capture see none).
        let (writes, stop) = replica.stores.changes.startRecording()
        defer { stop() }
        var report = SyncReport()
        report.captured = try await replica.capture()
        _ = writes.take()
        do {
            try await push(into: &report)
        } catch let refused as SyncError {
            // A change the server refuses stays pending; what the other devices changed still comes in.
            try await pull(into: &report, writes: writes)
            throw refused
        }
        try await pull(into: &report, writes: writes)
        return report
    }

    /// Exclusively of any other sync of the store (``SyncLogRepository/exclusively(_:)``): a
    /// command's writes and its taking note of them, so that no receive writes over them in between.
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await replica.exclusively(body)
    }

    /// Takes note of what changed in `collections` (`nil`: every collection), stamping it now,
    /// without sending it.
    @discardableResult
    public func capture(_ collections: Set<RecordCollection>?) async throws -> [RecordCollection: Int] {
        try await replica.capture(only: collections)
    }

    /// The first time only: takes note of everything the store holds, as older than any other
    /// device's change (what was here before this device synced). Call it before the first
    /// write made while logged in, so that the write is stamped as the change it is.
    public func captureFirst() async throws {
        if try await !replica.hasCaptured() { try await replica.capture() }
    }

    /// Takes note of what changed in `collections` (none when empty; `nil`: all) and sends
    /// every pending change, without receiving.
    public func send(_ collections: Set<RecordCollection>? = nil) async throws -> SyncReport {
        var report = SyncReport()
        if collections?.isEmpty != true { report.captured = try await replica.capture(only: collections) }
        try await push(into: &report)
        return report
    }

    /// Sends the pending records in batches. A record the server refuses (naming it) is set
    /// aside: kept here and pending, but not sent again until it changes, so the rest still goes
    /// (one refused record used to fail every batch it was in, at every sync, for good).
    private func push(into report: inout SyncReport) async throws {
        let encoder = JSONEncoder()
        var aside = try await setAside()
        // Bounded: each round sends at least one pending record, which is then no longer
        // pending, or sets one aside.
        for _ in 0..<1_000_000 {
            let pending = try await replica.pending(limit: batchSize + aside.count).filter { record in
                !aside.contains { $0.holds(record) }
            }.prefix(batchSize)
            guard !pending.isEmpty else { break }
            var batch: [SyncRecord] = []
            var bytes = 0
            for record in pending {
                let size = try encoder.encode(record).count
                if !batch.isEmpty && bytes + size > batchBytes { break }
                batch.append(record)
                bytes += size
            }
            do {
                _ = try await remote.push(SyncPush(key: UUID().uuidString.lowercased(), timeZone: timeZone, records: batch))
            } catch let SyncError.refused(collection, key, why) {
                guard let record = batch.first(where: { $0.collection == collection && $0.key == key }) else {
                    throw SyncError.refused(collection, key, why)
                }
                aside.removeAll { $0.names(record) }
                aside.append(SetAsideRecord(record, reason: why.reason))
                try await keepSetAside(aside)
                report.refused[collection, default: [:]][key] = why.reason
                continue
            }
            try await replica.sent(batch)
            for record in batch { report.sent[record.collection, default: 0] += 1 }
            // One set aside before and taken now (it changed since) is no longer aside.
            if aside.contains(where: { entry in batch.contains { entry.names($0) } }) {
                aside.removeAll { entry in batch.contains { entry.names($0) } }
                try await keepSetAside(aside)
            }
        }
        // What no longer waits (it was received since, say) is no longer set aside.
        let waiting = try await replica.pending(limit: aside.count + batchSize)
        let still = aside.filter { entry in waiting.contains { entry.holds($0) } }
        if still != aside { try await keepSetAside(still) }
        for entry in still { report.setAside[RecordCollection(rawValue: entry.collection), default: [:]][entry.key] = entry.reason }
    }

    static let setAsideName = "set aside"

    /// The records set aside, as the log keeps them.
    private func setAside() async throws -> [SetAsideRecord] {
        try await SyncLogJSON.read([SetAsideRecord].self, named: Self.setAsideName, in: replica.log) ?? []
    }

    private func keepSetAside(_ records: [SetAsideRecord]) async throws {
        try await replica.log.setValue(records.isEmpty ? nil : try SyncLogJSON.text(records), for: Self.setAsideName)
    }

    /// Takes the pages after the kept cursor, asking for the next page while it merges in the
    /// one it has (the server's work and this store's overlap); the cursor is kept after each
    /// page is merged, so an interrupted pull starts again after the last page merged.
    ///
    /// A page that says ``SyncPage/reset`` (this device was away longer than the server keeps
    /// tombstones) starts a pull of everything from 0, noted in the log so that an interrupted
    /// one starts again; at its end, what this device holds as sent that the server did not list
    /// was deleted there, and is removed here (``SyncReplica/dropUnseen(_:)``).
    private func pull(into report: inout SyncReport, writes: StoreChangeRecorder? = nil) async throws {
        let (remote, limit, timeZone) = (self.remote, pageSize, self.timeZone)
        func request(after cursor: Int64) -> Task<SyncPage, any Error> {
            Task { try await remote.pull(after: cursor, limit: limit, timeZone: timeZone) }
        }
        let log = replica.log
        // What a pull of everything has listed so far; `nil` while pulling changes only.
        var listed: [RecordCollection: Set<String>]? = try await log.value(Self.resyncName) == nil ? nil : [:]
        var next = request(after: listed == nil ? Int64(try await log.value(Self.cursorName) ?? "0") ?? 0 : 0)
        defer { next.cancel() }
        for _ in 0..<1_000_000 {
            let page = try await next.value
            if page.reset {
                // Asked from 0, the server never says so; a second time means it misbehaves.
                guard listed == nil else { throw SyncError.refusedByServer("the server asked for a pull from the start twice") }
                try await log.setValue("1", for: Self.resyncName)
                listed = [:]
                next = request(after: 0)
                continue
            }
            let last = !page.more || page.records.isEmpty
            if !last { next = request(after: page.cursor) }
            // `nil` from the recorder is "anything may have changed" (a restore): everything is captured.
            let written: Set<RecordCollection>? = if let writes { writes.take() } else { [] }
            let receipt = try await replica.receive(page.records, capturingFirst: written,
                                                    settingAfter: [Self.cursorName: String(page.cursor)])
            report.receive(receipt, of: page.records)
            if listed != nil {
                for record in page.records { listed?[record.collection, default: []].insert(record.key) }
            }
            if last {
                if let listed {
                    report.dropped = try await replica.dropUnseen(listed)
                    try await log.setValue(nil, for: Self.resyncName)
                }
                return
            }
        }
    }
}

/// What a sync did, by collection.
public struct SyncReport: Sendable, Equatable {
    /// Records changed here since the last sync.
    public var captured: [RecordCollection: Int] = [:]
    /// Records sent.
    public var sent: [RecordCollection: Int] = [:]
    /// Records received.
    public var received: [RecordCollection: Int] = [:]
    /// Received records that changed this store.
    public var merged: [RecordCollection: Int] = [:]
    /// This device's records replaced by a later change from another device.
    public var replaced: [RecordCollection: [String]] = [:]
    /// Records removed here because the server no longer has them: deleted on another device
    /// while this one was away longer than the server keeps tombstones (``SyncPage/reset``).
    public var dropped: [RecordCollection: Int] = [:]
    /// Records the server refused in this sync, by collection and key, with why: kept here and
    /// set aside (not sent again until they change), while the rest was sent.
    public var refused: [RecordCollection: [String: String]] = [:]
    /// Every record set aside after this sync (refused in it or before, unchanged since), by
    /// collection and key, with why.
    public var setAside: [RecordCollection: [String: String]] = [:]

    public init() {}

    mutating func receive(_ receipt: SyncReceipt, of records: [SyncRecord]) {
        for record in records { received[record.collection, default: 0] += 1 }
        merged.merge(receipt.merged, uniquingKeysWith: +)
        replaced.merge(receipt.replaced, uniquingKeysWith: +)
    }
}

/// A pending record the server refused, as it was when refused: not sent again until it changes.
struct SetAsideRecord: Codable, Equatable, Sendable {
    let collection: String
    let key: String
    /// Its stamp when refused (a change since gives it a later one).
    let stamp: String
    let reason: String

    init(_ record: SyncRecord, reason: String) {
        collection = record.collection.rawValue
        key = record.key
        stamp = record.stamp.description
        self.reason = reason
    }

    /// Whether `record` is this one, as it was when refused.
    func holds(_ record: SyncRecord) -> Bool { names(record) && record.stamp.description == stamp }

    /// Whether `record` has this one's collection and key.
    func names(_ record: SyncRecord) -> Bool { record.collection.rawValue == collection && record.key == key }
}
