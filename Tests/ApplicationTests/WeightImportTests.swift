import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// `ImportWeightCSV` on the in-memory store: each format, the encodings and line ends real
/// exports have, duplicates, and the one-transaction rule (a bad row saves nothing).
@Suite("Weight import")
struct WeightImportTests {
    let world = WeightWorld(now: WeightWorld.afterEveryTestDate)

    /// The stored weigh-ins without ids, oldest first.
    func weighIns(_ world: WeightWorld? = nil) async throws -> [WeighIn] {
        try await (world ?? self.world).stored().map(WeighIn.init)
    }

    /// Runs `body` expecting `WeightImportError.invalid`, and returns the CSV error.
    func invalid(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> CSVError? {
        do {
            try await body()
            Issue.record("the import succeeded", sourceLocation: sourceLocation)
        } catch WeightImportError.invalid(let error) {
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: - Formats

    @Test("our own format: date-times with offsets, kilograms, notes")
    func ours() async throws {
        let report = try await world.importing("date,weight_kg,note\r\n2024-03-05T08:30:00+01:00,70.5,morning\r\n"
            + "2024-03-06T08:30:00.250+01:00,70.25,\r\n2024-07-01T07:00:00+02:00,69.75,\"after a run, tired\"\r\n")
        #expect(report.format == .wellness)
        #expect(report.imported == 3)
        #expect(report.duplicates == 0)
        #expect(report.dateOnly == 0)
        #expect(report.skipped.isEmpty)
        #expect(!report.dryRun)
        #expect(try await weighIns() == [
            WeighIn("2024-03-05T07:30:00Z", 70.5, "morning"),
            WeighIn("2024-03-06T07:30:00.250Z", 70.25),
            WeighIn("2024-07-01T05:00:00Z", 69.75, "after a run, tired"),
        ])
        let stored = try await world.stored()
        #expect(stored.allSatisfy { $0.source == .imported })
        #expect(Set(stored.map(\.id)).count == 3)
    }

    @Test("openScale's export, with quoted names and values")
    func openScale() async throws {
        let report = try await world.importing(
            #""dateTime","weight","fat","water","muscle","lbm","bone","waist","hip","comment""# + "\n"
            + #""2024-03-05 08:30","70.5","20.1","55.0","40.0","0.0","3.0","0.0","0.0","after run""# + "\n"
            + #""2024-03-06 07:45","70.3","20.0","55.1","40.1","0.0","3.0","0.0","0.0","""# + "\n")
        #expect(report.format == .openScale)
        #expect(report.imported == 2)
        #expect(try await weighIns() == [
            WeighIn("2024-03-05T07:30:00Z", 70.5, "after run"),
            WeighIn("2024-03-06T06:45:00Z", 70.3),
        ])
    }

    @Test("openScale's newer export with separate DATE and TIME columns")
    func openScaleNew() async throws {
        let report = try await world.importing("DATE,TIME,WEIGHT,FAT,WATER,MUSCLE,COMMENT\n"
            + "05.03.2024,08:30,70.5,20.1,55.0,40.0,\n06.03.2024,,70.4,,,,no time\n")
        #expect(report.format == .openScale)
        #expect(report.imported == 2)
        #expect(report.dateOnly == 1)
        #expect(try await weighIns() == [
            WeighIn("2024-03-05T07:30:00Z", 70.5),
            WeighIn("2024-03-06T11:00:00Z", 70.4, "no time"),
        ])
    }

    @Test("a generic export in kilograms, date only at local noon")
    func genericKilograms() async throws {
        let report = try await world.importing("Date,Weight (kg)\n2024-03-05,70.5\n2024-07-05,69\n")
        #expect(report.format == .generic)
        #expect(report.imported == 2)
        #expect(report.dateOnly == 2)
        #expect(try await weighIns() == [WeighIn("2024-03-05T11:00:00Z", 70.5), WeighIn("2024-07-05T10:00:00Z", 69)])
    }

    @Test("a generic export in pounds, converted exactly", arguments: [
        "Date,Weight (lb)\n1/5/2024 8:30:00 AM,155.5\n",
        "date,weight_lb\n2024-01-05T08:30,155.5\n",
        "Date,Weight (lbs)\n2024-01-05 08:30,155.5\n",
        "Date,Weight,Unit\n2024-01-05T08:30:00+01:00,155.5,lb\n",
    ])
    func genericPounds(text: String) async throws {
        let report = try await world.importing(text)
        #expect(report.imported == 1)
        #expect(try await weighIns() == [WeighIn("2024-01-05T07:30:00Z", 155.5 * 0.45359237)])
    }

    @Test("a unit column mixing kilograms and pounds")
    func unitColumn() async throws {
        let report = try await world.importing("Date,Weight,Unit\n2024-01-05T08:30Z,70,kg\n2024-01-06T08:30Z,150,LB\n")
        #expect(report.imported == 2)
        #expect(try await world.stored().map(\.kilograms) == [70, 150 * WeightEntry.kilogramsPerPound])
    }

    @Test("';' files with decimal commas and day-first dates")
    func decimalCommas() async throws {
        let report = try await world.importing("Date;Weight (kg);Note\r\n05/03/2024 08:30;70,5;a, b\r\n"
            + "06/03/2024;70,25;\"x;y\"\r\n")
        #expect(report.format == .generic)
        #expect(report.imported == 2)
        #expect(try await weighIns() == [
            WeighIn("2024-03-05T07:30:00Z", 70.5, "a, b"),
            WeighIn("2024-03-06T11:00:00Z", 70.25, "x;y"),
        ])
    }

    // MARK: - Encodings and line ends

    static let sample = "date,weight_kg,note\n2024-03-05T08:30:00+01:00,70.5,\"multi\nline\"\n"
        + "2024-03-06T08:30:00+01:00,70.25,plain\n2024-03-07,70,\n"

    @Test("a byte-order mark, CRLF line ends and any chunk size give the same import", arguments: [
        (false, false, 1 << 16), (true, false, 1 << 16), (false, true, 1 << 16), (true, true, 1 << 16),
        (true, true, 1), (true, false, 2), (false, true, 3), (true, true, 7),
    ])
    func encodings(bom: Bool, crlf: Bool, chunkSize: Int) async throws {
        var text = Self.sample
        if crlf {
            // Line ends only; the line break inside the quoted note stays as it is.
            text = text.replacingOccurrences(of: "\n2024", with: "\r\n2024").replacingOccurrences(of: "plain\n", with: "plain\r\n")
                .replacingOccurrences(of: "note\n", with: "note\r\n").replacingOccurrences(of: "70,\n", with: "70,\r\n")
            #expect(text.utf8.filter { $0 == 0x0D }.count == 4)
        }
        let bytes = (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        let report = try await world.importing(bytes, chunkSize: chunkSize)
        #expect(report.format == .wellness, "the header is ours with or without a byte-order mark")
        #expect(report.imported == 3)
        #expect(report.dateOnly == 1)
        #expect(try await weighIns() == [
            WeighIn("2024-03-05T07:30:00Z", 70.5, "multi\nline"),
            WeighIn("2024-03-06T07:30:00Z", 70.25, "plain"),
            WeighIn("2024-03-07T11:00:00Z", 70),
        ])
    }

    @Test("progress reports the bytes read after each chunk, up to the whole file")
    func progress() async throws {
        let bytes = Array(Self.sample.utf8)
        let seen = ProgressLog()
        _ = try await world.importCSV.execute(InMemoryByteSource(bytes, chunkSize: 10), progress: { seen.append($0) })
        let values = seen.values
        #expect(values.count == (bytes.count + 9) / 10)
        #expect(values == values.sorted())
        #expect(values.last == bytes.count)
    }

    // MARK: - Duplicates

    @Test("duplicates inside the file: same minute and weight to 0.01 kg; several a day are fine")
    func duplicatesInFile() async throws {
        let report = try await world.importing("date,weight_kg,note\n"
            + "2024-03-05T08:30:05+01:00,70.5,first\n"
            + "2024-03-05T08:30:55+01:00,70.504,same minute and weight\n"
            + "2024-03-05T07:30:30Z,70.5,same instant written in UTC\n"
            + "2024-03-05T08:31:00+01:00,70.5,next minute\n"
            + "2024-03-05T08:30:10+01:00,70.51,another weight\n"
            + "2024-03-05T19:00:00+01:00,70.5,evening\n"
            + "2024-03-06,70,noon\n"
            + "06.03.2024,70.001,noon again\n")
        #expect(report.imported == 5)
        #expect(report.duplicates == 3)
        #expect(report.dateOnly == 2, "date-only duplicates are counted as date-only rows too")
        #expect(try await world.stored().compactMap(\.note) == ["first", "another weight", "next minute", "evening", "noon"])
    }

    @Test("duplicates of stored weigh-ins are counted and not saved again")
    func duplicatesAgainstStore() async throws {
        let manual = try await world.addWeight.execute(kilograms: 70.5, at: Fixtures.instant("2024-03-05T07:30:20Z"),
                                                       note: "typed in")
        let report = try await world.importing("date,weight_kg,note\n2024-03-05T08:30:45+01:00,70.499,from file\n"
            + "2024-03-05T08:30:45+01:00,71,other weight\n")
        #expect(report.imported == 1)
        #expect(report.duplicates == 1)
        let stored = try await world.stored()
        #expect(stored.count == 2)
        #expect(stored.first == manual, "the stored weigh-in is kept as it was")
        #expect(stored.map(\.note) == ["typed in", "other weight"])
    }

    @Test("importing the same file twice adds nothing the second time")
    func importTwice() async throws {
        let first = try await world.importing(Self.sample)
        let before = try await world.stored()
        let second = try await world.importing(Self.sample)
        #expect(first.imported == 3)
        #expect(second.imported == 0)
        #expect(second.duplicates == 3)
        #expect(second.dateOnly == 1)
        #expect(try await world.stored() == before)
    }

    @Test("more than a batch of rows with duplicates spread across batches")
    func manyRows() async throws {
        var text = "date,weight_kg,note\n"
        for index in 0..<300 {
            let minute = index % 200 // rows 200…299 repeat rows 0…99
            text += "2024-01-01T\(String(format: "%02d:%02d", minute / 60, minute % 60)):00Z,\(70 + Double(minute) / 100),\n"
        }
        let report = try await world.importing(text, chunkSize: 37)
        #expect(report.imported == 200)
        #expect(report.duplicates == 100)
        let stored = try await world.stored()
        #expect(stored.count == 200)
        #expect(stored.map(\.date) == stored.map(\.date).sorted())
    }

    // MARK: - One transaction

    @Test("the first bad row aborts the import with its line and column, and nothing is saved", arguments: [
        ("2024-03-07T08:30:00Z,abc,", 2, "weight 'abc' is not a number"),
        ("2024-02-30T08:30:00Z,70,", 1,
         "date '2024-02-30T08:30:00Z' is not a date (use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], DD.MM.YYYY or M/D/YYYY, with an optional time)"),
        ("2024-03-07T08:30:00Z,70", 3, "expected 3 fields, found 2"),
        ("2024-03-07T08:30:00Z,0,", 2, "weight 0 kg must be above 0"),
        ("2024-03-07T08:30:00Z,700.01,", 2, "weight 700.01 kg is above the maximum of 700 kg"),
        ("2024-03-07T08:30:00Z,,", 2, "weight is empty"),
        ("2024-03-07T08:30:00Z,70,\"a\"b", 3, "unexpected 'b' after a closing quote"),
        ("2024-03-07T08:30:00Z,70,a\"b", 3, "quote inside an unquoted field"),
    ])
    func firstBadRowAborts(row: String, column: Int, reason: String) async throws {
        let existing = try await world.addWeight.execute(kilograms: 80, at: Fixtures.instant("2024-01-01T08:00:00Z"))
        // 100 good rows first, so that a batch has already gone to the store when the bad one comes.
        var text = "date,weight_kg,note\r\n"
        for index in 0..<100 { text += "2024-02-0\(1 + index / 60)T\(String(format: "%02d", index % 60 / 3)):\(String(format: "%02d", index % 60)):00Z,70,\r\n" }
        text += row + "\r\n2024-03-08T08:30:00Z,70,\r\n"
        let error = await invalid { try await world.importing(text) }
        #expect(english(error) == "line \(102), column \(column): \(reason)")
        #expect(english(WeightImportError.invalid(try #require(error))) == "line 102, column \(column): \(reason)")
        #expect(try await world.stored() == [existing], "nothing saved")
    }

    @Test("an unterminated quote aborts with the line it opened on")
    func unterminatedQuote() async throws {
        let error = await invalid {
            try await world.importing("date,weight_kg,note\n2024-03-05T08:30Z,70,ok\n2024-03-06T08:30Z,70,\"open\nmore\n")
        }
        #expect(english(error) == "line \(3), column \(3): \("quoted field is never closed")")
        #expect(try await world.stored().isEmpty)
    }

    @Test("a header that is not understood aborts and lists the formats")
    func badHeader() async throws {
        let error = await invalid { try await world.importing("Datum,Gewicht\n05.03.2024,70\n") }
        #expect(error?.line == 1)
        #expect(english(error?.problem).contains("formats understood") == true)
        for format in WeightCSVLayout.Format.allCases {
            #expect(english(error?.problem).contains(format.headerExample) == true)
        }
        #expect(try await world.stored().isEmpty)
    }

    @Test("a header that is not understood aborts under skipInvalid too")
    func badHeaderSkipInvalid() async throws {
        let error = await invalid { try await world.importing("when,kg\n2024-03-05,70\n", skipInvalid: true) }
        #expect(error?.line == 1)
        #expect(english(error?.problem).hasPrefix("header 'when,kg' has no date column") == true)
        #expect(try await world.stored().isEmpty)
    }

    @Test("a read error from the source aborts the import and saves nothing")
    func sourceFails() async throws {
        let existing = try await world.addWeight.execute(kilograms: 80, at: Fixtures.instant("2024-01-01T08:00:00Z"))
        var text = "date,weight_kg,note\n"
        for minute in 0..<200 { text += "2024-02-01T10:\(String(format: "%02d", minute % 60)):00Z,\(70 + Double(minute / 60)),\n" }
        let source = FailingSource(Array(text.utf8), chunkSize: 512, failAfter: 8) // two batches of rows read by then
        #expect(text.utf8.count > 8 * 512)
        await #expect(throws: FailingSource.Failure.self) { try await world.importCSV.execute(source) }
        #expect(try await world.stored() == [existing])
    }

    @Test("skipInvalid saves the good rows and reports each bad line")
    func skipInvalid() async throws {
        let report = try await world.importing("date,weight_kg,note\n"
            + "2024-03-05T08:30Z,70.5,good\n"       // 2
            + "2024-02-30T08:30Z,70,\n"             // 3: bad date
            + "2024-03-06T08:30Z,70.4,\"multi\nline\"\n" // 4–5
            + "2024-03-07T08:30Z,abc,\n"            // 6: bad weight
            + "2024-03-08T08:30Z,70\n"              // 7: column count
            + "2024-03-09T08:30Z,701,\n"            // 8: above the maximum
            + "2024-03-05T08:30Z,70.5,dup\n"        // 9: duplicate, not a bad row
            + "2024-03-10,70.2,\n",                 // 10
            skipInvalid: true)
        #expect(report.imported == 3)
        #expect(report.duplicates == 1)
        #expect(report.dateOnly == 1)
        #expect(report.skipped.map(\.line) == [3, 6, 7, 8])
        #expect(report.skipped.map(\.column) == [1, 2, 3, 2])
        #expect(english(report.skipped[1].problem) == "weight 'abc' is not a number")
        #expect(english(report.skipped[2].problem) == "expected 3 fields, found 2")
        #expect(english(report.skipped[3].problem) == "weight 701 kg is above the maximum of 700 kg")
        #expect(try await world.stored().map(\.note) == ["good", "multi\nline", nil])
    }

    @Test("skipInvalid still aborts on broken quoting, and saves nothing")
    func skipInvalidBrokenQuoting() async throws {
        let error = await invalid {
            try await world.importing("date,weight_kg,note\n2024-03-05T08:30Z,70.5,good\n2024-03-06T08:30Z,70,a\"b\n",
                                      skipInvalid: true)
        }
        #expect(english(error) == "line \(3), column \(3): \("quote inside an unquoted field")")
        #expect(try await world.stored().isEmpty)
    }

    @Test("a dry run reports the same counts and saves nothing", arguments: [false, true])
    func dryRun(skipInvalid: Bool) async throws {
        _ = try await world.addWeight.execute(kilograms: 70.5, at: Fixtures.instant("2024-03-05T07:30:00Z"))
        let before = try await world.stored()
        let text = "date,weight_kg,note\n2024-03-05T08:30:00+01:00,70.5,dup of stored\n2024-03-06,70,\n"
            + "2024-03-06,70,dup in file\n" + (skipInvalid ? "bad,70,\n" : "") + "2024-03-07T08:00Z,69.9,\n"
        let dry = try await world.importing(text, skipInvalid: skipInvalid, dryRun: true)
        #expect(dry.dryRun)
        #expect(try await world.stored() == before, "nothing saved")
        let real = try await world.importing(text, skipInvalid: skipInvalid)
        #expect(!real.dryRun)
        #expect(dry.imported == 2)
        #expect(dry.duplicates == 2)
        #expect(dry.dateOnly == 2)
        #expect(dry.imported == real.imported)
        #expect(dry.duplicates == real.duplicates)
        #expect(dry.dateOnly == real.dateOnly)
        #expect(dry.skipped == real.skipped)
        #expect(dry.skipped.map(\.line) == (skipInvalid ? [5] : []))
        #expect(try await world.stored().count == before.count + 2)
    }

    @Test("a dry run of a bad file reports the error and saves nothing")
    func dryRunBadFile() async throws {
        let error = await invalid { try await world.importing("date,weight_kg,note\n2024-03-05T08:30Z,x,\n", dryRun: true) }
        #expect(english(error) == "line \(2), column \(2): \("weight 'x' is not a number")")
        #expect(try await world.stored().isEmpty)
    }

    // MARK: - Empty files

    @Test("a file without a header is an error", arguments: ["", "\u{FEFF}", "\n", "\r\n\r\n\n"])
    func empty(text: String) async throws {
        await #expect(throws: WeightImportError.empty) { try await world.importing(text) }
        #expect(english(WeightImportError.empty).contains("date,weight_kg,note") == true)
        #expect(try await world.stored().isEmpty)
    }

    @Test("a header alone imports nothing, without an error", arguments: [
        "date,weight_kg,note", "date,weight_kg,note\r\n", "\u{FEFF}date,weight_kg,note\n\n\n", "Date;Weight (lb)\n",
    ])
    func headerOnly(text: String) async throws {
        let report = try await world.importing(text)
        #expect(report.imported == 0)
        #expect(report.duplicates == 0)
        #expect(report.dateOnly == 0)
        #expect(report.skipped.isEmpty)
        #expect(try await world.stored().isEmpty)
    }

    @Test("date-only rows are counted, date-time rows are not")
    func dateOnlyCount() async throws {
        let report = try await world.importing("Date,Weight\n2024-03-05,70\n2024-03-05 08:00,70.2\n05.03.2024,70.1\n"
            + "3/6/2024,70\n3/6/2024 9:00 PM,70\n")
        #expect(report.imported == 5)
        #expect(report.dateOnly == 3)
        let noon = try await world.stored().filter { LocalDay($0.date, in: world.calendar).at(hour: 12, in: world.calendar) == $0.date }
        #expect(noon.count == 3)
    }

    @Test("local times are read in the calendar's time zone")
    func timeZone() async throws {
        let newYork = WeightWorld(now: WeightWorld.afterEveryTestDate, zone: "America/New_York")
        try await newYork.importing("date,weight_kg,note\n2024-03-10T08:30,70,\n2024-03-09,70,\n")
        #expect(try await weighIns(newYork) == [WeighIn("2024-03-09T17:00:00Z", 70), WeighIn("2024-03-10T12:30:00Z", 70)])
    }
}

/// Records progress callbacks.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.withLock { storage.append(value) } }
    var values: [Int] { lock.withLock { storage } }
}

/// Bytes in chunks, then a read error.
final class FailingSource: ByteSource, @unchecked Sendable {
    struct Failure: Error {}
    private let lock = NSLock()
    private let bytes: [UInt8]
    private let chunkSize: Int
    private let failAfter: Int
    private var handedOut = 0

    init(_ bytes: [UInt8], chunkSize: Int, failAfter: Int) {
        self.bytes = bytes
        self.chunkSize = chunkSize
        self.failAfter = failAfter
    }

    var totalBytes: Int? { bytes.count }

    func nextChunk() throws -> [UInt8]? {
        try lock.withLock {
            guard handedOut < failAfter else { throw Failure() }
            let start = handedOut * chunkSize
            handedOut += 1
            guard start < bytes.count else { return nil }
            return Array(bytes[start..<min(bytes.count, start + chunkSize)])
        }
    }
}
