import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// `ExportWeightCSV`: our format, sorted, quoted, guarded against formulas; and the round trip
/// through `ImportWeightCSV` that must lose nothing and add nothing.
@Suite("Weight export")
struct WeightExportTests {
    let world = WeightWorld(now: WeightWorld.afterEveryTestDate)

    static let hostileNotes: [String] = [
        "=SUM(A1)", "+1", "-2", "@x", "\tx", "'quoted", "a,b", "say \"hi\"", "a\nb", "a\r\nb",
        "\r\ncarriage", "\nleading newline", "''", "'", "=HYPERLINK(\"http://x\",\"y\")", " =spaced", "trailing ",
        "semi;colon", "é😀", "\"", "\"\"", ",", "-", "line1\nline2\r\nline3\r\nline4", "cmd|' /C calc'!A0",
        "ok;=cmd|' /C calc'!A0", "a, -1", " \u{FF1D}1+2", "x;'y", "\u{3000}@x",
    ]

    @Test("an empty store exports the header alone")
    func empty() async throws {
        let (bytes, count, _) = try await world.exportedBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == "date,weight_kg,note\r\n")
        #expect(count == 0)
        #expect(ExportWeightCSV.header == "date,weight_kg,note")
    }

    @Test("entries are written oldest first with local time and offset, RFC 4180 quoting and guarded notes")
    func exactText() async throws {
        try await world.store([
            WeightWorld.entry("2024-07-01T06:00:00.250Z", 71.25, note: "a,b"),
            WeightWorld.entry("2024-03-05T07:30:00Z", 70.5),
            WeightWorld.entry("2024-01-01T11:00:00Z", 69, note: "=SUM(A1)"),
            WeightWorld.entry("2024-07-01T06:00:00.005Z", 71.2, note: "say \"hi\"\nbye"),
            WeightWorld.entry("2024-10-27T00:30:00Z", 70.123456789, note: "'quoted"),
            WeightWorld.entry("2024-10-27T01:30:00Z", 70.1, note: "-2"),
        ])
        let (bytes, count, _) = try await world.exportedBytes()
        #expect(count == 6)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            date,weight_kg,note\r
            2024-01-01T12:00:00+01:00,69.0,"'=SUM(A1)"\r
            2024-03-05T08:30:00+01:00,70.5,\r
            2024-07-01T08:00:00.005+02:00,71.2,"say ""hi""
            bye"\r
            2024-07-01T08:00:00.250+02:00,71.25,"a,b"\r
            2024-10-27T02:30:00+02:00,70.123456789,"''quoted"\r
            2024-10-27T02:30:00+01:00,70.1,"'-2"\r

            """)
    }

    @Test("every note a spreadsheet could run as a formula, split on `,` or `;`, gets apostrophes and quotes", arguments: [
        ("=SUM(A1)", "\"'=SUM(A1)\""), ("+1", "\"'+1\""), ("-2", "\"'-2\""), ("@x", "\"'@x\""), ("\tx", "\"'\tx\""),
        ("\rx", "\"'\rx\""), ("\nx", "\"'\nx\""), ("=a,b", "\"'=a,b\""), ("'quoted", "\"''quoted\""),
        ("plain", "plain"), ("a=b", "a=b"), ("semi;colon", "semi;colon"),
        ("ok;=cmd|' /C calc'!A0", "\"ok;'=cmd|' /C calc'!A0\""), (" =1+2", "\"' =1+2\""),
        ("\u{FF1D}1+2", "\"'\u{FF1D}1+2\""), ("a, @x", "\"a,' @x\""),
    ])
    func formulaGuard(note: String, written: String) async throws {
        try await world.store([WeightWorld.entry("2024-03-05T07:30:00Z", 70, note: note)])
        let text = try await world.exported()
        #expect(text == "date,weight_kg,note\r\n2024-03-05T08:30:00+01:00,70.0,\(written)\r\n")
    }

    @Test("the file is written in chunks of about the size asked for, the same bytes in the end")
    func chunks() async throws {
        for index in 0..<50 {
            try await world.store([WeightWorld.entry("2024-03-05T07:\(String(format: "%02d", index)):00Z", 70 + Double(index) / 10,
                                                     note: index.isMultiple(of: 3) ? "note \(index), \"q\"" : nil)])
        }
        let whole = try await world.exportedBytes()
        let small = try await world.exportedBytes(chunkSize: 64)
        let tiny = try await world.exportedBytes(chunkSize: 1)
        #expect(whole.writes == 1)
        #expect(small.bytes == whole.bytes)
        #expect(tiny.bytes == whole.bytes)
        #expect(small.writes > 10)
        #expect(tiny.writes == 51, "one write per record when every record fills a chunk")
        #expect(whole.count == 50)
        #expect(small.count == 50)
    }

    // MARK: - Round trip

    @Test("export then import into a fresh store gives back the same dates, weights and notes")
    func roundTripHostileNotes() async throws {
        var entries: [WeightEntry] = []
        for (index, note) in Self.hostileNotes.enumerated() {
            entries.append(WeightWorld.entry("2024-03-\(String(format: "%02d", index + 1))T07:30:15.\(String(format: "%03d", index * 37))Z",
                                             60 + Double(index) * 1.37, note: note))
        }
        entries.append(WeightWorld.entry("2024-10-27T00:30:00Z", 155.5 * WeightEntry.kilogramsPerPound))
        entries.append(WeightWorld.entry("2024-10-27T01:30:00Z", 700, note: "max"))
        entries.append(WeightWorld.entry("2024-03-31T01:30:00Z", 0.001, note: "tiny"))
        entries.append(WeightWorld.entry("2024-04-01T01:30:00Z", 0.00001, note: "written as 1e-05"))
        entries.append(WeightWorld.entry("1969-12-31T23:59:59.999Z", 0.1 + 0.2, note: "before 1970"))
        try await world.store(entries)

        let text = try await world.exported()
        let fresh = WeightWorld(now: WeightWorld.afterEveryTestDate)
        let report = try await fresh.importing(text)
        #expect(report.format == .wellness)
        #expect(report.imported == entries.count)
        #expect(report.duplicates == 0)
        #expect(report.dateOnly == 0)
        #expect(report.skipped.isEmpty)
        let original = try await world.stored().map(WeighIn.init)
        let copied = try await fresh.stored().map(WeighIn.init)
        #expect(copied == original)
        #expect(Set(copied.compactMap(\.note)).isSuperset(of: Self.hostileNotes))
    }

    @Test("export then import into the same store adds nothing")
    func roundTripSameStore() async throws {
        var entries: [WeightEntry] = []
        for (index, note) in Self.hostileNotes.enumerated() {
            entries.append(WeightWorld.entry("2024-05-\(String(format: "%02d", index + 1))T23:59:59.999Z",
                                             70 + Double(index) / 1000, note: note))
        }
        try await world.store(entries)
        let before = try await world.stored()
        let report = try await world.importing(try await world.exported())
        #expect(report.imported == 0)
        #expect(report.duplicates == entries.count)
        #expect(try await world.stored() == before)
    }

    @Test("a store in one time zone exported and imported in another keeps every instant", arguments: [
        ("America/New_York", "Europe/Amsterdam"), ("Asia/Kathmandu", "America/St_Johns"), ("UTC", "Pacific/Chatham"),
    ])
    func roundTripAcrossZones(from: String, to: String) async throws {
        let source = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: from)
        var entries: [WeightEntry] = []
        // Hourly over two DST changes of either zone.
        for (start, hours) in [("2024-03-09T00:00:00Z", 72), ("2024-10-26T00:00:00Z", 60), ("2024-11-02T00:00:00Z", 60)] {
            for hour in 0..<hours {
                entries.append(WeightEntry(unchecked: .init(), date: Fixtures.instant(start).addingTimeInterval(Double(hour) * 3600 + 0.25),
                                           kilograms: 70 + Double(hour % 7) / 10, note: nil, source: .manual))
            }
        }
        try await source.store(entries)
        let target = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: to)
        let report = try await target.importing(try await source.exported())
        #expect(report.imported == entries.count)
        #expect(try await target.stored().map(WeighIn.init) == source.stored().map(WeighIn.init))
    }

    @Test("random stores survive the round trip exactly, read in any chunk size")
    func roundTripRandom() async throws {
        var generator = SeededGenerator(seed: 2024)
        let pieces = Self.hostileNotes + ["a", " ", "b", "", "ü"]
        var entries: [WeightEntry] = []
        var keys = Set<WeightEntry.DuplicateKey>()
        while entries.count < 400 {
            let millis = Int64.random(in: 946_684_800_000...1_893_456_000_000, using: &generator) // 2000–2030
            let kilograms = Double.random(in: 0.01...700, using: &generator)
            let note = Bool.random(using: &generator) ? nil
                : (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let entry = WeightEntry(unchecked: .init(), date: Timestamp.fromMilliseconds(millis), kilograms: kilograms,
                                    note: note, source: .manual)
            if keys.insert(entry.duplicateKey).inserted { entries.append(entry) }
        }
        let source = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: "America/New_York")
        try await source.store(entries)
        let bytes = try await source.exportedBytes().bytes
        let expected = try await source.stored().map(WeighIn.init)
        for chunkSize in [1, 7, 4096] {
            let fresh = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: "Europe/Amsterdam")
            let report = try await fresh.importing(bytes, chunkSize: chunkSize)
            #expect(report.imported == entries.count, "chunk size \(chunkSize)")
            #expect(try await fresh.stored().map(WeighIn.init) == expected, "chunk size \(chunkSize)")
            let again = try await fresh.importing(bytes, chunkSize: chunkSize)
            #expect(again.imported == 0)
            #expect(again.duplicates == entries.count)
        }
    }

    @Test("an instant whose zone offset has seconds survives the round trip")
    func roundTripLocalMeanTime() async throws {
        // Liberia kept −0:44:30 until 1972.
        let zone = TimeZone(identifier: "Africa/Monrovia")!
        let date = Fixtures.instant("1971-06-01T08:00:00Z")
        guard !zone.secondsFromGMT(for: date).isMultiple(of: 60) else { return } // no such data on this system
        let source = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: "Africa/Monrovia")
        try await source.store([WeightEntry(unchecked: .init(), date: date, kilograms: 70, note: nil, source: .manual)])
        let text = try await source.exported()
        let again = try await source.importing(text)
        let fresh = WeightWorld(now: WeightWorld.afterEveryTestDate)
        try await fresh.importing(text)
        let copied = try await fresh.stored().map(WeighIn.init)
        #expect(again.imported == 0, "re-importing the export adds nothing")
        #expect(copied == [WeighIn("1971-06-01T08:00:00Z", 70)], "\(text)")
    }
}
