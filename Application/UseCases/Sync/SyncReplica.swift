import Foundation
import WellnessDomain

/// One store's side of sync: what changed here since it last looked, and what other devices
/// changed, merged in by each kind's rule (``SyncRule``, ``SyncRecord``). A device and a server
/// each have one on their store; the transport between them is elsewhere (``SyncWithServer``,
/// ``ServeSync``).
///
/// What it knows is in the store's ``WellnessRepositories/syncLog``: every synced record as
/// last merged, with the stamp of each value; the device's name and clock; the server's cursor.
public struct SyncReplica: Sendable {
    /// Which side of sync a replica is.
    public enum Role: Sendable {
        /// A person's device: sends its own changes, takes the server's tier.
        case device
        /// A server's store of one account: takes every device's changes and sends its own
        /// (check-ins and goals sent through its API, the tier).
        case server
    }

    let stores: WellnessRepositories
    let log: any SyncLogRepository
    let role: Role
    let clock: any WallClock
    let collections: [SyncedCollection]
    /// What stays on each device: refused when another side sends it.
    let deviceLocal: Set<RecordCollection>
    /// The greatest life a record may have (a delete or re-insert raises it by one): far more
    /// than a person makes, far from where a stored 64-bit integer ends.
    static let maximumLife: UInt64 = 1 << 32

    /// The replica of `stores` (which must keep a sync log) as `role`, stamping changes by `clock`.
    public init(stores: WellnessRepositories, role: Role, clock: any WallClock) throws(SyncError) {
        guard let log = stores.syncLog else { throw SyncError.notSyncable(stores.location) }
        self.stores = stores
        self.log = log
        self.role = role
        self.clock = clock
        collections = stores.registry.syncedCollections
        deviceLocal = stores.registry.deviceLocalCollections
    }

    /// The collection named `name`, when this version keeps it.
    func collection(_ name: RecordCollection) -> SyncedCollection? {
        collections.first { $0.name == name }
    }

    // MARK: - The device's clock

    static let deviceName = "device"
    static let clockName = "clock"
    static let capturedName = "captured"

    /// This store's name as a device, made the first time it is asked for.
    public func device() async throws -> String {
        if let device = try await log.value(Self.deviceName), SyncDevice.isValid(device) { return device }
        let device = SyncDevice.make()
        try await log.setValue(device, for: Self.deviceName)
        return device
    }

    func loadClock() async throws -> HybridLogicalClock {
        let device = try await device()
        var clock = HybridLogicalClock(device: device)
        if let text = try await log.value(Self.clockName), let latest = SyncStamp(text) { clock.witness(latest) }
        return clock
    }

    func saveClock(_ clock: HybridLogicalClock) async throws {
        try await log.setValue(clock.latest.description, for: Self.clockName)
    }

    // MARK: - Changes made here

    /// Takes note of what changed in the store since the last capture (in `only` those
    /// collections, or all), stamping each change now; returns how many records changed, by
    /// collection. The first capture of a store stamps what it holds as older than anything
    /// another device changed (``SyncStamp/origin(of:)``), so a store that was used before it
    /// synced (or was restored) keeps its own records and takes every other device's changes.
    @discardableResult
    public func capture(only: Set<RecordCollection>? = nil) async throws -> [RecordCollection: Int] {
        try await log.exclusively { try await captureHeld(only: only) }
    }

    private func captureHeld(only: Set<RecordCollection>?) async throws -> [RecordCollection: Int] {
        try await recoverHeld()
        var clock = try await loadClock()
        let first = try await log.value(Self.capturedName) == nil
        // The first capture takes in everything: what it leaves out would later be stamped as new.
        let only = first ? nil : only
        var counts: [RecordCollection: Int] = [:]
        // Saved together, in one transaction with one numbering, once every collection is read.
        var allChanged: [SyncRecord] = []
        var ticked = false
        for collection in collections where captures(collection) && (only?.contains(collection.name) ?? true) {
            let current = try await collection.read(stores)
            var logged: [String: SyncRecord] = [:]
            for record in try await log.records(in: collection.name) { logged[record.key] = record }
            var changed: [SyncRecord] = []
            var stamp: SyncStamp?
            func next() -> SyncStamp {
                if let stamp { return stamp }
                let made = first ? SyncStamp.origin(of: clock.device) : clock.tick(now: self.clock.now())
                stamp = made
                ticked = true
                return made
            }
            var held = Set<String>(minimumCapacity: current.count)
            for (key, text) in current where held.insert(key).inserted {
                // A setting at its unused value that never synced: nobody set it here.
                if text == collection.unusedText && logged[key] == nil { continue }
                var record = logged[key] ?? SyncRecord(collection: collection.name, key: key)
                if try record.take(text, rule: collection.rule, stamp: next()) { changed.append(record) }
            }
            if collection.removalTravels {
                for (key, record) in logged.sorted(by: { $0.key < $1.key }) where record.isPresent && !held.contains(key) {
                    var removed = record
                    if try removed.take(nil, rule: collection.rule, stamp: next()) { changed.append(removed) }
                }
            }
            guard !changed.isEmpty else { continue }
            allChanged += changed
            counts[collection.name] = changed.count
        }
        if !allChanged.isEmpty { try await log.save(allChanged, pending: role == .device) }
        // The clock moved only when a change was stamped; the first capture is noted with it.
        var values: [String: String?] = [:]
        if ticked { values[Self.clockName] = clock.latest.description }
        if first { values[Self.capturedName] = "1" }
        try await log.setValues(values)
        return counts
    }

    /// Whether this store has taken note of its records yet.
    public func hasCaptured() async throws -> Bool {
        try await log.value(Self.capturedName) != nil
    }

    /// Whether this side takes note of its own changes to `collection`.
    private func captures(_ collection: SyncedCollection) -> Bool {
        switch collection.rule {
        case .wholeRecord, .fields: true
        case .serverOwned: role == .server
        case .deviceLocal: false
        }
    }

    // MARK: - Changes made elsewhere

    /// Merges in records another side sent, writing to the store what changed, and returns
    /// what did. Every record is checked before anything is written: a record this side
    /// refuses (``SyncError/refused(_:_:_:)``: it breaks a rule of its kind, or it is of a kind
    /// this side does not take from the other) fails the whole batch. A record of a kind this
    /// version does not know is kept in the log as it came and passed on.
    public func receive(_ records: [SyncRecord]) async throws -> SyncReceipt {
        try await receive(records, capturingFirst: [])
    }

    /// ``receive(_:)``, first taking note of what changed in `written` (`nil`: anything), in the
    /// same turn: a write made since the last capture is then merged as the change it is. The
    /// log's named `values` are set with what was merged, in one step (a pull's cursor).
    func receive(_ records: [SyncRecord], capturingFirst written: Set<RecordCollection>?,
                 settingAfter values: [String: String?] = [:]) async throws -> SyncReceipt {
        try await log.exclusively {
            let synced = written.map { $0.intersection(collections.map(\.name)) }
            if synced?.isEmpty != true { _ = try await captureHeld(only: synced) }
            return try await receiveHeld(records, settingAfter: values)
        }
    }

    private func receiveHeld(_ records: [SyncRecord], settingAfter values: [String: String?] = [:]) async throws
        -> SyncReceipt {
        try await recoverHeld()
        var clock = try await loadClock()
        let me = clock.device
        var byCollection: [RecordCollection: [String: SyncRecord]] = [:]
        for record in records {
            if deviceLocal.contains(record.collection) {
                throw SyncError.refused(record.collection, record.key, RecordRejection("\(record.collection) stays on each device"))
            }
            guard record.life <= Self.maximumLife else {
                throw SyncError.refused(record.collection, record.key, RecordRejection("its life is over \(Self.maximumLife)"))
            }
            clock.witness(record.stamp)
            let earlier = byCollection[record.collection]?[record.key]
            byCollection[record.collection, default: [:]][record.key] = earlier.map { $0.merged(with: record) } ?? record
        }
        var plans: [(write: SyncedCollection.Write?, merged: [SyncRecord], keep: [SyncRecord])] = []
        var written: [RecordCollection: [String: String]] = [:]
        var receipt = SyncReceipt()
        for (name, incoming) in byCollection.sorted(by: { stores.registry.precedes($0.key, $1.key) }) {
            let collection = self.collection(name)
            if let collection { try refuseUnless(collection, takes: Array(incoming.values)) }
            var known: [String: SyncRecord] = [:]
            for record in try await log.records(in: name, keys: Array(incoming.keys)) { known[record.key] = record }
            var merged: [SyncRecord] = []
            var keep: [SyncRecord] = []
            var changes: [SyncChange] = []
            for (key, record) in incoming.sorted(by: { $0.key < $1.key }) {
                let before = known[key]
                let after = before.map { $0.merged(with: record) } ?? record
                if after == before { continue }
                if after == record { merged.append(after) } else { keep.append(after) }
                receipt.count(name)
                guard let collection else { continue }
                let old: String?, new: String?
                do {
                    old = try before?.payload(rule: collection.rule)
                    new = try after.payload(rule: collection.rule)
                } catch {
                    throw SyncError.refused(name, key, RecordRejection("its values do not make up a record of its kind"))
                }
                if old != new {
                    changes.append(SyncChange(key: key, old: old, new: new))
                    if let before, before.isPresent, before.stamp.device == me, after.stamp.device != me {
                        receipt.replaced(name, key)
                    }
                }
            }
            // Checked now, every record decoded once: a refusal fails the batch before anything is written.
            let write = changes.isEmpty ? nil : try collection?.prepare(changes)
            if write != nil { written[name] = Dictionary(changes.map { ($0.key, Self.digest($0.new)) }) { $1 } }
            plans.append((write, merged, keep))
        }
        try await applying(written, clock: clock, settingAfter: values) {
            for plan in plans {
                if let write = plan.write { try await write(stores) }
                // Merged into what this side had sent: the other side has it all. Else this
                // side still holds changes the other lacks, to send.
                if !plan.merged.isEmpty { try await log.save(plan.merged, pending: false) }
                if !plan.keep.isEmpty { try await log.save(plan.keep, pending: role == .device) }
            }
        }
        return receipt
    }

    /// Refuses what `collection`'s rule keeps from travelling this way.
    private func refuseUnless(_ collection: SyncedCollection, takes records: [SyncRecord]) throws {
        let takes = switch collection.rule {
        case .wholeRecord, .fields: true
        case .serverOwned: role == .device
        case .deviceLocal: false
        }
        guard !takes, let record = records.first else { return }
        throw SyncError.refused(collection.name, record.key, RecordRejection("\(collection.name) does not travel this way"))
    }

    /// After a pull of everything (``SyncPage/reset``): removes each record this store holds as
    /// sent (not pending) that the server did not list in `listed`, by collection: another device
    /// deleted it, and the server has since forgotten the tombstone. Returns how many, by
    /// collection. Kinds whose removals do not travel, and kinds this version does not know, are
    /// left as they are.
    public func dropUnseen(_ listed: [RecordCollection: Set<String>]) async throws -> [RecordCollection: Int] {
        try await log.exclusively {
            try await recoverHeld()
            var clock = try await loadClock()
            var pending = Set<String>()
            for record in try await log.pending(limit: Int(Int32.max)) { pending.insert("\(record.collection.rawValue) \(record.key)") }
            var dropped: [RecordCollection: Int] = [:]
            for collection in collections where collection.removalTravels && captures(collection) {
                var gone: [SyncRecord] = []
                var changes: [SyncChange] = []
                for record in try await log.records(in: collection.name).sorted(by: { $0.key < $1.key })
                where record.isPresent && listed[collection.name]?.contains(record.key) != true
                    && !pending.contains("\(collection.name.rawValue) \(record.key)") {
                    var removed = record
                    guard try removed.take(nil, rule: collection.rule, stamp: clock.tick(now: self.clock.now())) else { continue }
                    changes.append(SyncChange(key: record.key, old: try record.payload(rule: collection.rule), new: nil))
                    gone.append(removed)
                }
                guard !gone.isEmpty else { continue }
                let write = try collection.prepare(changes)
                try await applying([collection.name: Dictionary(gone.map { ($0.key, Self.digest(nil)) }) { $1 }], clock: clock) {
                    try await write(stores)
                    try await log.save(gone, pending: false)
                }
                dropped[collection.name] = gone.count
            }
            return dropped
        }
    }

    // MARK: - Writing the store and the log together

    static let applyingName = "applying"

    /// Runs `body`, which writes `keys` (by collection; each with the ``digest(_:)`` of the text
    /// it writes) into the store and then their merged records into the log, with those keys
    /// noted in the log first: the two are separate writes, and a process stopped between them
    /// (or a failed log write) left received values in the store that the next capture would
    /// have stamped as this store's own new change, to win over later edits made elsewhere.
    /// Noted, those still as written are put back as the log holds them (``recoverHeld()``)
    /// before anything else is captured or merged, and what was being received comes again (the
    /// cursor moves only after a page is merged; a server's refused or unanswered push is sent
    /// again). One edited here since is left as it is, for the next capture.
    ///
    /// The clock is kept with the note, before the stamps it saw reach the store (a later edit
    /// here then never takes an earlier stamp than a value it writes over), and `after` is set
    /// as the note is cleared: no more writes to the log than without the note.
    private func applying(_ keys: [RecordCollection: [String: String]], clock: HybridLogicalClock,
                          settingAfter after: [String: String?] = [:], _ body: () async throws -> Void) async throws {
        var before: [String: String?] = [Self.clockName: clock.latest.description]
        var after = after
        if !keys.isEmpty {
            let named = Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, $0.value) })
            before[Self.applyingName] = try SyncLogJSON.text(named)
            after.updateValue(nil, forKey: Self.applyingName)
        }
        try await log.setValues(before)
        try await stores.changes.attributing(to: .sync) { try await body() }
        try await log.setValues(after)
    }

    /// Puts the records an interrupted ``applying(_:clock:settingAfter:_:)`` noted, where the
    /// store still holds what it wrote, back as the log holds them (removing those the log does
    /// not hold), then clears the note.
    private func recoverHeld() async throws {
        guard let noted = try await log.value(Self.applyingName) else { return }
        let keys = SyncLogJSON.decode([String: [String: String]].self, from: noted) ?? [:]
        for collection in collections {
            guard let digests = keys[collection.name.rawValue], !digests.isEmpty else { continue }
            var held: [String: String] = [:]
            for (key, text) in try await collection.read(stores) where digests[key] != nil { held[key] = text }
            // Only what is as the receive wrote it: an edit made here since stays, to be captured.
            let wanted = Set(digests.keys.filter { Self.digest(held[$0]) == digests[$0] })
            guard !wanted.isEmpty else { continue }
            var changes: [SyncChange] = []
            var logged = Set<String>()
            for record in try await log.records(in: collection.name, keys: Array(wanted)) {
                logged.insert(record.key)
                let text = try record.payload(rule: collection.rule)
                if held[record.key] != text { changes.append(SyncChange(key: record.key, old: held[record.key], new: text)) }
            }
            for key in wanted.subtracting(logged).sorted() where held[key] != nil {
                changes.append(SyncChange(key: key, old: held[key], new: nil))
            }
            guard !changes.isEmpty else { continue }
            let write = try collection.prepare(changes)
            try await stores.changes.attributing(to: .sync) { try await write(stores) }
        }
        try await log.setValue(nil, for: Self.applyingName)
    }

    /// A short, stable digest of a record's text as a store holds it (`-` for none): a 64-bit
    /// FNV-1a of its UTF-8, in hex.
    static func digest(_ text: String?) -> String {
        guard let text else { return "-" }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    // MARK: - Sending

    /// Up to `limit` records changed here that the other side has not confirmed.
    public func pending(limit: Int) async throws -> [SyncRecord] {
        try await log.pending(limit: limit)
    }

    /// The other side has `records`: they are no longer pending (unless changed since).
    public func sent(_ records: [SyncRecord]) async throws {
        try await log.markSent(records)
    }

    /// Runs `body` while no other sync of this store runs (``SyncLogRepository/exclusively(_:)``):
    /// a write to the store that is taken note of before anything is merged over it.
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await log.exclusively(body)
    }
}

/// What one ``SyncReplica/receive(_:)`` changed.
public struct SyncReceipt: Sendable, Equatable {
    /// How many records changed, by collection.
    public private(set) var merged: [RecordCollection: Int] = [:]
    /// The records this device had written whose values another device's later change
    /// replaced, by collection (a check-in of the same day, say): the person is told.
    public private(set) var replaced: [RecordCollection: [String]] = [:]

    public init() {}

    mutating func count(_ collection: RecordCollection) { merged[collection, default: 0] += 1 }

    mutating func replaced(_ collection: RecordCollection, _ key: String) { replaced[collection, default: []].append(key) }

    /// This receipt and `other`'s together.
    public mutating func add(_ other: SyncReceipt) {
        merged.merge(other.merged, uniquingKeysWith: +)
        replaced.merge(other.replaced, uniquingKeysWith: +)
    }
}

/// Why sync could not be done.
public enum SyncError: WellnessError, Equatable {
    /// The store (its location) keeps no sync log.
    case notSyncable(String)
    /// A record (collection, key) was refused: the rejection says why.
    case refused(RecordCollection, String, RecordRejection)
    /// The server refused a push: its message (which names the record and why).
    case refusedByServer(String)
    /// Another process kept the store (its location) syncing for longer than sync waits.
    case busy(String)

    public enum Code: String, CaseIterable, Sendable { case notSyncable, refused, refusedByServer, busy }

    public static let family = "sync"

    public var code: Code {
        switch self {
        case .notSyncable: .notSyncable
        case .refused: .refused
        case .refusedByServer: .refusedByServer
        case .busy: .busy
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notSyncable(let location), .refusedByServer(let location), .busy(let location): [.verbatim(location)]
        case let .refused(collection, key, rejection):
            [.verbatim(collection.rawValue), .verbatim(key), rejection.cause.map { .text($0) } ?? .verbatim(rejection.reason)]
        }
    }
}
