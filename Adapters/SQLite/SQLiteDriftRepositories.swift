import Foundation
import GRDB
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

/// Check-ins in `checkin`, keyed by day.
public struct SQLiteCheckinRepository: CheckinRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin] {
        try await database.read { db in try Self.checkins(on: days, in: db) }
    }

    /// One read of one snapshot, on the caller's thread (`SQLiteDatabase.lookup`), when `tier`
    /// is this store's own ``SQLiteTierRepository``.
    public func checkins(on days: ClosedRange<LocalDay>, withTierFrom tier: any TierSource) async throws
        -> (checkins: [Checkin], tier: Tier) {
        guard let stored = tier as? SQLiteTierRepository, stored.database.isSameStore(as: database) else {
            return (try await checkins(on: days), try await tier.tier())
        }
        return try await database.lookup { reader in
            (try Self.checkins(on: days, in: reader), try SQLiteTierRepository.tier(in: reader))
        }
    }

    private static func checkins(on days: ClosedRange<LocalDay>, in reader: some RowReader) throws -> [Checkin] {
        try reader.rows("SELECT * FROM checkin WHERE day BETWEEN ? AND ? ORDER BY day",
                        [days.lowerBound.description, days.upperBound.description], table: "checkin", keyColumns: ["day"])
            .map(checkin)
    }

    public func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool {
        try await database.write(touching: [CheckinRecords.collection]) { db in try Self.save(checkin, replacing: replacing, in: db) }
    }

    /// Saves in the caller's transaction (a day that has one only when `replacing`); whether it did.
    static func save(_ checkin: Checkin, replacing: Bool, in db: Database) throws -> Bool {
        let arguments: StatementArguments = [checkin.day.description, checkin.energy, checkin.stress, checkin.social,
                                             checkin.keyContact]
        if replacing {
            try db.execute(sql: "INSERT OR REPLACE INTO checkin (day, energy, stress, social, keyContact) VALUES (?, ?, ?, ?, ?)",
                           arguments: arguments)
            return true
        }
        try db.execute(sql: """
            INSERT INTO checkin (day, energy, stress, social, keyContact) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (day) DO NOTHING
            """, arguments: arguments)
        return db.changesCount > 0
    }

    /// A check-in from a row's `day`, `energy`, `stress`, `social`, `keyContact` columns.
    static func checkin(_ row: StoredRow) throws -> Checkin {
        let day = try row.day("day")
        let energy = try row.int("energy"), stress = try row.int("stress"), social = try row.int("social")
        let keyContact = try row.optionalText("keyContact")
        do {
            return try Checkin(day: day, energy: energy, stress: stress, social: social, keyContact: keyContact)
        } catch {
            let column = switch error {
            case let .outOfRange(field, _), let .notAWholeNumber(field, _): field.rawValue
            case .keyContactTooLong, .controlCharacter: "keyContact"
            }
            throw row.refused(column, by: error, error.summary)
        }
    }
}

/// The offline queue in `checkinQueue`, in insertion order; a claim is two columns set in one
/// IMMEDIATE transaction, so two processes never claim the same item. `claimFlush` holds the
/// flush and its process (`<flush>/<process id>`), so a claim whose process has ended — killed,
/// or interrupted before it released — is free at once instead of after ``claimLifetime``.
public struct SQLiteCheckinQueueRepository: CheckinQueueRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func all() async throws -> [QueuedCheckin] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM checkinQueue ORDER BY position").map { try Self.item($0) }
        }
    }

    public func enqueue(_ item: QueuedCheckin) async throws {
        try await database.write(touching: [QueuedCheckinRecords.collection]) { db in
            try db.execute(sql: """
                INSERT INTO checkinQueue (id, day, energy, stress, social, keyContact, queuedAt, retryCount, replaces)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [item.idempotencyKey, item.checkin.day.description, item.checkin.energy,
                                 item.checkin.stress, item.checkin.social, item.checkin.keyContact,
                                 Timestamp.milliseconds(item.queuedAt), item.retryCount, item.replaces])
        }
    }

    public func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) async throws -> QueuedCheckin? {
        let nowMillis = Timestamp.milliseconds(now)
        let expires = Timestamp.milliseconds(now.addingTimeInterval(Self.claimLifetime))
        return try await database.write(touching: [QueuedCheckinRecords.collection]) { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT * FROM checkinQueue
                WHERE retryCount < ? AND (claimFlush IS NULL OR claimExpires <= ? OR instr(claimFlush, '/') > 0)
                ORDER BY position
                """, arguments: [QueuedCheckin.maxFailures, nowMillis])
            while let row = try rows.next() {
                let item = try Self.item(row)
                if excluding.contains(item.id) { continue }
                let stored = StoredRow(row, table: "checkinQueue", keyColumns: ["id"])
                if let claim = try stored.optionalText("claimFlush"), try stored.int64("claimExpires") > nowMillis,
                   Self.claimant(claim).map(ProcessLiveness.isRunning) ?? true {
                    continue // claimed by a flush of a process that still runs
                }
                try db.execute(sql: "UPDATE checkinQueue SET claimFlush = ?, claimExpires = ? WHERE id = ?",
                               arguments: [Self.owner(flush), expires, try stored.text("id")])
                return item
            }
            return nil
        }
    }

    public func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) async throws {
        let key = id.description
        let owner = Self.owner(flush)
        try await database.write(touching: [QueuedCheckinRecords.collection]) { db in
            if let item {
                try db.execute(sql: """
                    UPDATE checkinQueue SET retryCount = ?, claimFlush = NULL, claimExpires = NULL
                    WHERE id = ? AND claimFlush = ?
                    """, arguments: [item.retryCount, key, owner])
            } else {
                try db.execute(sql: "DELETE FROM checkinQueue WHERE id = ? AND claimFlush = ?", arguments: [key, owner])
            }
        }
    }

    /// `claimFlush` of `flush` in this process.
    static func owner(_ flush: UUID) -> String { "\(flush.uuidString.lowercased())/\(ProcessLiveness.current)" }

    /// The process of a `claimFlush`; `nil` for a claim written without one.
    static func claimant(_ claim: String) -> Int32? {
        claim.split(separator: "/").dropFirst().first.flatMap { Int32($0) }
    }

    public func update(_ item: QueuedCheckin) async throws -> Bool {
        try await database.write(touching: [QueuedCheckinRecords.collection]) { db in
            try db.execute(sql: """
                UPDATE checkinQueue SET day = ?, energy = ?, stress = ?, social = ?, keyContact = ?, queuedAt = ?,
                retryCount = ?, replaces = ? WHERE id = ?
                """, arguments: [item.checkin.day.description, item.checkin.energy, item.checkin.stress,
                                 item.checkin.social, item.checkin.keyContact, Timestamp.milliseconds(item.queuedAt),
                                 item.retryCount, item.replaces, item.idempotencyKey])
            return db.changesCount > 0
        }
    }

    public func remove(_ id: QueuedCheckin.ID) async throws -> Bool {
        try await database.write(touching: [QueuedCheckinRecords.collection]) { db in
            try db.execute(sql: "DELETE FROM checkinQueue WHERE id = ?", arguments: [id.description])
            return db.changesCount > 0
        }
    }

    /// The `setting` row holding ``pausedUntil()``, as ISO 8601 text.
    static let pauseKey = "checkinQueuePausedUntil"

    public func pausedUntil() async throws -> Date? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT key, value FROM setting WHERE key = ?", arguments: [Self.pauseKey])
            else { return nil }
            let stored = StoredRow(row, table: "setting", keyColumns: ["key"])
            let text = try stored.text("value")
            guard let instant = Timestamp.parse(text) else {
                throw stored.corrupt("value", "'\(text)' is not an ISO 8601 date-time")
            }
            return instant
        }
    }

    public func pause(until instant: Date) async throws {
        try await database.write(touching: [CheckinPauseSetting.collection]) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                           arguments: [Self.pauseKey, Timestamp.format(instant)])
        }
    }

    static func item(_ row: Row) throws -> QueuedCheckin {
        let stored = StoredRow(row, table: "checkinQueue", keyColumns: ["id"])
        return QueuedCheckin(id: QueuedCheckin.ID(try stored.uuid("id")), checkin: try SQLiteCheckinRepository.checkin(stored),
                             queuedAt: try stored.instant("queuedAt"), retryCount: try stored.int("retryCount", in: 0...Int.max),
                             replaces: try stored.bool("replaces"))
    }
}

/// The tier in `setting` (key `tier`); Free when unset.
public struct SQLiteTierRepository: TierRepository {
    let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func tier() async throws -> Tier {
        try await database.read { db in try Self.tier(in: db) }
    }

    static func tier(in reader: some RowReader) throws -> Tier {
        guard let stored = try reader.rows("SELECT key, value FROM setting WHERE key = 'tier'", [],
                                           table: "setting", keyColumns: ["key"]).first
        else {
            return .free
        }
        return try stored.raw("value", as: Tier.self)
    }

    public func setTier(_ tier: Tier) async throws {
        try await database.write(touching: [TierSetting.collection]) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('tier', ?)", arguments: [tier.rawValue])
        }
    }
}

/// Cached API answers in `driftCache`.
public struct SQLiteDriftCacheRepository: DriftCacheRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func cached(_ key: String) async throws -> (data: Data, fetchedAt: Date)? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT key, json, fetchedAt FROM driftCache WHERE key = ?",
                                             arguments: [key]) else { return nil }
            let stored = StoredRow(row, table: "driftCache", keyColumns: ["key"])
            return (Data(try stored.text("json").utf8), try stored.instant("fetchedAt"))
        }
    }

    public func store(_ key: String, data: Data, fetchedAt: Date) async throws {
        try await database.write(touching: [.driftCache]) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO driftCache (key, json, fetchedAt) VALUES (?, ?, ?)",
                           arguments: [key, String(decoding: data, as: UTF8.self), Timestamp.milliseconds(fetchedAt)])
        }
    }
}
