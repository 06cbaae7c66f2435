import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// An account's check-ins in `checkin`, at most one per day: the table's key
/// `(account_id, day)` enforces it for every process on the database.
public struct PostgresCheckinRepository: CheckinRepository {
    private let database: PostgresDatabase
    private let account: Account.ID

    /// The check-ins of `account`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin] {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT day::text, energy, stress, social, key_contact FROM checkin
                WHERE account_id = \(account.rawValue)
                  AND day BETWEEN \(days.lowerBound.description)::date AND \(days.upperBound.description)::date
                ORDER BY day
                """, logger: database.logger)
            var checkins: [Checkin] = []
            for try await (day, energy, stress, social, contact) in rows.decode((String, Int, Int, Int, String?).self) {
                checkins.append(try Self.checkin(day, energy, stress, social, contact, in: database))
            }
            return checkins
        }
    }

    /// One statement, when `tier` is this database's tier of the same account: the tier rides
    /// on every check-in's row (on one row of nulls when the window has none), so an insights
    /// request makes one round trip for both.
    public func checkins(on days: ClosedRange<LocalDay>, withTierFrom tier: any TierSource) async throws
        -> (checkins: [Checkin], tier: Tier) {
        guard let stored = tier as? PostgresTierRepository, stored.database === database, stored.account == account else {
            return (try await checkins(on: days), try await tier.tier())
        }
        return try await database.read { connection in
            let rows = try await connection.query("""
                SELECT t.tier, c.day::text, c.energy, c.stress, c.social, c.key_contact
                FROM (SELECT 1) AS one
                LEFT JOIN account_tier t ON t.account_id = \(account.rawValue)
                LEFT JOIN checkin c ON c.account_id = \(account.rawValue)
                  AND c.day BETWEEN \(days.lowerBound.description)::date AND \(days.upperBound.description)::date
                ORDER BY c.day
                """, logger: database.logger)
            var checkins: [Checkin] = []
            var tier = Tier.free
            for try await (raw, day, energy, stress, social, contact)
                in rows.decode((String?, String?, Int?, Int?, Int?, String?).self) {
                tier = try PostgresTierRepository.tier(raw, of: account, in: database)
                guard let day else { continue } // no check-in in the window
                guard let energy, let stress, let social else {
                    throw database.corrupt("checkin", key: day, "a rating is missing")
                }
                checkins.append(try Self.checkin(day, energy, stress, social, contact, in: database))
            }
            return (checkins, tier)
        }
    }

    public func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool {
        try await database.read { connection in try await Self.save(checkin, of: account, replacing: replacing, on: connection, database) }
    }

    /// Saves on `connection` (in the caller's transaction, if any); whether it did.
    static func save(_ checkin: Checkin, of account: Account.ID, replacing: Bool, on connection: PostgresConnection,
                     _ database: PostgresDatabase) async throws -> Bool {
        let conflict: PostgresQuery = replacing
            ? """
              ON CONFLICT (account_id, day) DO UPDATE SET energy = excluded.energy, stress = excluded.stress,
                social = excluded.social, key_contact = excluded.key_contact
              """
            : "ON CONFLICT (account_id, day) DO NOTHING"
        var query: PostgresQuery = """
            INSERT INTO checkin (account_id, day, energy, stress, social, key_contact)
            VALUES (\(account.rawValue), \(checkin.day.description)::date, \(checkin.energy), \(checkin.stress),
                    \(checkin.social), \(checkin.keyContact))
            """
        query.sql += " " + conflict.sql + " RETURNING 1"
        return try await connection.count(query, database.logger) == 1
    }

    /// A check-in from its columns; a value no check-in can hold is a corrupt row.
    static func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, _ contact: String?,
                        in database: PostgresDatabase) throws -> Checkin {
        let localDay = try database.day(day, in: "checkin")
        do {
            return try Checkin(day: localDay, energy: energy, stress: stress, social: social, keyContact: contact)
        } catch {
            throw PostgresStoreError.invalidRow(database: database.description, table: "checkin", key: day,
                                                rule: error.message)
        }
    }
}

/// The first answers to idempotent check-in submissions in `idempotency_key`, keyed by the
/// submitting account and the key. A submission runs in one transaction that first takes an
/// advisory lock on its account and key, so concurrent submissions of one key — from any process
/// on the database — run one after the other: the first saves, the rest get its record.
public struct PostgresIdempotencyRepository: IdempotencyRepository {
    private let database: PostgresDatabase
    private let account: Account.ID

    /// Records whose check-ins are saved with `account`'s (the account of the store the
    /// submissions reach; on a server, the submitting account itself).
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func record(account submitter: Account.ID, key: String) async throws -> IdempotencyRecord? {
        try await database.read { connection in try await record(submitter, key, on: connection) }
    }

    public func submit(_ checkin: Checkin, account submitter: Account.ID, key: String, replacing: Bool, at now: Date)
        async throws -> (record: IdempotencyRecord, replayed: Bool) {
        let json = String(decoding: try JSONEncoder().encode(checkin), as: UTF8.self)
        return try await database.transaction { connection in
            try await connection.lock("idempotency:\(submitter):\(key)", database.logger)
            if let first = try await record(submitter, key, on: connection) { return (first, true) }
            let saved = try await PostgresCheckinRepository.save(checkin, of: account, replacing: replacing,
                                                                 on: connection, database)
            let record = IdempotencyRecord(accountID: submitter, key: key, checkin: checkin,
                                           outcome: saved ? .created : .duplicate, createdAt: now)
            try await connection.run("""
                INSERT INTO idempotency_key (account_id, key, checkin, outcome, created_at)
                VALUES (\(submitter.rawValue), \(key), \(json), \(record.outcome.rawValue), \(Timestamp.milliseconds(now)))
                """, database.logger)
            return (record, false)
        }
    }

    private func record(_ submitter: Account.ID, _ key: String, on connection: PostgresConnection) async throws
        -> IdempotencyRecord? {
        let rows = try await connection.query("""
            SELECT checkin, outcome, created_at FROM idempotency_key
            WHERE account_id = \(submitter.rawValue) AND key = \(key)
            """, logger: database.logger)
        for try await (json, outcome, created) in rows.decode((String, String, Int64).self) {
            let checkin: Checkin
            do {
                checkin = try JSONDecoder().decode(Checkin.self, from: Data(json.utf8))
            } catch {
                throw database.corrupt("idempotency_key", key: key, "checkin is not a check-in in JSON")
            }
            guard let outcome = IdempotencyRecord.Outcome(rawValue: outcome) else {
                throw database.corrupt("idempotency_key", key: key, "outcome \(outcome) is not created or duplicate")
            }
            return IdempotencyRecord(accountID: submitter, key: key, checkin: checkin, outcome: outcome,
                                     createdAt: Timestamp.fromMilliseconds(created))
        }
        return nil
    }

    /// Forgets the records created before `instant`, every account's (records expire by age alone).
    public func removeRecords(createdBefore instant: Date) async throws -> Int {
        try await database.read { connection in
            try await connection.count("""
                DELETE FROM idempotency_key WHERE created_at < \(Timestamp.milliseconds(instant)) RETURNING 1
                """, database.logger)
        }
    }
}

/// An account's tier in `account_tier`; Free when unset.
public struct PostgresTierRepository: TierRepository {
    let database: PostgresDatabase
    let account: Account.ID

    /// The tier of `account`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func tier() async throws -> Tier {
        try await database.read { connection in
            let rows = try await connection.query("SELECT tier FROM account_tier WHERE account_id = \(account.rawValue)",
                                                  logger: database.logger)
            for try await raw in rows.decode(String.self) { return try Self.tier(raw, of: account, in: database) }
            return .free
        }
    }

    /// The tier stored as `raw` (Free when there is none); a value that is no tier is a corrupt row.
    static func tier(_ raw: String?, of account: Account.ID, in database: PostgresDatabase) throws -> Tier {
        guard let raw else { return .free }
        guard let tier = Tier(rawValue: raw) else {
            throw database.corrupt("account_tier", key: account.description, "tier \(raw) is not free or pro")
        }
        return tier
    }

    public func setTier(_ tier: Tier) async throws {
        try await database.read { connection in
            try await connection.run("""
                INSERT INTO account_tier (account_id, tier) VALUES (\(account.rawValue), \(tier.rawValue))
                ON CONFLICT (account_id) DO UPDATE SET tier = excluded.tier
                """, database.logger)
        }
    }
}
