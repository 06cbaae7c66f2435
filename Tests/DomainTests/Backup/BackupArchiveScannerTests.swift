import Foundation
import Testing
import WellnessDomain

@Suite("BackupArchiveScanner: a streamed archive split into members and records, at any chunk size")
struct BackupArchiveScannerTests {
    typealias Item = BackupArchiveScanner.Item

    static func member(_ name: String, _ json: String, line: Int) -> Item {
        .member(name: name, json: Array(json.utf8), line: line)
    }

    static func record(_ collection: String, _ index: Int, _ json: String, line: Int) -> Item {
        .record(collection: collection, index: index, json: Array(json.utf8), line: line)
    }

    @Test("the members, collections and records of a hand-written archive, each with the line it starts on")
    func items() {
        let text = HandArchive.text([("journals", [HandArchive.journal(), HandArchive.journal("2026-11-21")]),
                                     ("moods", []), ("weights", [HandArchive.weight()])],
                                    complete: false)
        let scanned = BackupReading.scan(Array(text.utf8))
        #expect(scanned.error == nil)
        let settings = String(HandArchive.settings.dropFirst(#""settings":"#.count).dropLast())
        #expect(scanned.items == [
            Self.member("format", #""wellness-backup""#, line: 1), Self.member("version", "\(BackupArchive.version)", line: 1),
            Self.member("settings", settings, line: 2),
            .collection(name: "journals", line: 4),
            Self.record("journals", 1, HandArchive.journal(), line: 5),
            Self.record("journals", 2, HandArchive.journal("2026-11-21"), line: 6),
            .collection(name: "moods", line: 8),
            .collection(name: "weights", line: 10),
            Self.record("weights", 1, HandArchive.weight(), line: 11),
        ])
    }

    @Test("every chunk size, from one byte to the whole archive, gives the same items")
    func everyChunkSize() {
        let archive = BackupSample.archive
        let whole = BackupReading.scan(archive)
        #expect(whole.error == nil)
        // Two members of the header, the settings, 12 collections, and every record.
        #expect(whole.items.count == 3 + RecordRegistry.standard.collections.count + BackupSample.records.count)
        for size in 1...archive.count {
            let scanned = BackupReading.scan(archive, chunkSize: size)
            #expect(scanned.items == whole.items, "chunk size \(size)")
            #expect(scanned.error == nil, "chunk size \(size)")
        }
    }

    @Test("scalars of every kind are values: numbers, true, false, null, and a string with escaped quotes")
    func scalars() {
        let text = "{\"a\":-1.5e3,\"b\":true,\n\"c\":false ,\"d\":null\t,\"e\":\"q\\\"}\\\\\",\"f\":[1,{\"g\":\"]\"}]}"
        for size in BackupReading.sizes {
            let scanned = BackupReading.scan(Array(text.utf8), chunkSize: size)
            #expect(scanned.items == [Self.member("a", "-1.5e3", line: 1), Self.member("b", "true", line: 1),
                                      Self.member("c", "false", line: 2), Self.member("d", "null", line: 2),
                                      Self.member("e", #""q\"}\\""#, line: 2), Self.member("f", #"[1,{"g":"]"}]"#, line: 2)],
                    "chunk size \(String(describing: size))")
            #expect(scanned.error == nil)
        }
    }

    @Test("a key with escaped quotes and backslashes is read as its text")
    func escapedKeys() {
        let text = #"{"a\"b\\c":1,"collections":{"x\"y":[2]}}"#
        let scanned = BackupReading.scan(Array(text.utf8), chunkSize: 1)
        #expect(scanned.items == [Self.member(#"a"b\c"#, "1", line: 1), .collection(name: #"x"y"#, line: 1),
                                  Self.record(#"x"y"#, 1, "2", line: 1)])
    }

    @Test("a byte-order mark before the archive is passed over, however the chunks split it")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(HandArchive.good.utf8)
        let plain = BackupReading.scan(Array(HandArchive.good.utf8))
        for size in [1, 2, 3, 4, nil] {
            let scanned = BackupReading.scan(bytes, chunkSize: size)
            #expect(scanned.items == plain.items, "chunk size \(String(describing: size))")
            #expect(scanned.error == nil)
        }
    }

    @Test("a value longer than the limit is refused at the line it starts on, before the rest is read")
    func tooLarge() {
        let note = String(repeating: "x", count: BackupArchiveScanner.maximumValueBytes)
        let text = HandArchive.text([("journals", [HandArchive.journal("2026-11-19"), HandArchive.journal(notes: note)])])
        for size in [1 << 16, nil] {
            let outcome = BackupReading.read(text, chunkSize: size)
            #expect(outcome.error == .tooLarge(line: 6, megabytes: 16), "chunk size \(String(describing: size))")
            #expect(outcome.records.count == 1)
        }
    }

    @Test("a number longer than the limit is refused at its line, before the rest is read (a 300 MB one took 1.28 GB)")
    func scalarTooLong() {
        let limit = BackupArchiveScanner.maximumScalarBytes
        func archive(version: String) -> [UInt8] {
            Array(("{\"format\":\"wellness-backup\",\n\"version\":" + version + ",\"collections\":{}}").utf8)
        }
        let atLimit = BackupReading.scan(archive(version: String(repeating: "1", count: limit)))
        #expect(atLimit.error == nil)
        for size in [1, 7, nil] as [Int?] {
            let scanned = BackupReading.scan(archive(version: String(repeating: "9", count: 100_000)), chunkSize: size)
            #expect(scanned.error == .scalarTooLong(line: 2, characters: limit), "chunk size \(String(describing: size))")
        }
        // A record that is a bare number is held to the same limit.
        let record = HandArchive.text([("weights", [String(repeating: "5", count: 10_000)])])
        #expect(BackupReading.scan(Array(record.utf8)).error == .scalarTooLong(line: 5, characters: limit))
    }

    @Test("a number inside a record is held to the same limit, at its own line; a long string there is not a number")
    func scalarInsideARecordTooLong() {
        let limit = BackupArchiveScanner.maximumScalarBytes
        func archive(_ kilograms: String, note: String = "x") -> [UInt8] {
            Array(HandArchive.text([("weights", ["{\"note\":\"\(note)\",\n\"kilograms\":\(kilograms)}"])]).utf8)
        }
        #expect(BackupReading.scan(archive(String(repeating: "7", count: limit))).error == nil)
        #expect(BackupReading.scan(archive("-1.5e+300", note: String(repeating: "1", count: 10_000))).error == nil)
        for size in [1, 7, nil] as [Int?] {
            let scanned = BackupReading.scan(archive(String(repeating: "9", count: 100_000)), chunkSize: size)
            #expect(scanned.error == .scalarTooLong(line: 6, characters: limit), "chunk size \(String(describing: size))")
        }
        #expect(BackupReading.scan(archive(String(repeating: "true", count: 20))).error
            == .scalarTooLong(line: 6, characters: limit))
    }

    @Test("arrays nested deeper than the limit are refused at the line of the one too deep")
    func nestedTooDeep() {
        let limit = BackupArchiveScanner.maximumNesting
        func archive(depth: Int) -> [UInt8] {
            let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return Array(HandArchive.text([("weights", [value])]).utf8)
        }
        #expect(BackupReading.scan(archive(depth: limit)).error == nil)
        for size in [1, nil] as [Int?] {
            #expect(BackupReading.scan(archive(depth: 100_000), chunkSize: size).error == .nestedTooDeep(line: 5, limit: limit))
        }
    }
}
