import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("BackupArchiveWriter: one record per line, fixed order, the same bytes for the same records")
struct BackupArchiveWriterTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("an archive of nothing: the header, the settings with every key, and every collection empty")
    func emptyArchive() throws {
        let written = try BackupReading.write(BackupSettings(), [])
        let collections = RecordRegistry.standard.collections.map { "\"\($0.rawValue)\":[\n]" }.joined(separator: ",\n")
        #expect(Self.text(written.bytes) == """
            {"format":"wellness-backup","version":\(BackupArchive.version),
            "settings":{"checkinsPausedUntil":null,"dogProfile":null,"exerciseLibrary":{"isSeeded":false,"items":[]},\
            "moduleSettings":null,"supplementStack":{"isSeeded":false,"items":[]},"tier":"free"},
            "collections":{
            \(collections)
            }}

            """)
        #expect(written.chunks == 1)
        let outcome = BackupReading.read(written.bytes)
        #expect(outcome.error == nil)
        #expect(outcome.settings == [BackupSettings()])
        #expect(outcome.records.isEmpty)
    }

    @Test("every record on a line of its own, collections in order, the empty ones as [ and ]")
    func layout() throws {
        let records = BackupSample.records.filter { [.journals, .weights].contains($0.collection) }
        let lines = Self.text(try BackupReading.write(BackupSample.settings, records).bytes)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 + 2 * RecordRegistry.standard.collections.count + records.count + 2)
        #expect(lines[3...6] == [#""supplementLogs":["#, "],", #""goals":["#, "],"])
        let journals = try #require(lines.firstIndex(of: #""journals":["#))
        #expect(lines[journals + 1].hasPrefix(#"{"day":"2026-11-20","notes":"Zoë said \"hi\" \\ 日本語\r\n\ttabbed""#),
                "\(lines[journals + 1])")
        #expect(lines[journals + 1].hasSuffix("},"))
        #expect(lines[journals + 2].hasPrefix(#"{"day":"2026-11-21","#))
        #expect(lines[journals + 3] == "],")
        let weights = try #require(lines.firstIndex(of: #""weights":["#))
        #expect(lines[weights + 1].hasPrefix(#"{"date":"2026-11-20T06:10:00.001Z","id":"0193A1B2-0000-7000-8000-000000000001","#))
        #expect(lines[weights + 2].contains(#""kilograms":0.30000000000000004,"#))
        #expect(lines[weights + 3] == "],")
        let last = try #require(RecordRegistry.standard.collections.last)
        #expect(lines.suffix(4) == ["\"\(last.rawValue)\":[", "]", "}}", ""])
    }

    @Test("what the writer writes, the reader reads back as the same settings and records")
    func roundTrip() throws {
        let written = try BackupReading.write(BackupSample.settings, BackupSample.records)
        let outcome = BackupReading.read(written.bytes, chunkSize: 100)
        #expect(outcome.error == nil)
        #expect(outcome.settings == [BackupSample.settings])
        #expect(outcome.records == BackupSample.records)
        #expect(outcome.counts == BackupSample.counts(BackupSample.records))
    }

    @Test("the same records give the same bytes, every time")
    func deterministic() throws {
        let first = try BackupReading.write(BackupSample.settings, BackupSample.records).bytes
        let second = try BackupReading.write(BackupSample.settings, BackupSample.records).bytes
        #expect(first == second)
        #expect(first == BackupSample.archive)
        // Read back and written again: byte for byte the same.
        let outcome = BackupReading.read(first)
        let third = try BackupReading.write(try #require(outcome.settings.first), outcome.records).bytes
        #expect(third == first)
    }

    @Test("a large archive is handed over in chunks of about 64 KB, and reads back whole")
    func chunks() throws {
        let start = BackupSample.instant("2020-01-01T06:00:00Z")
        let records = (0..<3000).map { index in
            WeightRecords.record(WeightEntry(unchecked: .init(), date: start.addingTimeInterval(Double(index) * 86_400),
                                            kilograms: 70 + Double(index % 100) / 10, note: "note \(index)", source: .imported))
        }
        let sink = ByteSink()
        var writer = BackupArchiveWriter(write: sink.append)
        try writer.begin(settings: BackupSettings())
        for record in records { try writer.append(record) }
        #expect(sink.writes >= 2, "chunks are handed over while records are appended")
        try writer.finish()
        #expect(sink.sizes.dropLast().allSatisfy { (1 << 16)..<(1 << 16) + 512 ~= $0 }, "\(sink.sizes)")
        #expect(writer.counts[.weights] == 3000)
        let outcome = BackupReading.read(sink.bytes, chunkSize: 1 << 16)
        #expect(outcome.error == nil)
        #expect(outcome.records == records)
    }
}
