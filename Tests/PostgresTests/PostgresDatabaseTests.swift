import Foundation
import Testing
import WellnessTestSupport
import WellnessApplication
import WellnessDomain
@testable import WellnessPostgres

/// Opening migrates once, even from several processes at once; a newer schema is refused; every
/// row belongs to one account, and removing an account removes its rows and no one else's.
@Suite("PostgreSQL database", .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
struct PostgresDatabaseTests {
    @Test func fiveOpensAtOnceMigrateOnce() async throws {
        let configuration = try PostgresTestDatabase.freshConfiguration()
        let databases = try await withThrowingTaskGroup(of: PostgresDatabase.self) { group in
            for _ in 0..<5 {
                group.addTask { try await PostgresDatabase.open(configuration, logger: PostgresTestDatabase.logger) }
            }
            var databases: [PostgresDatabase] = []
            for try await database in group { databases.append(database) }
            return databases
        }
        let names = try await databases[0].appliedMigrations()
        #expect(names == PostgresDatabase.migrationNames, "each migration applied exactly once, in order")
        // Every handle works on the one schema.
        let account = Account(email: try EmailAddress("ann@example.com"), passwordHash: "h",
                              createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try await PostgresAccountRepository(database: databases[1]).add(account))
        #expect(try await PostgresAccountRepository(database: databases[4]).account(id: account.id) == account)
        for database in databases { await database.close() }
    }

    @Test func reopeningAMigratedDatabaseChangesNothing() async throws {
        let (database, reopen) = try await PostgresTestDatabase.fresh()
        let again = try await reopen()
        #expect(try await again.appliedMigrations() == PostgresDatabase.migrationNames)
        await database.close()
        await again.close()
    }

    @Test func aDatabaseMigratedByANewerVersionIsRefused() async throws {
        let configuration = try PostgresTestDatabase.freshConfiguration()
        let database = try await PostgresDatabase.open(configuration, logger: PostgresTestDatabase.logger)
        try await database.recordMigration("9999-from-the-future")
        await database.close()
        await #expect {
            try await PostgresDatabase.open(configuration, logger: PostgresTestDatabase.logger)
        } throws: { error in
            guard case let .newerSchema(_, unknown)? = error as? PostgresStoreError else { return false }
            return unknown == ["9999-from-the-future"]
        }
    }

    @Test func everyRowIsTheAccountsOwn() async throws {
        let (database, _) = try await PostgresTestDatabase.fresh()
        let accounts = PostgresAccountRepository(database: database)
        let ann = Account(email: try EmailAddress("ann@example.com"), passwordHash: "a", createdAt: Date(timeIntervalSince1970: 0))
        let bob = Account(email: try EmailAddress("bob@example.com"), passwordHash: "b", createdAt: Date(timeIntervalSince1970: 0))
        #expect(try await accounts.add(ann))
        #expect(try await accounts.add(bob))
        let day = try #require(LocalDay("2026-11-20"))
        let days = try #require(LocalDay("2000-01-01"))...day

        for (account, energy) in [(ann.id, 1), (bob.id, 5)] {
            let goals = PostgresGoalRepository(database: database, account: account)
            try await goals.save(try Goal(title: "Goal of \(account)", createdAt: Date(timeIntervalSince1970: 10)))
            #expect(try await PostgresCheckinRepository(database: database, account: account)
                .save(try Checkin(day: day, energy: energy, stress: 2, social: 3), replacing: false))
            try await PostgresMoodRepository(database: database, account: account)
                .save(try MoodEntry(day: day, score: energy))
            try await PostgresJournalRepository(database: database, account: account).update(day) { journal in
                journal = DailyJournal(day: day, notes: "\(energy)", tags: [])
            }
            _ = try await PostgresIdempotencyRepository(database: database, account: account)
                .submit(try Checkin(day: days.lowerBound, energy: energy, stress: 1, social: 1), account: account,
                        key: "k", replacing: false, at: Date(timeIntervalSince1970: 20))
        }
        try await PostgresTierRepository(database: database, account: ann.id).setTier(.pro)

        // Each account reads its own rows only.
        #expect(try await PostgresCheckinRepository(database: database, account: ann.id).checkins(on: days).map(\.energy) == [1, 1])
        #expect(try await PostgresCheckinRepository(database: database, account: bob.id).checkins(on: days).map(\.energy) == [5, 5])
        #expect(try await PostgresGoalRepository(database: database, account: bob.id).all().map(\.title) == ["Goal of \(bob.id)"])
        #expect(try await PostgresMoodRepository(database: database, account: bob.id).moods(on: days).map(\.score) == [5])
        #expect(try await PostgresJournalRepository(database: database, account: bob.id).journal(on: day)?.notes == "5")
        #expect(try await PostgresTierRepository(database: database, account: bob.id).tier() == .free)
        #expect(try await PostgresTierRepository(database: database, account: ann.id).tier() == .pro)
        // Check-ins with the tier in one statement: each account's own; another account's tier
        // is read apart, as it is.
        let annsTier = PostgresTierRepository(database: database, account: ann.id)
        let bobsTier = PostgresTierRepository(database: database, account: bob.id)
        let annsWindow = try await PostgresCheckinRepository(database: database, account: ann.id)
            .checkins(on: days, withTierFrom: annsTier)
        #expect(annsWindow.checkins.map(\.energy) == [1, 1] && annsWindow.tier == .pro)
        let bobsWindow = try await PostgresCheckinRepository(database: database, account: bob.id)
            .checkins(on: days, withTierFrom: bobsTier)
        #expect(bobsWindow.checkins.map(\.energy) == [5, 5] && bobsWindow.tier == .free)
        let bobsWithAnnsTier = try await PostgresCheckinRepository(database: database, account: bob.id)
            .checkins(on: days, withTierFrom: annsTier)
        #expect(bobsWithAnnsTier.checkins.map(\.energy) == [5, 5] && bobsWithAnnsTier.tier == .pro)
        let empty = try await PostgresCheckinRepository(database: database, account: ann.id)
            .checkins(on: day.adding(days: 1)...day.adding(days: 7), withTierFrom: annsTier)
        #expect(empty.checkins.isEmpty && empty.tier == .pro, "a window without check-ins still has the tier")

        // Removing Ann removes her rows, and none of Bob's.
        #expect(try await accounts.remove(ann.id))
        #expect(try await PostgresCheckinRepository(database: database, account: ann.id).checkins(on: days).isEmpty)
        #expect(try await PostgresGoalRepository(database: database, account: ann.id).all().isEmpty)
        #expect(try await PostgresMoodRepository(database: database, account: ann.id).moods(on: days).isEmpty)
        #expect(try await PostgresJournalRepository(database: database, account: ann.id).journal(on: day) == nil)
        #expect(try await PostgresTierRepository(database: database, account: ann.id).tier() == .free)
        #expect(try await PostgresIdempotencyRepository(database: database, account: ann.id).record(account: ann.id, key: "k") == nil)
        #expect(try await PostgresCheckinRepository(database: database, account: bob.id).checkins(on: days).count == 2)
        #expect(try await PostgresGoalRepository(database: database, account: bob.id).all().count == 1)
        #expect(try await PostgresIdempotencyRepository(database: database, account: bob.id).record(account: bob.id, key: "k") != nil)
        await database.close()
    }

    @Test func syncLogIsTheAccountsOwn() async throws {
        let (database, _) = try await PostgresTestDatabase.fresh()
        let accounts = PostgresAccountRepository(database: database)
        let ann = Account.ID(), bob = Account.ID()
        try await PostgresTestDatabase.add(ann, to: database)
        try await PostgresTestDatabase.add(bob, to: database)
        func record(_ key: String) -> SyncRecord {
            SyncRecord(collection: "journals", key: key, life: 1,
                       lifeStamp: SyncStamp(time: 1_771_000_000_000, counter: 0, device: "device-a"), values: [:])
        }
        let annsLog = PostgresSyncLogRepository(database: database, account: ann)
        let bobsLog = PostgresSyncLogRepository(database: database, account: bob)
        try await annsLog.save([record("a"), record("b")], pending: true)
        try await bobsLog.save([record("a")], pending: true)
        try await annsLog.setValue("ann's", for: "device")
        // Each account numbers its own changes, from 1, and reads its own records and values.
        #expect(try await bobsLog.changes(after: 0, limit: 10) == [SequencedSyncRecord(sequence: 1, record: record("a"))])
        #expect(try await annsLog.changes(after: 0, limit: 10).map(\.sequence) == [1, 2])
        #expect(try await bobsLog.value("device") == nil)
        try await bobsLog.markSent([record("a"), record("b")])
        #expect(try await annsLog.pending(limit: 10) == [record("a"), record("b")], "Bob's markSent leaves Ann's marks")
        #expect(try await bobsLog.pending(limit: 10).isEmpty)

        // Removing Ann removes her log, and none of Bob's; a write to it is refused.
        #expect(try await accounts.remove(ann))
        #expect(try await annsLog.changes(after: 0, limit: 10).isEmpty)
        #expect(try await annsLog.value("device") == nil)
        #expect(try await bobsLog.records(in: "journals") == [record("a")])
        await #expect {
            try await annsLog.save([record("c")], pending: true)
        } throws: {
            guard case let .noSuchAccount(reference)? = $0 as? AccountError else { return false }
            return reference == ann.description
        }
        await database.close()
    }

    @Test func aTierNoTierCanBeIsACorruptRowThroughEitherRead() async throws {
        let (database, _) = try await PostgresTestDatabase.fresh()
        let account = Account.ID()
        try await PostgresTestDatabase.add(account, to: database)
        try await database.read { connection in
            try await connection.run("INSERT INTO account_tier (account_id, tier) VALUES (\(account.rawValue), 'gold')",
                                     database.logger)
        }
        let tier = PostgresTierRepository(database: database, account: account)
        let days = try #require(LocalDay("2026-11-14"))...(try #require(LocalDay("2026-11-20")))
        for read in [{ _ = try await tier.tier() },
                     { _ = try await PostgresCheckinRepository(database: database, account: account)
                         .checkins(on: days, withTierFrom: tier) }] as [@Sendable () async throws -> Void] {
            await #expect {
                try await read()
            } throws: {
                guard case let .corruptRow(_, table, key, reason)? = $0 as? PostgresStoreError else { return false }
                return table == "account_tier" && key == account.description && reason.contains("gold")
            }
        }
        await database.close()
    }

    @Test func rowsForAnAccountThatIsNotThereAreRefused() async throws {
        let (database, _) = try await PostgresTestDatabase.fresh()
        let accounts = PostgresAccountRepository(database: database)
        let ann = Account(email: try EmailAddress("ann@example.com"), passwordHash: "a", createdAt: Date(timeIntervalSince1970: 0))
        #expect(try await accounts.add(ann))
        let day = try #require(LocalDay("2026-11-20"))
        let checkin = try Checkin(day: day, energy: 3, stress: 2, social: 4)
        #expect(try await PostgresCheckinRepository(database: database, account: ann.id).save(checkin, replacing: false))
        // Deleted by another process while a request for it was under way: what it writes next is refused.
        #expect(try await accounts.remove(ann.id))
        let writes: [@Sendable () async throws -> Void] = [
            { _ = try await PostgresCheckinRepository(database: database, account: ann.id).save(checkin, replacing: false) },
            { _ = try await PostgresIdempotencyRepository(database: database, account: ann.id)
                .submit(checkin, account: ann.id, key: "k", replacing: false, at: Date(timeIntervalSince1970: 20)) },
            { try await PostgresTierRepository(database: database, account: ann.id).setTier(.pro) },
            { try await PostgresGoalRepository(database: database, account: ann.id)
                .save(try Goal(title: "Run", createdAt: Date(timeIntervalSince1970: 10))) },
            { try await PostgresMoodRepository(database: database, account: ann.id).save(try MoodEntry(day: day, score: 4)) },
        ]
        for write in writes {
            await #expect {
                try await write()
            } throws: {
                guard case let .noSuchAccount(reference)? = $0 as? AccountError else { return false }
                return reference == ann.id.description
            }
        }
        let days = day.adding(days: -7)...day
        #expect(try await PostgresCheckinRepository(database: database, account: ann.id).checkins(on: days).isEmpty)
        #expect(try await PostgresIdempotencyRepository(database: database, account: ann.id).record(account: ann.id, key: "k") == nil)
        #expect(try await PostgresTierRepository(database: database, account: ann.id).tier() == .free)
        #expect(try await PostgresGoalRepository(database: database, account: ann.id).all().isEmpty)
        await database.close()
    }

    @Test func aClosedDatabaseIsUnavailable() async throws {
        let (database, _) = try await PostgresTestDatabase.fresh()
        await database.close()
        await #expect {
            try await PostgresTierRepository(database: database, account: Account.ID()).tier()
        } throws: { error in
            (error as? PostgresStoreError)?.isUnavailable == true
        }
    }
}
