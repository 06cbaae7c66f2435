import Foundation
import WellnessDomain

/// Syncs a device's store with a server: sends what changed here, then takes what changed
/// elsewhere, page by page, keeping the server's cursor in the store.
public struct SyncWithServer: Sendable {
    let replica: SyncReplica
    let remote: any SyncRemote
    let timeZone: String?
    /// The most records a push carries, and a pull asks for.
    let batchSize: Int
    /// The most bytes of records a push carries (the server takes 1 MB).
    let batchBytes: Int

    static let cursorName = "cursor"
    static let resyncName = "pulling everything"

    /// Syncs `stores` (a device's) with `remote`, telling it `timeZone`.
    public init(stores: WellnessRepositories, remote: any SyncRemote, clock: any WallClock, timeZone: String?,
                batchSize: Int = 1000, batchBytes: Int = 768 * 1024) throws(SyncError) {
        replica = try SyncReplica(stores: stores, role: .device, clock: clock)
        self.remote = remote
        self.timeZone = timeZone
        self.batchSize = batchSize
        self.batchBytes = batchBytes
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

    private func push(into report: inout SyncReport) async throws {
        let encoder = JSONEncoder()
        // Bounded: each round sends at least one pending record, which is then no longer pending.
        for _ in 0..<1_000_000 {
            let pending = try await replica.pending(limit: batchSize)
            guard !pending.isEmpty else { return }
            var batch: [SyncRecord] = []
            var bytes = 0
            for record in pending {
                let size = try encoder.encode(record).count
                if !batch.isEmpty && bytes + size > batchBytes { break }
                batch.append(record)
                bytes += size
            }
            _ = try await remote.push(SyncPush(key: UUID().uuidString.lowercased(), timeZone: timeZone, records: batch))
            try await replica.sent(batch)
            for record in batch { report.sent[record.collection, default: 0] += 1 }
        }
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
        let (remote, limit, timeZone) = (self.remote, batchSize, self.timeZone)
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

    public init() {}

    mutating func receive(_ receipt: SyncReceipt, of records: [SyncRecord]) {
        for record in records { received[record.collection, default: 0] += 1 }
        merged.merge(receipt.merged, uniquingKeysWith: +)
        replaced.merge(receipt.replaced, uniquingKeysWith: +)
    }
}
