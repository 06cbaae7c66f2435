import Foundation
import WellnessDomain

/// A server's side of sync for one account: takes the pushes of its devices into the account's
/// store, and pages out what changed, its own changes included (check-ins and goals sent
/// through its API, the tier).
public struct ServeSync: Sendable {
    let replica: SyncReplica
    /// What the server itself writes to an account's store, which it takes note of before it
    /// merges a push or pages out changes.
    let ownWrites: Set<RecordCollection>
    /// The most records a pull page holds: 5,000 (a new device pulls three years and 400,000
    /// health samples in 1.8 times a restore's time with them, 2.0 to 2.2 times with 1,000).
    public static let maximumPage = 5000
    /// About the most bytes of records a pull page holds (a client reads up to 16 MB of an answer).
    public static let maximumPageBytes = 8 << 20

    /// About how many bytes `record` takes in a page: its texts, and some for the rest.
    static func estimatedBytes(of record: SyncRecord) -> Int {
        record.values.reduce(record.key.utf8.count + 128) { $0 + $1.key.utf8.count + ($1.value.json?.utf8.count ?? 0) + 96 }
    }

    /// What a server's own routes write: check-ins and goals sent through its API, and the tier.
    public static let serverWritten: Set<RecordCollection> = [CheckinRecords.collection, GoalRecords.collection,
                                                              TierSetting.collection]

    /// The server's sync of the account whose store `stores` is; `ownWrites` names what the
    /// server writes there itself.
    public init(stores: WellnessRepositories, clock: any WallClock,
                ownWrites: Set<RecordCollection> = ServeSync.serverWritten) throws(SyncError) {
        replica = try SyncReplica(stores: stores, role: .server, clock: clock)
        self.ownWrites = ownWrites
    }

    /// Where an answer was kept per key before answers were kept together (still read).
    static func answerName(_ key: String) -> String { "push \(key)" }
    static let answersName = "push answers"
    /// How long a push's answer is kept for a replay of its key: a day (a device sends a push
    /// whose answer it lost again at its next sync).
    public static let answerRetention: TimeInterval = 86_400
    /// The most answers kept, the latest: a replay of an older key merges again (merges are
    /// idempotent) and answers how many records changed then, none.
    public static let maximumAnswers = 1000

    /// A push's first answer, and when it was given (milliseconds since 1970).
    private struct KeptAnswer: Codable {
        let merged: Int
        let at: Int64
    }

    /// Merges in a device's batch; the first answer of its key again for a replay within
    /// ``answerRetention`` (of the latest ``maximumAnswers``). A record it refuses fails the
    /// whole batch (``SyncError/refused(_:_:_:)``), and nothing of it is kept.
    public func push(_ batch: SyncPush) async throws -> SyncPushAnswer {
        // One push at a time per store: its replay check, merge and answer are one step.
        try await replica.exclusively { try await pushHeld(batch) }
    }

    private func pushHeld(_ batch: SyncPush) async throws -> SyncPushAnswer {
        var answers = try await SyncLogJSON.read([String: KeptAnswer].self, named: Self.answersName, in: replica.log) ?? [:]
        if let kept = answers[batch.key] { return SyncPushAnswer(merged: kept.merged) }
        if let text = try await replica.log.value(Self.answerName(batch.key)), let merged = Int(text) {
            return SyncPushAnswer(merged: merged)
        }
        try refuseStampsAhead(batch.records)
        try await captureOnce()
        let receipt = try await replica.receive(batch.records)
        let answer = SyncPushAnswer(merged: receipt.merged.values.reduce(0, +))
        // Kept together, for a day, the latest so many: one value per key grew for ever.
        let now = Int64((replica.clock.now().timeIntervalSince1970 * 1000).rounded(.down))
        answers = answers.filter { now - $0.value.at < Int64(Self.answerRetention * 1000) }
        answers[batch.key] = KeptAnswer(merged: answer.merged, at: now)
        if answers.count > Self.maximumAnswers {
            let latest = answers.sorted { ($0.value.at, $0.key) > ($1.value.at, $1.key) }.prefix(Self.maximumAnswers)
            answers = Dictionary(uniqueKeysWithValues: latest.map { ($0.key, $0.value) })
        }
        try await replica.log.setValue(try SyncLogJSON.text(answers), for: Self.answersName)
        return answer
    }

    /// Takes note of what the server's own routes wrote (a check-in through the check-in API, a
    /// goal, the tier): each route that writes calls it, so that devices receive it. Before the
    /// account's first sync it does nothing: that sync's first capture takes in all it holds
    /// (a partial capture first would mark the store as captured, and the rest would not travel).
    public func noteOwnWrites() async throws {
        guard try await replica.log.value(SyncReplica.capturedName) != nil else { return }
        try await replica.capture(only: ownWrites)
    }

    /// Runs `write` (a route's own write to the store) and then ``noteOwnWrites()``, with no
    /// push merged in between that could write over it before it is taken note of.
    public func writing<T: Sendable>(_ write: () async throws -> T) async throws -> T {
        try await replica.exclusively {
            let result = try await write()
            try await noteOwnWrites()
            return result
        }
    }

    /// At most once a day: forgets the tombstones deleted more than ``tombstoneRetention`` ago,
    /// keeping the greatest sequence number forgotten (a cursor before it gets a reset).
    func compactIfDue() async throws {
        let now = Int64((replica.clock.now().timeIntervalSince1970 * 1000).rounded(.down))
        if let last = Int64(try await replica.log.value(Self.compactedAtName) ?? ""), now - last < 86_400_000 { return }
        try await replica.exclusively {
            let log = replica.log
            if let removed = try await log.removeTombstones(stampedBefore: now - Int64(Self.tombstoneRetention * 1000)) {
                let through = max(removed, Int64(try await log.value(Self.compactedThroughName) ?? "") ?? 0)
                try await log.setValue(String(through), for: Self.compactedThroughName)
            }
            try await log.setValue(String(now), for: Self.compactedAtName)
        }
    }

    /// The first time, what the account's store held before it synced (all of it; later, each
    /// route says what it wrote).
    private func captureOnce() async throws {
        if try await replica.log.value(SyncReplica.capturedName) == nil { try await replica.capture() }
    }

    /// How far ahead of this server's clock a pushed change may be stamped: a day. A device
    /// whose clock runs further ahead would stamp edits that beat every later edit made elsewhere
    /// until real time caught up, and every device that saw them would carry its clock forward
    /// (a hybrid logical clock's maximum offset).
    public static let maximumClockLead: TimeInterval = 86_400

    /// Refuses (``SyncError/refused(_:_:_:)``) the first record stamped more than
    /// ``maximumClockLead`` after this server's clock.
    private func refuseStampsAhead(_ records: [SyncRecord]) throws(SyncError) {
        let now = replica.clock.now().timeIntervalSince1970
        let limit = Int64(((now + Self.maximumClockLead) * 1000).rounded(.down))
        guard let ahead = records.first(where: { $0.stamp.time > limit }) else { return }
        let hours = Int((Double(ahead.stamp.time) / 1000 - now) / 3600)
        throw SyncError.refused(ahead.collection, ahead.key, RecordRejection(
            "it was changed \(hours) hours after this server's time; check the device's date and time"))
    }

    /// How long a deleted record's tombstone is kept after its delete: a device that pulls within
    /// this time receives the delete; one away longer pulls everything again (``SyncPage/reset``).
    public static let tombstoneRetention: TimeInterval = 90 * 86_400
    static let compactedThroughName = "compacted through"
    static let compactedAtName = "compacted at"

    /// The records changed after `cursor`, at most `limit` (and at most ``maximumPage``); a page
    /// that says ``SyncPage/reset`` when `cursor` is older than tombstones already forgotten.
    public func pull(after cursor: Int64, limit: Int) async throws -> SyncPage {
        try await captureOnce()
        try await compactIfDue()
        if cursor > 0, let through = Int64(try await replica.log.value(Self.compactedThroughName) ?? ""), cursor < through {
            return SyncPage(records: [], cursor: 0, more: true, reset: true)
        }
        let size = min(max(limit, 1), Self.maximumPage)
        let changes = try await replica.log.changes(after: max(cursor, 0), limit: size + 1)
        // At most about ``maximumPageBytes`` of records (and always one): a page of large records,
        // document chunks, stays well inside what a client reads of an answer.
        var count = 0, bytes = 0
        for change in changes.prefix(size) {
            bytes += Self.estimatedBytes(of: change.record)
            if count > 0 && bytes > Self.maximumPageBytes { break }
            count += 1
        }
        let page = changes.prefix(count)
        return SyncPage(records: page.map(\.record), cursor: page.last?.sequence ?? max(cursor, 0),
                        more: changes.count > count)
    }
}
