import Foundation
import Testing
import WellnessDomain

/// RFC 4180 quoting and the OWASP formula guard.
@Suite("CSV writer")
struct CSVWriterTests {
    @Test("a field is quoted, with quotes doubled, exactly when it holds a comma, a quote, CR or LF", arguments: [
        ("plain", "plain"),
        ("", ""),
        ("with space", "with space"),
        ("semi;colon", "semi;colon"),
        ("tab\there", "tab\there"),
        ("é😀", "é😀"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("a\nb", "\"a\nb\""),
        ("a\r\nb", "\"a\r\nb\""),
        ("a\rb", "\"a\rb\""),
        (",", "\",\""),
    ])
    func quoting(text: String, expected: String) {
        #expect(CSVWriter.field(text) == expected)
    }

    @Test("a record joins fields with commas and ends with CRLF")
    func record() {
        #expect(CSVWriter.record(["date", "weight_kg", "note"]) == "date,weight_kg,note\r\n")
        #expect(CSVWriter.record(["a,b", "", "x\"y"]) == "\"a,b\",,\"x\"\"y\"\r\n")
        #expect(CSVWriter.record(["only"]) == "only\r\n")
    }

    @Test("text a spreadsheet would run as a formula gets a leading apostrophe", arguments: [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("\nx", "'\nx"),
        ("=", "'="),
        ("'quoted", "''quoted"),
        ("'", "''"),
    ])
    func guards(text: String, guarded: String) {
        #expect(CSVWriter.guardingFormula(text) == guarded)
        #expect(CSVWriter.removingFormulaGuard(guarded) == text)
    }

    @Test("other text is left alone", arguments: [
        "", "plain", " =not first", "a=b", "1+1", "x-y", "mail@example.org", "\u{FF1D}fullwidth equals",
        "\"=quoted\"", " ", "é",
    ])
    func leavesAlone(text: String) {
        #expect(CSVWriter.guardingFormula(text) == text)
        #expect(CSVWriter.removingFormulaGuard(text) == text)
    }

    @Test("guarding then removing the guard gives back exactly the same text")
    func exactInverse() {
        let pieces = ["=", "+", "-", "@", "\t", "\r", "\n", "'", "''", "a", " ", "\"", ",", "é", "😀", ""]
        var generator = SeededGenerator(seed: 7)
        var texts: [String] = pieces
        for _ in 0..<2000 {
            texts.append((0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined())
        }
        var guardedCount = 0
        for text in texts {
            let guarded = CSVWriter.guardingFormula(text)
            if guarded != text { guardedCount += 1 }
            #expect(CSVWriter.removingFormulaGuard(guarded) == text, "\(text.debugDescription)")
            // A guarded text never starts with a trigger.
            if let first = guarded.unicodeScalars.first {
                #expect(!["=", "+", "-", "@", "\t", "\r", "\n"].contains(first), "\(guarded.debugDescription)")
            }
        }
        #expect(guardedCount > 500, "the sample exercises the guard")
    }

    @Test("a guarded note survives quoting and reading back unchanged")
    func guardThenQuoteThenRead() throws {
        let notes = ["=SUM(A1)", "+1", "-2", "@x", "\tx", "'quoted", "a,b", "say \"hi\"", "a\nb", "a\r\nb", "\n=x,\"y\""]
        let text = CSVWriter.record(["note"]) + notes.map { CSVWriter.record([CSVWriter.guardingFormula($0), "end"]) }
            .joined()
        var reader = CSVReader(delimiter: .comma)
        var read: [String] = []
        func collect(_ record: borrowing CSVRecord) {
            if record.line > 1, let text = record.string(0) { read.append(CSVWriter.removingFormulaGuard(text)) }
        }
        try reader.consume(Array(text.utf8)) { collect($0) }
        try reader.finish { collect($0) }
        #expect(read == notes)
    }
}
