import Foundation
import Testing
import WellnessComposition
import WellnessPostgres
import WellnessServerHost
import WellnessTestSupport

/// `ServerHost.backUpServer` and `restoreServer`: a whole server moved between data directories
/// and PostgreSQL, byte for byte, and a restore that fails leaving nothing.
@Suite("Server backup and restore")
struct ServerBackupTests {
    static let ann = "ann@example.org"
    static let bob = "bob@example.org"
    static let messages = ErrorPresenter(locale: .en)

    static func host(_ directory: TemporaryDirectory, store: StoreKind = .sqlite) throws -> ServerHost {
        try ServerHost(store: store, directory: directory.url, clock: FixedWallClock(TestServer.start),
                       calendar: TestServer.calendar, bcryptCost: 4, logger: TestServer.quietLogger)
    }

    /// What a server's routes write for an account: a goal with tips, a mood, a journal, a check-in.
    static func serverData(_ stores: WellnessRepositories, score: Int, note: String) async throws {
        let goal = Goal.ID()
        try await stores.goals.save(Goal(storedID: goal, title: "Walk \(note)", description: nil,
                                         createdAt: Fixtures.instant("2026-03-01T09:00:00Z")))
        try await stores.tipsCache.store(GoalTips(goalID: goal, generatedAt: Fixtures.instant("2026-03-02T10:00:00Z"), tips: [
            GoalTip(id: .init(), tip: "Go outside", category: .exercise, priority: .high),
        ], stale: false, source: .rules))
        try await stores.moods.save(MoodEntry(storedDay: Fixtures.day("2026-03-03"), score: score, note: note))
        let journal = DailyJournal(day: Fixtures.day("2026-03-04"), notes: "\(note) \"quoted\" ☃", tags: ["coffee"])
        try await stores.journals.update(journal.day) { $0 = journal }
        _ = try await stores.checkins.save(try Checkin(day: Fixtures.day("2026-03-05"), energy: 4, stress: 2, social: 5,
                                                       keyContact: note), replacing: false)
    }

    /// Ann (pro, in Amsterdam, something in every collection when `everything`) and Bob (free,
    /// no time zone, the server's collections, his mood scored 3).
    static func twoAccounts(_ host: ServerHost, everything: Bool) async throws {
        let ann = try await host.addAccount(email: ann, password: TestServer.password, tier: .pro,
                                            timeZone: "Europe/Amsterdam")
        let bob = try await host.addAccount(email: bob, password: TestServer.password + " 2")
        if everything {
            try await FilledStore.fill(try await host.workspace(ann.id).repositories)
        } else {
            try await serverData(try await host.workspace(ann.id).repositories, score: 5, note: "Ann")
        }
        try await serverData(try await host.workspace(bob.id).repositories, score: 3, note: "Bob")
    }

    static func backup(_ host: ServerHost) async throws -> [UInt8] {
        let sink = ByteSink()
        try await host.backUpServer(to: sink.append)
        return sink.bytes
    }

    /// Every account's archive, as its export gives it, by email.
    static func archives(_ host: ServerHost) async throws -> [String: [UInt8]] {
        var archives: [String: [UInt8]] = [:]
        for account in try await host.accounts() {
            let sink = ByteSink()
            try await host.backUpAccount(account.id, to: sink.append)
            archives[account.email.rawValue] = sink.bytes
        }
        return archives
    }

    /// The restored server has the same accounts, logins with the same passwords, tiers and archives.
    static func expectSame(_ restored: ServerHost, as original: ServerHost, archives: [String: [UInt8]]) async throws {
        #expect(try await restored.accounts() == original.accounts())
        #expect(try await Self.archives(restored) == archives)
        _ = try await restored.logIn(email: ann, password: TestServer.password)
        _ = try await restored.logIn(email: bob, password: TestServer.password + " 2")
        await #expect(throws: AccountError.invalidCredentials) {
            try await restored.logIn(email: bob, password: TestServer.password)
        }
        #expect(try await restored.tier(of: restored.account(ann).id) == .pro)
        #expect(try await restored.tier(of: restored.account(bob).id) == .free)
        #expect(try await restored.account(ann).timeZone == "Europe/Amsterdam", "the account's zone moves with it")
        #expect(try await restored.account(bob).timeZone == nil)
    }

    @Test("two accounts with data in every collection move to a new data directory: logins, tiers and archives the same")
    func sqliteToSQLite() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: true)
        _ = try await original.logIn(email: Self.ann, password: TestServer.password)
        let archives = try await Self.archives(original)
        #expect(archives.count == 2)
        #expect(try #require(archives[Self.ann]).count > 3000)
        #expect(String(decoding: try #require(archives[Self.bob]), as: UTF8.self).contains("\"note\":\"Bob\""))

        let bytes = try await Self.backup(original)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(document["format"] as? String == "wellness-server-backup")
        #expect(document["version"] as? Int == 1)
        let entries = try #require(document["accounts"] as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries {
            #expect(Set(entry.keys) == ["account", "archive"])
            let account = try #require(entry["account"] as? [String: Any])
            // Never a session: the entry is exactly these (the zone only when the account has one).
            let zoned = account["email"] as? String == Self.ann
            #expect(Set(account.keys) == Set(["createdAt", "email", "id", "passwordHash", "tier"] + (zoned ? ["timeZone"] : [])))
            if zoned { #expect(account["timeZone"] as? String == "Europe/Amsterdam") }
        }
        // Each account's archive is its export's bytes, as they are.
        for (_, archive) in archives {
            #expect(bytes.firstRange(of: archive) != nil)
        }

        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let restored = try Self.host(to)
        let counts = try await restored.restoreServer(from: InMemoryByteSource(bytes, chunkSize: 777))
        #expect(counts.accounts == 2)
        #expect(counts.records > 10)
        try await Self.expectSame(restored, as: original, archives: archives)
        #expect(try await Self.backup(restored) == bytes)
    }

    @Test("a backup taken while 20 check-ins arrive holds each one whole or not at all, and restores",
          arguments: [StoreKind.sqlite, .json])
    func whileCheckinsArrive(store: StoreKind) async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from, store: store)
        let ann = try await original.addAccount(email: Self.ann, password: TestServer.password)
        let submit = try await original.accountWorkspace(ann.id).submitCheckin
        // Twenty days before the test's today, each with its own ratings and contact.
        let sent = try (1...20).map { offset in
            try Checkin(day: TestServer.today.adding(days: -offset), energy: 1 + offset % 5, stress: 1 + (offset + 2) % 5,
                        social: 1 + (offset + 4) % 5, keyContact: "contact \(offset)")
        }
        let bytes = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                for checkin in sent { _ = try await submit.execute(checkin, key: "key-\(checkin.day)", replacing: false) }
                return nil
            }
            group.addTask { try await Self.backup(original) }
            var backup: [UInt8] = []
            for try await result in group { if let result { backup = result } }
            return backup
        }
        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let restored = try Self.host(to)
        #expect(try await restored.restoreServer(from: InMemoryByteSource(bytes)).accounts == 1)
        let kept = try await restored.accountWorkspace(try await restored.account(Self.ann).id).listCheckins
            .execute(days: 30)
        let byDay = Dictionary(uniqueKeysWithValues: sent.map { ($0.day, $0) })
        for checkin in kept {
            #expect(byDay[checkin.day] == checkin, "whole, as sent: \(checkin)")
        }
        #expect(kept.count <= sent.count)
        // Afterwards, a backup holds all twenty.
        let after = try await Self.backup(original)
        let toAgain = try TemporaryDirectory(prefix: "wellness-server-restore")
        let again = try Self.host(toAgain)
        _ = try await again.restoreServer(from: InMemoryByteSource(after))
        #expect(try await again.accountWorkspace(try await again.account(Self.ann).id).listCheckins.execute(days: 30).count == 20)
    }

    @Test("into a JSON data directory, read a byte at a time: the same accounts and archives, and back to the same backup")
    func sqliteToJSON() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: true)
        let archives = try await Self.archives(original)
        let bytes = try await Self.backup(original)
        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let restored = try Self.host(to, store: .json)
        #expect(try await restored.restoreServer(from: InMemoryByteSource(bytes, chunkSize: 1)).accounts == 2)
        #expect(FileManager.default.fileExists(atPath: to.url.appendingPathComponent("accounts.json").path))
        try await Self.expectSame(restored, as: original, archives: archives)
        #expect(try await Self.backup(restored) == bytes)
    }

    @Test("a restore into a server with an account is refused, naming it, and changes nothing")
    func notEmpty() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: false)
        let bytes = try await Self.backup(original)

        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let target = try Self.host(to)
        let carol = try await target.addAccount(email: "carol@example.org", password: TestServer.password)
        let error = await #expect(throws: ServerBackupError.self) {
            try await target.restoreServer(from: InMemoryByteSource(bytes))
        }
        #expect(error == .notEmpty(location: to.url.path, accounts: 1))
        #expect(try await target.accounts() == [carol])
        #expect(try Self.accountFolders(to).allSatisfy { $0 == carol.id.description })
    }

    @Test("a bad record in the second account leaves the target without accounts and names the account, collection and line")
    func corruptSecondAccount() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: true)
        let text = String(decoding: try await Self.backup(original), as: UTF8.self)
        // Bob's is the only mood scored 3, and Bob comes second (by email).
        let lines = text.components(separatedBy: "\n")
        let moodLines = lines.indices.filter { lines[$0].contains("\"score\":3") }
        try #require(moodLines.count == 1)
        #expect(lines.firstIndex { $0.contains("\"email\":\"bob@example.org\"") }! < moodLines[0])
        let corrupt = text.replacingOccurrences(of: "\"score\":3", with: "\"score\":9")

        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let target = try Self.host(to)
        let error = await #expect(throws: ServerBackupError.self) {
            try await target.restoreServer(from: InMemoryByteSource(corrupt, chunkSize: 1000))
        }
        let message = try Self.messages.message(for: #require(error))
        #expect(message.hasPrefix("account bob@example.org: line \(moodLines[0] + 1), moods record 1: "), "\(message)")
        #expect(try await target.accounts().isEmpty)
        #expect(try Self.accountFolders(to) == [])
        // And the same archive, whole, restores.
        #expect(try await target.restoreServer(from: InMemoryByteSource(text)).accounts == 2)
    }

    @Test("archives that are not a server's backup are refused with their line", arguments: [
        ("{\"format\":\"wellness-backup\",\"version\":1}", "not a Wellness server backup"),
        ("{\"format\":\"wellness-server-backup\",\"version\":2,\"accounts\":[]}", "a server backup of version 2"),
        ("{\"format\":\"wellness-server-backup\",\"version\":1,\n\"accounts\":[\n{\"account\":{\"id\":\"x\"}", "line 3, account: "),
        ("{\"format\":\"wellness-server-backup\",\"version\":1,\n\"accounts\":[", "line 2: the file ends"),
        ("{\"format\":\"wellness-server-backup\",\"version\":1,\"accounts\":[],\"extra\":1}", "line 1: not valid JSON at ,"),
    ])
    func refused(archive: String, expected: String) async throws {
        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        let target = try Self.host(to)
        let error = await #expect(throws: ServerBackupError.self) {
            try await target.restoreServer(from: InMemoryByteSource(archive))
        }
        let message = try Self.messages.message(for: #require(error))
        #expect(message.hasPrefix(expected), "\(message)")
        #expect(try await target.accounts().isEmpty)
    }

    @Test("an empty server backs up to an archive without accounts, which restores to nothing")
    func empty() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let bytes = try await Self.backup(try Self.host(from))
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"format\":\"wellness-server-backup\",\"version\":1,\n\"accounts\":[\n]}\n")
        let to = try TemporaryDirectory(prefix: "wellness-server-restore")
        #expect(try await Self.host(to).restoreServer(from: InMemoryByteSource(bytes)) == ServerBackupCounts())
    }

    @Test("SQLite to PostgreSQL and back: logins, tiers and archives the same, the server's backup byte for byte",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func throughPostgres() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: false)
        let archives = try await Self.archives(original)
        let bytes = try await Self.backup(original)

        try await Self.withPostgres { postgres in
            #expect(try await postgres.restoreServer(from: InMemoryByteSource(bytes)).accounts == 2)
            try await Self.expectSame(postgres, as: original, archives: archives)
            let fromPostgres = try await Self.backup(postgres)
            #expect(fromPostgres == bytes)

            let back = try TemporaryDirectory(prefix: "wellness-server-restore")
            let restored = try Self.host(back)
            #expect(try await restored.restoreServer(from: InMemoryByteSource(fromPostgres)).accounts == 2)
            try await Self.expectSame(restored, as: original, archives: archives)
            #expect(try await Self.backup(restored) == bytes)
        }
    }

    @Test("data PostgreSQL does not keep (weigh-ins, the dog) is refused by name, leaving the database without accounts",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func notKeptByPostgres() async throws {
        let from = try TemporaryDirectory(prefix: "wellness-server-backup")
        let original = try Self.host(from)
        try await Self.twoAccounts(original, everything: true)
        let bytes = try await Self.backup(original)
        try await Self.withPostgres { postgres in
            let error = await #expect(throws: ServerBackupError.self) {
                try await postgres.restoreServer(from: InMemoryByteSource(bytes))
            }
            guard case .notKept(_, let email, _) = try #require(error) else {
                Issue.record("not notKept: \(String(describing: error))")
                throw CancellationError()
            }
            #expect(email == Self.ann)
            #expect(try await postgres.accounts().isEmpty)
        }
    }

    /// Runs `body` on a server host on a fresh PostgreSQL schema, closing its database after.
    static func withPostgres(_ body: (ServerHost) async throws -> Void) async throws {
        let database = try await PostgresDatabase.open(try PostgresTestDatabase.freshConfiguration(),
                                                       logger: TestServer.quietLogger)
        let postgres = ServerHost(postgres: database, clock: FixedWallClock(TestServer.start), calendar: TestServer.calendar,
                                  bcryptCost: 4, logger: TestServer.quietLogger)
        do {
            try await body(postgres)
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    /// The account folders of a data directory.
    static func accountFolders(_ directory: TemporaryDirectory) throws -> [String] {
        let folder = directory.url.appendingPathComponent("accounts")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
