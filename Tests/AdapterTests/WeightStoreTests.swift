import Foundation
import GRDB
import Testing
import WellnessDomain
import WellnessJSONFile
import WellnessSQLite
import WellnessTestSupport

/// What the JSON-file and SQLite weight stores promise beyond the repository contract:
/// a corrupt file or row is an error naming it, never an empty or shortened list.
@Suite("Weight stores")
struct WeightStoreTests {
    struct Refused: Error {}

    static let validEntry = """
        {"date": "2026-11-20T07:30:00.000Z", "id": "0e4c2b1a-8f3d-4c5e-9a7b-112233445566",
         "kilograms": 70.5, "note": "ok", "source": "manual"}
        """

    func entry(_ iso: String, _ kilograms: Double, note: String? = nil) throws -> WeightEntry {
        try WeightEntry(date: Fixtures.instant(iso), kilograms: kilograms, note: note, source: .imported)
    }

    // MARK: - JSON file

    /// Every read and write of `weights` fails with `corruptFile` naming `file`, and `file` keeps
    /// its bytes.
    func expectCorrupt(_ weights: JSONFileWeightRepository, file: URL, reasonContains: String? = nil) async throws {
        let original = try Data(contentsOf: file)
        let isCorrupt: @Sendable (any Error) -> Bool = { error in
            let found: (path: String, reason: String)? = switch error as? JSONFileStoreError {
            case let .corruptFile(path, reason): (path, reason)
            case let .invalidRecord(path, at, rule): (path, "\(at): \(rule.key)")
            default: nil
            }
            guard let (path, reason) = found else { return false }
            return path == file.path && error.localizedDescription.contains(file.path)
                && (reasonContains.map { reason.contains($0) } ?? true)
        }
        await #expect { try await weights.entries(since: nil) } throws: { isCorrupt($0) }
        await #expect { try await weights.entries(since: Fixtures.instant("2026-11-01T00:00:00Z")) } throws: { isCorrupt($0) }
        await #expect { try await weights.latest(atOrBefore: nil) } throws: { isCorrupt($0) }
        await #expect { try await weights.entries(idPrefix: "0e4c", limit: 6) } throws: { isCorrupt($0) }
        await #expect { try await weights.forEachEntry { _ in } } throws: { isCorrupt($0) }
        await #expect { try await weights.remove(WeightEntry.ID(UUID(uuidString: "0e4c2b1a-8f3d-4c5e-9a7b-112233445566")!)) } throws: {
            isCorrupt($0)
        }
        let new = try entry("2026-12-01T07:30:00.000Z", 71)
        await #expect { try await weights.importEntries(commit: true) { try $0.insert([new]) } } throws: { isCorrupt($0) }
        await #expect { try await weights.importEntries(commit: false) { try $0.insert([new]) } } throws: { isCorrupt($0) }
        #expect(try Data(contentsOf: file) == original)
    }

    @Test("a weights.json that is not valid JSON is reported as corrupt with its path and left untouched",
          arguments: ["[{\"date\": \"2026-11-20T07:30:00.000Z\", \"kilograms\": 70", "", "null", "{}", "[1, 2]"])
    func jsonNotValid(text: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "weights")
        try Data(text.utf8).write(to: file)
        try await expectCorrupt(JSONFileWeightRepository(store: store), file: file)
    }

    @Test("weights.json, written one weigh-in at a time, holds the bytes the encoder gives the whole list (a note with a line break too)")
    func writtenElementwise() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let weights = JSONFileWeightRepository(store: store)
        let entries = [try entry("2026-11-20T07:30:00.000Z", 70.5, note: "after\na run"), try entry("2026-11-21T07:30:00.000Z", 70.25),
                       try entry("2026-11-22T07:30:00.000Z", 70, note: "\"quoted\" / slashed")]
        _ = try await weights.importEntries(commit: true) { try $0.insert(entries) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        let whole = try encoder.encode(entries)
        let written = try Data(contentsOf: store.url(of: "weights"))
        #expect(written == whole, "\(String(decoding: written, as: UTF8.self))")
        #expect(try await weights.entries(since: nil) == entries)
    }

    @Test("a weights.json entry with a weight out of range is reported as corrupt and left untouched",
          arguments: ["800", "0", "-70.5", "700.0000001", "1e400"])
    func jsonWeightOutOfRange(kilograms: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "weights")
        let text = """
            [\(Self.validEntry),
             {"date": "2026-11-21T07:30:00.000Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566",
              "kilograms": \(kilograms), "source": "imported"}]
            """
        try Data(text.utf8).write(to: file)
        // A number JSON cannot hold as a Double is refused by the parser itself, without a location.
        try await expectCorrupt(JSONFileWeightRepository(store: store), file: file,
                                reasonContains: kilograms == "1e400" ? nil : "kilograms")
    }

    @Test("a weights.json entry with a bad date, id or source is reported as corrupt and left untouched",
          arguments: [
            #"{"date": "2026-11-21", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566", "kilograms": 70, "source": "manual"}"#,
            #"{"date": "2026-11-21T07:30:00.000Z", "id": "1e4c", "kilograms": 70, "source": "manual"}"#,
            #"{"date": "2026-11-21T07:30:00.000Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566", "kilograms": 70, "source": "scale"}"#,
            #"{"date": "2026-11-21T07:30:00.000Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566", "kilograms": "70", "source": "manual"}"#,
            #"{"date": "2026-11-21T07:30:00.000Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566", "source": "manual"}"#,
          ])
    func jsonBadField(object: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "weights")
        try Data("[\(Self.validEntry), \(object)]".utf8).write(to: file)
        try await expectCorrupt(JSONFileWeightRepository(store: store), file: file, reasonContains: "[1]")
    }

    @Test("a weights.json with two entries of one duplicate key is reported as corrupt, not merged, and left untouched")
    func jsonDuplicateKey() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "weights")
        // Same minute (07:30), 70.5 and 70.504 kg: one weigh-in stored twice.
        let text = """
            [\(Self.validEntry),
             {"date": "2026-11-20T07:30:59.999Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566",
              "kilograms": 70.504, "note": "copy", "source": "imported"}]
            """
        try Data(text.utf8).write(to: file)
        try await expectCorrupt(JSONFileWeightRepository(store: store), file: file, reasonContains: "share a minute")
    }

    @Test("a hand-written weights.json out of order loads sorted; a weight 0.01 kg apart in one minute is not a duplicate")
    func jsonValidHandWritten() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "weights")
        let text = """
            [{"date": "2026-11-21T07:30:00.000+01:00", "id": "2e4c2b1a-8f3d-4c5e-9a7b-112233445566",
              "kilograms": 69.98893146900001, "source": "imported"},
             \(Self.validEntry),
             {"date": "2026-11-20T07:30:59.999Z", "id": "1e4c2b1a-8f3d-4c5e-9a7b-112233445566",
              "kilograms": 70.51, "note": "", "source": "manual"}]
            """
        try Data(text.utf8).write(to: file)
        let loaded = try await JSONFileWeightRepository(store: store).entries(since: nil)
        #expect(loaded.map(\.kilograms) == [70.5, 70.51, 69.98893146900001])
        #expect(loaded.map { Timestamp.format($0.date) }
                == ["2026-11-20T07:30:00.000Z", "2026-11-20T07:30:59.999Z", "2026-11-21T06:30:00.000Z"])
        #expect(loaded.map(\.note) == ["ok", nil, nil])
        #expect(loaded.map(\.source) == [.manual, .manual, .imported])
    }

    @Test("weights.json is a readable JSON array, oldest first, with millisecond UTC dates and exact weights")
    func jsonDocumentShape() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let weights = JSONFileWeightRepository(store: store)
        let later = try entry("2026-11-21T07:30:00.250Z", 69.98893146900001, note: "a, \"b\"\nc")
        let earlier = try entry("2026-11-20T07:30:00.000Z", 70)
        #expect(try await weights.importEntries(commit: true) { try $0.insert([later, earlier]) } == 2)

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url(of: "weights")))
        let array = try #require(object as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array.map { $0["date"] as? String } == ["2026-11-20T07:30:00.000Z", "2026-11-21T07:30:00.250Z"])
        #expect(array.map { $0["id"] as? String } == [earlier.id.rawValue.uuidString, later.id.rawValue.uuidString])
        #expect((array[1]["kilograms"] as? NSNumber)?.doubleValue.bitPattern == 69.98893146900001.bitPattern)
        #expect(array[1]["note"] as? String == "a, \"b\"\nc")
        #expect(array[0]["note"] == nil)
        #expect(array.map { $0["source"] as? String } == ["imported", "imported"])
    }

    @Test("an import that saves nothing (a dry run, only duplicates, a throwing body) does not create or rewrite weights.json")
    func jsonNoWriteWithoutChange() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let weights = JSONFileWeightRepository(store: store)
        let file = store.url(of: "weights")
        let first = try entry("2026-11-20T07:30:00.000Z", 70)

        #expect(try await weights.importEntries(commit: false) { try $0.insert([first]) } == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        await #expect(throws: Refused.self) { try await weights.importEntries(commit: true) { _ = try $0.insert([first]); throw Refused() } }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await weights.remove(first.id) == false)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        #expect(try await weights.importEntries(commit: true) { try $0.insert([first]) } == 1)
        let written = try Data(contentsOf: file)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        #expect(try await weights.importEntries(commit: true) { try $0.insert([first]) } == 0)
        let second = try entry("2026-11-21T07:30:00.000Z", 70)
        #expect(try await weights.importEntries(commit: false) { try $0.insert([second]) } == 1)
        // Not replaced (a replacement is a new file: a new inode).
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
        #expect(try Data(contentsOf: file) == written)
    }

    // MARK: - SQLite

    /// A database with one valid entry and, inserted by hand, the row `values` (minute,
    /// hundredths, id, atMs, kilograms, note, source), CHECK constraints ignored.
    func sqliteWithRow(_ values: String) async throws -> (TemporaryDirectory, URL, SQLiteWeightRepository, WeightEntry) {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        let weights = SQLiteWeightRepository(database: database)
        let valid = try entry("2026-11-19T07:30:00.000Z", 70)
        #expect(try await weights.importEntries(commit: true) { try $0.insert([valid]) } == 1)
        try await DatabaseQueue(path: file.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: LooseTables.weightEntry)
            try db.execute(sql: """
                INSERT INTO weightEntry (minute, hundredths, id, atMs, kilograms, note, source) VALUES \(values)
                """)
        }
        return (directory, file, weights, valid)
    }

    func expectCorruptRow(_ weights: SQLiteWeightRepository, file: URL, key: String?, reason: String) async {
        let isCorrupt: @Sendable (any Error) -> Bool = { error in
            guard let (path, table, rowKey, rowReason) = (error as? SQLiteStoreError)?.badRow else { return false }
            return path == file.path && table == "weightEntry" && rowReason.contains(reason)
                && (key.map { rowKey.contains($0) } ?? true)
                && error.localizedDescription.contains("weightEntry") && error.localizedDescription.contains(file.path)
        }
        await #expect { try await weights.entries(since: nil) } throws: { isCorrupt($0) }
        await #expect { try await weights.entries(since: Fixtures.instant("2026-11-20T00:00:00Z")) } throws: { isCorrupt($0) }
        await #expect { try await weights.latest(atOrBefore: nil) } throws: { isCorrupt($0) }
        await #expect { try await weights.forEachEntry { _ in } } throws: { isCorrupt($0) }
    }

    // 2026-11-20T07:30:00Z = 1_795_159_800_000 ms, minute 29_919_330.

    @Test("a SQLite row whose id is not 16 bytes is a corrupt row naming weightEntry, not dropped",
          arguments: ["X'0102'", "X''", "X'000102030405060708090a0b0c0d0e0f10'"])
    func sqliteBadIDLength(id: String) async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(29919330, 7100, \(id), 1795159800000, 71.0, NULL, 'manual')")
        await expectCorruptRow(weights, file: file, key: nil, reason: "16 bytes")
        let rows = try await DatabaseQueue(path: file.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM weightEntry") }
        #expect(rows == 2)
        withExtendedLifetime(directory) {}
    }

    @Test("a SQLite row with an unknown source is a corrupt row naming weightEntry and the row, not dropped")
    func sqliteUnknownSource() async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(29919330, 7100, X'aabbccdd00004000800000000000000f', 1795159800000, 71.0, 'scale', 'scale')")
        await expectCorruptRow(weights, file: file, key: "aabbccdd-0000-4000-8000-00000000000f", reason: "'scale'")
        await #expect(throws: SQLiteStoreError.self) { try await weights.entries(idPrefix: "aabb", limit: 6) }
        withExtendedLifetime(directory) {}
    }

    @Test("a SQLite row with a weight out of range is a corrupt row naming weightEntry, not dropped",
          arguments: ["800.0", "0.0", "-71.0", "700.001"])
    func sqliteWeightOutOfRange(kilograms: String) async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(29919330, 7100, X'aabbccdd00004000800000000000000f', 1795159800000, \(kilograms), NULL, 'imported')")
        await expectCorruptRow(weights, file: file, key: "aabbccdd-0000-4000-8000-00000000000f", reason: "weight")
        await #expect(throws: SQLiteStoreError.self) { try await weights.entries(idPrefix: "aabb", limit: 6) }
        withExtendedLifetime(directory) {}
    }

    @Test("a SQLite row holding what only another tool writes is a corrupt row, also where it looks almost right",
          arguments: [("9e999, NULL, 'manual'", "kilograms"), ("'heavy', NULL, 'manual'", "kilograms"),
                      ("71.0, NULL, X'6d616e75616c'", "source"), ("71.0, NULL, ''", "source"),
                      ("71.0, NULL, 'manuals'", "source"), ("71.0, NULL, 'manua'", "source"), ("71.0, NULL, 'Manual'", "source"),
                      ("71.0, NULL, CAST(X'006d616e75616c' AS TEXT)", "source"),
                      ("71.0, X'00', 'manual'", "note")])
    func sqliteAlmostValid(values: String, column: String) async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(29919330, 7100, X'aabbccdd00004000800000000000000f', 1795159800000, \(values))")
        await expectCorruptRow(weights, file: file, key: "aabbccdd-0000-4000-8000-00000000000f", reason: "\(column):")
        withExtendedLifetime(directory) {}
    }

    @Test("a SQLite instant outside the years 1...9999 is a corrupt row naming atMs", arguments: [
        "253402300800000", "-62135596800001",
    ])
    func sqliteInstantOutOfRange(millis: String) async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(29919330, 7100, X'aabbccdd00004000800000000000000f', \(millis), 71.0, NULL, 'manual')")
        let isCorrupt: @Sendable (any Error) -> Bool = { error in
            guard case let .corruptRow(path, table, key, reason)? = error as? SQLiteStoreError else { return false }
            return path == file.path && table == "weightEntry" && key.contains("aabbccdd-0000-4000-8000-00000000000f")
                && reason.hasPrefix("atMs:")
        }
        await #expect { try await weights.entries(since: nil) } throws: { isCorrupt($0) }
        await #expect { try await weights.forEachEntry { _ in } } throws: { isCorrupt($0) }
        await #expect { try await weights.latest(atOrBefore: nil) } throws: { isCorrupt($0) }
        withExtendedLifetime(directory) {}
    }

    @Test("SQLite rows read as GRDB reads them: an empty note is no note, text ends at a NUL, the last millisecond of 9999")
    func sqliteOddValidValues() async throws {
        let (directory, _, weights, valid) = try await sqliteWithRow("""
            (29919330, 7100, X'aabbccdd00004000800000000000000f', 1795159800000, 71, '', 'imported'),
            (29919331, 7250, X'aabbccdd000040008000000000000010', 1795159860001, 72.5, CAST(X'610062' AS TEXT),
             CAST(X'6d616e75616c0078' AS TEXT)),
            (4223371679, 7000, X'aabbccdd000040008000000000000011', 253402300799999, 70.0, 'last', 'manual')
            """)
        func id(_ text: String) -> WeightEntry.ID { .init(UUID(uuidString: text)!) }
        let expected = [
            valid,
            WeightEntry(unchecked: id("aabbccdd-0000-4000-8000-00000000000f"), date: Fixtures.instant("2026-11-20T07:30:00Z"),
                        kilograms: 71, note: nil, source: .imported),
            WeightEntry(unchecked: id("aabbccdd-0000-4000-8000-000000000010"), date: Fixtures.instant("2026-11-20T07:31:00.001Z"),
                        kilograms: 72.5, note: "a", source: .manual),
            WeightEntry(unchecked: id("aabbccdd-0000-4000-8000-000000000011"), date: Timestamp.range.upperBound,
                        kilograms: 70, note: "last", source: .manual),
        ]
        #expect(try await weights.entries(since: nil) == expected)
        let visits = Visits()
        try await weights.forEachEntry { visits.append($0) }
        #expect(visits.entries == expected)
        #expect(try await weights.latest(atOrBefore: nil) == expected.last)
        #expect(try await weights.entries(idPrefix: "aabbccdd", limit: 9) == Array(expected.dropFirst()))
        withExtendedLifetime(directory) {}
    }

    @Test("SQLite walks every entry in the order of entries(since:), minutes of many weigh-ins and ties by id included")
    func sqliteWalkOrder() async throws {
        let directory = try TemporaryDirectory()
        let weights = SQLiteWeightRepository(database: try SQLiteDatabase(file: directory.file("wellness.sqlite")))
        var generator = SplitMix64(seed: 23)
        var entries: [WeightEntry] = []
        var keys = Set<WeightEntry.DuplicateKey>()
        let start = Timestamp.milliseconds(Fixtures.instant("2026-11-20T08:00:00Z"))
        while entries.count < 2000 {
            // A few minutes, a few milliseconds in each: many ties of instant, weights in any order.
            let millis = start + Int64.random(in: 0..<6, using: &generator) * 60_000 + Int64.random(in: 0..<4, using: &generator) * 15_000
            let entry = WeightEntry(unchecked: .init(), date: Timestamp.fromMilliseconds(millis),
                                    kilograms: Double(Int.random(in: 5000...9000, using: &generator)) / 100, note: nil,
                                    source: .manual)
            if keys.insert(entry.duplicateKey).inserted { entries.append(entry) }
        }
        let inserting = entries
        #expect(try await weights.importEntries(commit: true) { try $0.insert(inserting) } == entries.count)
        let expected = entries.sorted {
            ($0.date, $0.id.rawValue.uuidString) < ($1.date, $1.id.rawValue.uuidString)
        }
        let visits = Visits()
        try await weights.forEachEntry { visits.append($0) }
        #expect(visits.entries == expected)
        #expect(try await weights.entries(since: nil) == expected)
        withExtendedLifetime(directory) {}
    }

    @Test("a SQLite row whose minute is not an integer is a corrupt row naming minute")
    func sqliteMinuteNotAnInteger() async throws {
        let (directory, file, weights, _) = try await sqliteWithRow(
            "(X'00', 7100, X'aabbccdd000040008000000000000010', 1795159800000, 71.0, NULL, 'manual')")
        await #expect {
            try await weights.forEachEntry { _ in }
        } throws: { error in
            guard case let .corruptRow(path, table, key, reason)? = error as? SQLiteStoreError else { return false }
            return path == file.path && table == "weightEntry" && key.contains("aabbccdd-0000-4000-8000-000000000010")
                && reason.hasPrefix("minute:")
        }
        withExtendedLifetime(directory) {}
    }

    @Test("the weightEntry table itself refuses an id that is not 16 bytes, a weight out of range and a second copy of a weigh-in")
    func sqliteSchemaConstraints() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        _ = try SQLiteDatabase(file: file)
        let queue = try DatabaseQueue(path: file.path)
        let insert = "INSERT INTO weightEntry (minute, hundredths, id, atMs, kilograms, note, source) VALUES "
        let goodID = "X'aabbccdd00004000800000000000000f'"
        for values in ["(1, 7000, X'01', 60000, 70.0, NULL, 'manual')",
                       "(1, 80000, \(goodID), 60000, 800.0, NULL, 'manual')",
                       "(1, 0, \(goodID), 60000, 0.0, NULL, 'manual')",
                       "(1, 7000, \(goodID), 60000, NULL, NULL, 'manual')"] {
            await #expect(throws: DatabaseError.self, "\(values)") {
                try await queue.write { try $0.execute(sql: insert + values) }
            }
        }
        try await queue.write { try $0.execute(sql: insert + "(1, 7000, \(goodID), 60000, 70.0, NULL, 'manual')") }
        await #expect(throws: DatabaseError.self) {
            try await queue.write {
                try $0.execute(sql: insert + "(1, 7000, X'bbbbccdd00004000800000000000000f', 60500, 70.001, NULL, 'manual')")
            }
        }
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM weightEntry") } == 1)
    }

    @Test("SQLite stores an entry as minute, hundredths, a 16-byte id and whole milliseconds")
    func sqliteRowShape() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let weights = SQLiteWeightRepository(database: try SQLiteDatabase(file: file))
        let given = try WeightEntry(id: .init(UUID(uuidString: "AABBCCDD-0000-4000-8000-00000000000F")!),
                                    date: Fixtures.instant("2026-11-20T07:30:00.250Z"), kilograms: 70.005,
                                    note: "n", source: .manual)
        #expect(try await weights.importEntries(commit: true) { try $0.insert([given]) } == 1)
        let row = try DatabaseQueue(path: file.path).read { db in
            try Row.fetchOne(db, sql: "SELECT minute, hundredths, hex(id) AS hexID, atMs, kilograms, note, source FROM weightEntry")
        }
        let stored = try #require(row)
        #expect(stored["minute"] as Int64 == 29_919_330)
        #expect(stored["hundredths"] as Int64 == given.duplicateKey.hundredths)
        #expect(stored["hexID"] as String == "AABBCCDD00004000800000000000000F")
        #expect(stored["atMs"] as Int64 == 1_795_159_800_250)
        #expect((stored["kilograms"] as Double).bitPattern == 70.005.bitPattern)
        #expect(stored["note"] as String? == "n")
        #expect(stored["source"] as String == "manual")
    }

    @Test("a SQLite import that fails inside SQLite (a CHECK) rolls back the whole transaction and reports the file")
    func sqliteFailingStatementRollsBack() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let weights = SQLiteWeightRepository(database: try SQLiteDatabase(file: file))
        let good = (0..<100).map { index in
            WeightEntry(unchecked: .init(), date: Fixtures.instant("2026-11-01T06:00:00Z").addingTimeInterval(Double(index) * 60),
                        kilograms: 70, note: nil, source: .imported)
        }
        // Not a weight: only `unchecked` builds it, and the table refuses it.
        let bad = WeightEntry(unchecked: .init(), date: Fixtures.instant("2026-11-20T06:00:00Z"), kilograms: 900,
                              note: nil, source: .imported)
        for batch in [[bad], good.prefix(70) + [bad]] {
            await #expect {
                try await weights.importEntries(commit: true) { inserter in
                    #expect(try inserter.insert(Array(good.prefix(30))) == 30)
                    return try inserter.insert(Array(batch))
                }
            } throws: { error in
                guard case let .database(path, _)? = error as? SQLiteStoreError else { return false }
                return path == file.path
            }
        }
        #expect(try await weights.entries(since: nil).isEmpty)
        #expect(try await weights.importEntries(commit: true) { try $0.insert(good) } == 100)
    }
}
