import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// The strict streaming RFC 4180 reader: what it reads, what it refuses (with the line and
/// column), and that how the input is chunked never changes the outcome.
@Suite("CSV reader")
struct CSVReaderTests {
    /// Reads `text` in every chunk size, checks every outcome equals the whole-input one, and
    /// returns that outcome.
    func readChunked(_ text: String, delimiter: CSVReader.Delimiter? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) -> CSVOutcome {
        readChunked(Array(text.utf8), delimiter: delimiter, sourceLocation: sourceLocation)
    }

    func readChunked(_ bytes: [UInt8], delimiter: CSVReader.Delimiter? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) -> CSVOutcome {
        let whole = CSVTestSupport.read(bytes, delimiter: delimiter)
        for (size, outcome) in CSVTestSupport.readInEveryChunkSize(bytes, delimiter: delimiter) {
            #expect(outcome == whole, "chunk size \(size.map(String.init) ?? "whole")", sourceLocation: sourceLocation)
        }
        return whole
    }

    // MARK: - What it reads

    @Test("reads LF records, with the line each starts on")
    func lf() {
        let outcome = readChunked("a,b,c\n1,2,3\nx,y,z\n")
        #expect(outcome.error == nil)
        #expect(outcome.fields == [["a", "b", "c"], ["1", "2", "3"], ["x", "y", "z"]])
        #expect(outcome.lines == [1, 2, 3])
        #expect(outcome.delimiter == .comma)
        #expect(outcome.recordCount == 3)
        #expect(outcome.bytesRead == 18)
    }

    @Test("reads CRLF records exactly like LF ones, CR not part of the last field")
    func crlf() {
        let lf = readChunked("a,b\n1,2\n")
        let crlf = readChunked("a,b\r\n1,2\r\n")
        #expect(crlf.error == nil)
        #expect(crlf.records == lf.records)
        #expect(crlf.fields == [["a", "b"], ["1", "2"]])
        // Mixed line ends in one file are fine too.
        #expect(readChunked("a,b\r\n1,2\n3,4\r\n").fields == [["a", "b"], ["1", "2"], ["3", "4"]])
    }

    @Test("reads a last record without a line break", arguments: [
        ("a,b\n1,2", [["a", "b"], ["1", "2"]]),
        ("a,b\r\n1,2", [["a", "b"], ["1", "2"]]),
        ("a,b\n1,", [["a", "b"], ["1", ""]]),
        ("a,b\n\"1\",\"x\"", [["a", "b"], ["1", "x"]]),
        ("a,b\n1,\"\"", [["a", "b"], ["1", ""]]),
        ("single", [["single"]]),
    ])
    func lastRecordUnterminated(text: String, expected: [[String]]) {
        let outcome = readChunked(text)
        #expect(outcome.error == nil)
        #expect(outcome.fields == expected)
    }

    @Test("skips empty lines, LF or CRLF, but still counts them")
    func emptyLines() {
        let outcome = readChunked("\na,b\n\n\r\n1,2\n\n\n3,4\n\n")
        #expect(outcome.error == nil)
        #expect(outcome.fields == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(outcome.lines == [2, 5, 8])
        #expect(outcome.recordCount == 3, "empty lines are not records")
    }

    @Test("an input of only line breaks or a byte-order mark has no records and no error", arguments: ["", "\n", "\r\n\r\n", "\u{FEFF}"])
    func nothing(text: String) {
        let outcome = readChunked(text)
        #expect(outcome.error == nil)
        #expect(outcome.records.isEmpty)
    }

    @Test("a quoted empty field is a record, not an empty line")
    func quotedEmptyIsARecord() {
        let outcome = readChunked("a\n\"\"\nb\n")
        #expect(outcome.fields == [["a"], [""], ["b"]])
        #expect(outcome.lines == [1, 2, 3])
    }

    @Test("quoted fields hold delimiters, doubled quotes, CR, LF and CRLF")
    func quotedFields() throws {
        let q = "\""
        let text = "\(q)a,b\(q),\(q)say \(q)\(q)hi\(q)\(q)\(q),\(q)line1\nline2\(q),plain,\(q)semi;colon\(q)\r\n"
            + "\(q)cr\rinside\(q),\(q)crlf\r\ninside\(q),"
            + String(repeating: q, count: 4) + "," + String(repeating: q, count: 6) + "," + q + q + "\n"
        let outcome = readChunked(text)
        #expect(outcome.error == nil)
        #expect(outcome.fields == [
            ["a,b", "say \"hi\"", "line1\nline2", "plain", "semi;colon"],
            ["cr\rinside", "crlf\r\ninside", "\"", "\"\"", ""],
        ])
        #expect(outcome.lines == [1, 3], "the second record starts after the line break inside the first")
        let first = try #require(outcome.records.first)
        #expect(first.escaped == [false, true, false, false, false])
        #expect(first.raw[1] == Array("say \"\"hi\"\"".utf8), "raw bytes keep the doubled quotes")
        #expect(first.raw[0] == Array("a,b".utf8), "raw bytes drop the surrounding quotes")
    }

    @Test("lines are counted correctly after multi-line quoted fields")
    func linesAfterMultiLineFields() {
        let outcome = readChunked("h1,h2\n\"a\nb\nc\",1\n2,\"x\r\ny\"\n3,4\n\n5,6")
        #expect(outcome.error == nil)
        #expect(outcome.fields == [["h1", "h2"], ["a\nb\nc", "1"], ["2", "x\r\ny"], ["3", "4"], ["5", "6"]])
        #expect(outcome.lines == [1, 2, 5, 7, 9])
    }

    @Test("a UTF-8 byte-order mark at the start is skipped, however the input is split")
    func byteOrderMark() {
        let outcome = readChunked("\u{FEFF}date,weight\n2024-01-01,70\n")
        #expect(outcome.error == nil)
        #expect(outcome.fields == [["date", "weight"], ["2024-01-01", "70"]])
        #expect(outcome.records.first?.raw.first == Array("date".utf8))
        // Split inside the mark: chunks of 1 and 2 bytes cut it; also cut it by hand.
        let bytes = Array("\u{FEFF}\"q\",b\n".utf8)
        #expect(bytes.prefix(3) == [0xEF, 0xBB, 0xBF])
        for cut in 0...4 {
            var reader = CSVReader()
            var fields: [[String?]] = []
            func collect(_ record: borrowing CSVRecord) { fields.append((0..<record.count).map { record.string($0) }) }
            do {
                try reader.consume(bytes[..<cut]) { collect($0) }
                try reader.consume(bytes[cut...]) { collect($0) }
                try reader.finish { collect($0) }
            } catch {
                Issue.record("cut at \(cut): \(error)")
            }
            #expect(fields == [["q", "b"]], "cut at \(cut)")
        }
    }

    @Test("only a byte-order mark at the very start is skipped")
    func byteOrderMarkElsewhere() {
        let outcome = readChunked("a\n\u{FEFF}b\n")
        #expect(outcome.fields == [["a"], ["\u{FEFF}b"]])
        // The first bytes of a mark that does not complete are data.
        let partial = readChunked([0xEF, 0xBB, 0x41, 0x0A, 0x42])
        #expect(partial.error == nil)
        #expect(partial.records.first?.raw == [[0xEF, 0xBB, 0x41]])
        #expect(partial.records.first?.strings == [nil], "EF BB 41 is not valid UTF-8")
        #expect(partial.fields.last == ["B"])
    }

    @Test("detects ';' from the first line, counting outside quotes; ',' on a tie", arguments: [
        ("date;weight;note\n2024-01-01;70,5;x\n", CSVReader.Delimiter.semicolon, [["date", "weight", "note"], ["2024-01-01", "70,5", "x"]]),
        ("date,weight\n1;2,3\n", .comma, [["date", "weight"], ["1;2", "3"]]),
        ("a,b;c\n1,2;3\n", .comma, [["a", "b;c"], ["1", "2;3"]]),
        ("\"a,b,c\";d;e\n1;2;3\n", .semicolon, [["a,b,c", "d", "e"], ["1", "2", "3"]]),
        ("\"x;y;z\",w\n1,2\n", .comma, [["x;y;z", "w"], ["1", "2"]]),
        ("a;b\n1,2,3,4\n", .semicolon, [["a", "b"], ["1,2,3,4"]]),
        ("a;b", .semicolon, [["a", "b"]]),
        ("\u{FEFF}a;b\r\n1;2\r\n", .semicolon, [["a", "b"], ["1", "2"]]),
        ("single\n1;2;3\n", .comma, [["single"], ["1;2;3"]]),
    ])
    func detectsDelimiter(text: String, delimiter: CSVReader.Delimiter, expected: [[String]]) {
        let outcome = readChunked(text)
        #expect(outcome.error == nil)
        #expect(outcome.delimiter == delimiter)
        #expect(outcome.fields == expected)
    }

    @Test("a delimiter given up front is used as is")
    func givenDelimiter() {
        let comma = readChunked("a;b;c\n1;2,3\n", delimiter: .comma)
        #expect(comma.delimiter == .comma)
        #expect(comma.fields == [["a;b;c"], ["1;2", "3"]])
        let semicolon = readChunked("a,b\n1,2;3\n", delimiter: .semicolon)
        #expect(semicolon.fields == [["a,b"], ["1,2", "3"]])
    }

    @Test("a field that is not valid UTF-8 is read, its text is nil and its bytes are exact")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("a,".utf8) + [0xFF, 0xFE] + [0x0A] + [0x22, 0xC3, 0x28, 0x22, 0x22, 0x22] + Array(",ok\n".utf8)
        let outcome = readChunked(bytes)
        #expect(outcome.error == nil)
        try #require(outcome.records.count == 2)
        #expect(outcome.records[0].strings == ["a", nil])
        #expect(outcome.records[0].raw[1] == [0xFF, 0xFE])
        #expect(outcome.records[1].strings == [nil, "ok"])
        #expect(outcome.records[1].raw[0] == [0xC3, 0x28, 0x22, 0x22])
        #expect(outcome.records[1].escaped == [true, false])
        // Valid multi-byte UTF-8 is fine, also cut between chunks.
        #expect(readChunked("é,😀\n\"ü\"\"\",ß\n").fields == [["é", "😀"], ["ü\"", "ß"]])
    }

    // MARK: - What it refuses

    @Test("refuses structural errors with the line and column", arguments: [
        // A quote inside an unquoted field.
        ("a,b\"c,d\n", 1, 2, "quote inside an unquoted field"),
        ("x\ny\nab\"\n", 3, 1, "quote inside an unquoted field"),
        ("a,b\n1,2,3\"", 2, 3, "quote inside an unquoted field"),
        ("\"a\nb\",c\"d\n", 2, 2, "quote inside an unquoted field"),
        // Anything but a delimiter or a line end after a closing quote.
        ("\"a\"b,c\n", 1, 1, "unexpected 'b' after a closing quote"),
        ("h\n1,\"a\" ,c\n", 2, 2, "unexpected space after a closing quote"),
        ("\"a\"\tb\n", 1, 1, "unexpected tab after a closing quote"),
        ("h\n\"x\ny\"z\n", 3, 1, "unexpected 'z' after a closing quote"),
        ("\"a\";b,c\n", 1, 1, "unexpected ';' after a closing quote"),
        // A quoted field still open at the end: the line where it opened.
        ("date,note\n1,\"open\nmore\n", 2, 2, "quoted field is never closed"),
        ("h1,h2\n\"x\ny\",1\n2,\"open\n\n\n", 4, 2, "quoted field is never closed"),
        ("\"", 1, 1, "quoted field is never closed"),
        ("a,\"b\"\"", 1, 2, "quoted field is never closed"),
        // A CR that is not followed by LF, outside quotes.
        ("a,b\rc\n", 1, 2, "carriage return without a line feed"),
        ("a,b\n1,2\r", 2, 2, "carriage return without a line feed"),
        ("\"a\"\rb\n", 1, 1, "carriage return without a line feed"),
        ("h\n\"x\ny\"\rz", 3, 1, "carriage return without a line feed"),
        ("h\n\"x\ny\"\r", 3, 1, "carriage return without a line feed"),
        ("a\r\r\n", 1, 1, "carriage return without a line feed"),
        ("\r", 1, 1, "carriage return without a line feed"),
    ])
    func refuses(text: String, line: Int, column: Int, reason: String) {
        let outcome = readChunked(text)
        #expect(english(outcome.error) == "line \(line), column \(column): \(reason)")
    }

    @Test("records before a structural error are delivered, none after it")
    func recordsBeforeAnError() {
        let outcome = readChunked("a,b\n1,2\n3,\"x\"y\n5,6\n")
        #expect(outcome.fields == [["a", "b"], ["1", "2"]])
        #expect(english(outcome.error) == "line \(3), column \(2): \("unexpected 'y' after a closing quote")")
    }

    @Test("an error thrown by the record callback stops reading and is rethrown")
    func callbackError() {
        struct Stop: Error, Equatable {}
        var reader = CSVReader()
        var seen = 0
        #expect(throws: Stop()) {
            try reader.consume(Array("a\nb\nc\n".utf8)) { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(seen == 2)
    }

    // MARK: - Chunk boundaries

    /// Inputs that exercise every state of the reader at every boundary.
    static let samples: [String] = [
        "a,b,c\n1,2,3\n",
        "\u{FEFF}date;weight;note\r\n2024-01-01;70,5;\"a;b\"\r\n2024-01-02;71;\"x\"\"y\"\r\n",
        "\"a\"\"\",\"\"\"b\",\"\"\"\"\n\"\",\"\"\n",
        "h\n\"multi\r\nline\nfield\",x\n\n\nlast,\"\"",
        "\u{FEFF}\"quoted first\",b\n",
        "é,😀,ü\n\"日本\",\"x,y\"\n",
        "a,b\n1,\"unterminated\nstill\n",
        "a,b\n1,2\r3\n",
        "a,\"b\"c\n",
        "a,b\"c\n",
        ",,\n,,\n",
        "trailing,\r\n",
    ]

    @Test("every chunk size gives the same records, delimiter and error", arguments: samples)
    func chunkInvariance(text: String) {
        let whole = CSVTestSupport.read(text)
        for (size, outcome) in CSVTestSupport.readInEveryChunkSize(Array(text.utf8)) {
            #expect(outcome == whole, "chunk size \(size.map(String.init) ?? "whole")")
        }
        // Every split into two chunks, too.
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var reader = CSVReader()
            var outcome = CSVOutcome()
            func collect(_ record: borrowing CSVRecord) {
                outcome.records.append(.init(line: record.line, strings: (0..<record.count).map { record.string($0) },
                                             raw: (0..<record.count).map { Array(record.rawBytes($0)) },
                                             escaped: (0..<record.count).map { record.isEscaped($0) }))
            }
            do {
                try reader.consume(bytes[..<cut]) { collect($0) }
                try reader.consume(bytes[cut...]) { collect($0) }
                try reader.finish { collect($0) }
            } catch let error as CSVError {
                outcome.error = error
            } catch {
                Issue.record("unexpected \(error)")
            }
            outcome.delimiter = reader.delimiter
            outcome.recordCount = reader.recordCount
            outcome.bytesRead = reader.bytesRead
            #expect(outcome == whole, "cut at \(cut)")
        }
    }

    @Test("random inputs, valid or not, give the same outcome in every chunk size")
    func chunkInvarianceRandom() {
        let alphabet: [UInt8] = [0x61, 0x62, 0x2C, 0x3B, 0x22, 0x22, 0x0D, 0x0A, 0x0A, 0x20, 0xEF, 0xBB, 0xBF, 0xFF, 0xC3, 0xA9]
        var generator = SeededGenerator(seed: 0x5EED_CAFE)
        var errors = 0
        for _ in 0..<400 {
            let length = Int.random(in: 0...48, using: &generator)
            var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let whole = CSVTestSupport.read(bytes)
            if whole.error != nil { errors += 1 }
            for (size, outcome) in CSVTestSupport.readInEveryChunkSize(bytes) where outcome != whole {
                Issue.record("chunk size \(size.map(String.init) ?? "whole") differs for \(bytes): \(outcome) vs \(whole)")
            }
        }
        #expect(errors > 20, "the sample includes broken inputs")
        #expect(errors < 400, "the sample includes readable inputs")
    }

    @Test("what the writer writes, the reader reads back exactly, in every chunk size")
    func writerRoundTrip() {
        let pieces = ["a", "b", ",", ";", "\"", "\r", "\n", "\r\n", " ", "é", "=", "'", "😀", "\t", ""]
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<150 {
            let recordCount = Int.random(in: 1...4, using: &generator)
            let width = Int.random(in: 2...4, using: &generator)
            let records: [[String]] = (0..<recordCount).map { _ in
                (0..<width).map { _ in
                    (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                        .joined()
                }
            }
            let text = records.map(CSVWriter.record).joined()
            for (size, outcome) in CSVTestSupport.readInEveryChunkSize(Array(text.utf8), delimiter: .comma) {
                #expect(outcome.error == nil, "chunk size \(size.map(String.init) ?? "whole") for \(text.debugDescription)")
                #expect(outcome.fields == records, "chunk size \(size.map(String.init) ?? "whole") for \(text.debugDescription)")
            }
        }
    }
}
