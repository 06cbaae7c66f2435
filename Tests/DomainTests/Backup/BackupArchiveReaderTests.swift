import Foundation
import Testing
import WellnessDomain

@Suite("BackupArchiveReader: an archive read as a stream, every record checked, every problem named")
struct BackupArchiveReaderTests {
    typealias Hand = HandArchive

    // MARK: - Reading

    @Test("the writer's archive reads back as the same settings and records, at their lines")
    func readsTheSample() {
        let outcome = BackupReading.read(BackupSample.archive)
        #expect(outcome.error == nil)
        #expect(outcome.settings == [BackupSample.settings])
        #expect(outcome.records == BackupSample.records)
        #expect(outcome.counts == BackupSample.counts(BackupSample.records))
        // Line 4 opens the first collection, and each collection takes a line to open and one to close.
        let places = outcome.places.map { "\($0.collection) \($0.index) @\($0.line)" }
        #expect(places.prefix(3) == ["supplementLogs 1 @5", "supplementLogs 2 @6", "goals 1 @9"])
        // The collections after health are empty: two lines each.
        let after = RecordRegistry.standard.collections.drop { $0 != .health }.dropFirst().count
        #expect(places.last == "health 2 @\(4 + 2 * RecordRegistry.standard.collections.count + BackupSample.records.count - 2 - 2 * after)")
    }

    @Test("every chunk size, from one byte to the whole archive, reads the same settings and records")
    func everyChunkSize() {
        let archive = BackupSample.archive
        let whole = BackupReading.read(archive)
        for size in 1...archive.count {
            #expect(BackupReading.read(archive, chunkSize: size) == whole, "chunk size \(size)")
        }
    }

    @Test("any layout of the same JSON reads the same: pretty-printed, CRLF, tabs, a byte-order mark, settings last",
          arguments: [(false, false), (true, false), (false, true), (true, true)])
    func anyLayout(bom: Bool, settingsLast: Bool) {
        let bytes = BackupSample.relaidOut(bom: bom, settingsLast: settingsLast)
        #expect(bytes != BackupSample.archive)
        for size in [1, 5, 4096, nil] {
            let outcome = BackupReading.read(bytes, chunkSize: size)
            #expect(outcome.error == nil, "chunk size \(String(describing: size))")
            #expect(outcome.settings == [BackupSample.settings])
            #expect(outcome.records == BackupSample.records)
        }
    }

    @Test("settings after the collections: the supplement logs' references are checked against them at the end")
    func settingsAfterCollections() {
        let others = RecordRegistry.standard.collections.dropFirst().map { ",\"\($0.rawValue)\":[]" }.joined()
        let text = #"{"format":"wellness-backup","version":1,"collections":{"supplementLogs":["#
            + Hand.supplementLog() + "]" + others + "}," + String(Hand.settings.dropLast()) + "}"
        let outcome = BackupReading.read(text, chunkSize: 3)
        #expect(outcome.error == nil)
        #expect(outcome.records.count == 1)
        #expect(outcome.settings.first?[SupplementStackSetting.self].supplements.map(\.id) == [BackupSample.supplement])
    }

    @Test("unicode, escaped quotes, backslashes and control characters in strings come back as they were written")
    func strings() throws {
        let notes = #"Zoë \"quoted\" back\\slash \/ \u00e9\u000d\u000a \ud83c\udfc3 tab\tnew\nline 日本語"#
        let outcome = BackupReading.read(Hand.text([("journals", [Hand.journal(notes: notes)])]), chunkSize: 1)
        #expect(outcome.error == nil)
        let record = try #require(outcome.records.first)
        guard let journal = record.value(as: JournalRecords.self) else {
            Issue.record("not a journal: \(record)")
            return
        }
        #expect(journal.notes == "Zoë \"quoted\" back\\slash / é\r\n 🏃 tab\tnew\nline 日本語")
    }

    @Test("an empty collection counts nothing; records are counted per collection")
    func emptyCollections() {
        let outcome = BackupReading.read(Hand.text([("moods", []), ("journals", [Hand.journal(), Hand.journal("2026-11-21")])]))
        #expect(outcome.error == nil)
        var counts = BackupCounts()
        counts[.journals] = 2
        #expect(outcome.counts == counts)
        #expect(outcome.counts.total == 2)
        #expect(outcome.counts.nonEmpty.map(\.collection) == [.journals])
    }

    @Test("an archive without collections, or without one of them, is refused, naming the first missing",
          arguments: [nil] + RecordRegistry.standard.collections)
    func missingCollection(_ left: RecordCollection?) {
        let text = if let left {
            Hand.text(RecordRegistry.standard.collections.filter { $0 != left }.map { ($0.rawValue, []) }, complete: false)
        } else {
            Hand.head + "\n" + String(Hand.settings.dropLast()) + "}\n"
        }
        let outcome = BackupReading.read(text)
        #expect(outcome.error == .missing(left.map { "collections.\($0.rawValue)" } ?? "collections"))
    }

    // MARK: - Errors

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let error: BackupError
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ error: BackupError) {
            self.name = name
            self.text = text
            self.error = error
        }
    }

    static let weightProblem = "kilograms: " + (WeightEntry.problem(kilograms: -5)?.summary ?? "?")

    static let broken: [Broken] = [
        Broken("a CSV file", "date,weight_kg\n2026-11-20,72.5\n", .notAnArchive),
        Broken("an empty file", "", .notAnArchive),
        Broken("only white space", " \n\r\n\t", .notAnArchive),
        Broken("an empty object", "{}", .notAnArchive),
        Broken("a JSON array", #"[{"format":"wellness-backup","version":1}]"#, .notAnArchive),
        Broken("a string", #""wellness-backup""#, .notAnArchive),
        Broken("no format", Hand.text([], head: #"{"version":1,"#), .notAnArchive),
        Broken("another format", Hand.text([], head: #"{"format":"wellness-export","version":1,"#), .notAnArchive),
        Broken("a format that is not a string", Hand.text([], head: #"{"format":["wellness-backup"],"version":1,"#),
               .notAnArchive),
        Broken("the format after the settings", #"{"version":1,"format":"wellness-backup","settings":{}}"#, .notAnArchive),
        Broken("no version", Hand.text([("journals", [Hand.journal()])], head: #"{"format":"wellness-backup","#),
               .missing("version")),
        Broken("only the format", #"{"format":"wellness-backup"}"#, .missing("version")),
        Broken("a newer version", Hand.text([], head: #"{"format":"wellness-backup","version":3,"#),
               .newerVersion(found: 3, supported: 2)),
        Broken("the version as a string", Hand.text([], head: #"{"format":"wellness-backup","version":"1","#),
               .invalidValue(line: 1, name: "version", reason: #""1""#)),
        Broken("version 0", Hand.text([], head: #"{"format":"wellness-backup","version":0,"#),
               .invalidValue(line: 1, name: "version", reason: "0")),
        Broken("a fractional version", Hand.text([], head: #"{"format":"wellness-backup","version":1.5,"#),
               .invalidValue(line: 1, name: "version", reason: "1.5")),
        Broken("no settings", Hand.text([("journals", [Hand.journal()])], settings: ""), .missing("settings")),
        Broken("settings without a tier", Hand.text([], settings: Hand.settings.replacingOccurrences(of: #","tier":"free""#, with: "")),
               .invalidValue(line: 2, name: "settings", reason: "tier is missing")),
        Broken("settings without the supplement stack's items",
               Hand.text([], settings: #""settings":{"exerciseLibrary":{"isSeeded":false,"items":[]},"#
                         + #""supplementStack":{"isSeeded":true},"tier":"free"},"#),
               .invalidValue(line: 2, name: "settings", reason: "supplementStack.items is missing")),
        Broken("settings twice", Hand.text([], settings: Hand.settings + "\n" + Hand.settings),
               .unexpectedMember(line: 3, name: "settings")),
        Broken("an unknown member", Hand.text([], settings: "\"extra\":\n{\"a\":1},\n" + Hand.settings),
               .unexpectedMember(line: 3, name: "extra")),
        Broken("an unknown collection", Hand.text([("journals", []), ("pets", [#"{"name":"Rex"}"#])]),
               .unknownCollection(line: 6, name: "pets")),
        Broken("a collection twice", Hand.text([("journals", [Hand.journal()]), ("journals", [Hand.journal("2026-11-21")])]),
               .repeatedCollection(line: 7, name: "journals")),
        Broken("collections that is not an object", Hand.text([]).replacingOccurrences(of: #""collections":{"#,
                                                                                        with: #""collections":["#),
               .malformed(line: 3, found: "[")),
        Broken("a collection that is not an array", Hand.text([], complete: false).replacingOccurrences(of: "\n}}", with: "\n\"journals\":{}}}"),
               .malformed(line: 4, found: "{")),
        Broken("a comma before the end of a collection", Hand.text([("journals", [Hand.journal() + ","])]),
               .malformed(line: 6, found: "]")),
        Broken("a missing comma between records", Hand.text([("journals", [Hand.journal() + "\n" + Hand.journal("2026-11-21")])]),
               .malformed(line: 6, found: "{")),
        Broken("a record that is not JSON", Hand.text([("journals", ["day: 2026-11-20"])]), .malformed(line: 5, found: "d")),
        Broken("text after the end", Hand.good + "\n{\"x\":1}\n", .malformed(line: Hand.goodLines + 2, found: "{")),
        Broken("a second archive after the end", Hand.good + Hand.good, .malformed(line: Hand.goodLines + 1, found: "{")),
        Broken("a record without its day", Hand.text([("journals", [Hand.journal(), #"{"notes":null,"tags":[]}"#])]),
               .invalidRecord(line: 6, collection: "journals", index: 2, reason: "day is missing")),
        Broken("a mood of 9", Hand.text([("moods", [Hand.mood(3, day: "2026-11-19"), Hand.mood(9)])]),
               .invalidRecord(line: 6, collection: "moods", index: 2, reason: "score 9 is not one of 1...5")),
        Broken("a weigh-in of -5 kg", Hand.text([("journals", [Hand.journal()]), ("weights", [Hand.weight(kilograms: "-5")])]),
               .invalidRecord(line: 8, collection: "weights", index: 1, reason: weightProblem,
                              cause: WeightEntry.problem(kilograms: -5)?.message)),
        Broken("the same journal day twice", Hand.text([("journals", [Hand.journal(), Hand.journal("2026-11-21"),
                                                                      Hand.journal(notes: "again")])]),
               .duplicate(line: 7, collection: "journals", index: 3, identity: "2026-11-20")),
        Broken("the same weigh-in id twice", Hand.text([("weights", [Hand.weight(), Hand.weight(kilograms: "80", minute: 30)])]),
               .duplicate(line: 6, collection: "weights", index: 2, identity: Hand.weightID)),
        Broken("a log of a supplement the archive does not hold",
               Hand.text([("supplementLogs", [Hand.supplementLog(), Hand.supplementLog(Hand.unknownID)]),
                          ("weights", [Hand.weight()])]),
               .brokenReference(line: 6, collection: "supplementLogs", index: 2, identity: "2026-11-20 \(Hand.unknownID)",
                                missing: "supplement \(Hand.unknownID)")),
        Broken("tips for a goal the archive does not hold",
               Hand.text([("goals", [Hand.goal()]), ("goalTips", [Hand.goalTips(), Hand.goalTips(Hand.unknownID)])]),
               .brokenReference(line: 9, collection: "goalTips", index: 2, identity: Hand.unknownID,
                                missing: "goal \(Hand.unknownID)")),
    ]

    @Test("each problem is refused with its line, collection and record, at every chunk size", arguments: broken)
    func refused(_ broken: Broken) {
        for size in BackupReading.sizes {
            let outcome = BackupReading.read(broken.text, chunkSize: size)
            #expect(outcome.error == broken.error, "chunk size \(String(describing: size))")
        }
    }

    @Test("tips for a goal that comes later in the archive are no broken reference")
    func tipsBeforeTheirGoal() {
        let outcome = BackupReading.read(Hand.text([("goalTips", [Hand.goalTips()]), ("goals", [Hand.goal()])]))
        #expect(outcome.error == nil)
        #expect(outcome.records.map(\.collection) == [.goalTips, .goals])
    }

    @Test("an archive cut short anywhere is truncated, at the line it was cut on")
    func truncated() {
        let bytes = Array(Hand.good.utf8)
        // Every cut but the last byte (the line break after the archive): inside the format, the
        // settings, a key, a record, a number; between records; before the last brace.
        for cut in 1..<bytes.count - 1 {
            let prefix = Array(bytes[..<cut])
            let line = prefix.filter { $0 == 0x0A }.count + 1
            let outcome = BackupReading.read(prefix, chunkSize: cut % 7 + 1)
            #expect(outcome.error == .truncated(line: line), "cut at \(cut): \(String(decoding: prefix.suffix(20), as: UTF8.self))")
        }
    }

    @Test("the records before a problem were handed over; none after it")
    func stopsAtTheProblem() {
        let text = Hand.text([("journals", [Hand.journal(), Hand.journal("2026-11-21")]),
                              ("moods", [Hand.mood(9), Hand.mood(2, day: "2026-11-21")])])
        let outcome = BackupReading.read(text, chunkSize: 2)
        #expect(outcome.error == .invalidRecord(line: 9, collection: "moods", index: 1, reason: "score 9 is not one of 1...5"))
        #expect(outcome.records.map(\.collection) == [.journals, .journals])
    }
}
