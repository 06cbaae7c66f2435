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

    @Test("a formula after a `;` or `,`, after leading white space, or in full-width forms is guarded", arguments: [
        ("ok;=cmd|' /C calc'!A0", "ok;'=cmd|' /C calc'!A0"),
        ("ok,=cmd", "ok,'=cmd"),
        ("a; =1+2", "a;' =1+2"),
        (" =1+2", "' =1+2"),
        ("\u{3000}@SUM(A1)", "'\u{3000}@SUM(A1)"),
        ("\u{FF1D}1+2", "'\u{FF1D}1+2"),
        ("\u{FF0B}1", "'\u{FF0B}1"),
        ("\u{FF0D}1", "'\u{FF0D}1"),
        ("\u{FF20}x", "'\u{FF20}x"),
        ("x;\u{FF1D}1", "x;'\u{FF1D}1"),
        ("=a;+b,-c", "'=a;'+b,'-c"),
        ("a;'b", "a;''b"),
        (";;=x", ";;'=x"),
        ("a\t;\tb", "a\t;'\tb"),
    ])
    func guardsEveryCellStart(text: String, guarded: String) {
        #expect(CSVWriter.guardingFormula(text) == guarded)
        #expect(CSVWriter.removingFormulaGuard(guarded) == text)
    }

    @Test("a guarded field is always quoted; a field that needs no guard is quoted as RFC 4180 says")
    func guardedField() {
        #expect(CSVWriter.guardedField("ok;=cmd|' /C calc'!A0") == "\"ok;'=cmd|' /C calc'!A0\"")
        #expect(CSVWriter.guardedField(" =1") == "\"' =1\"")
        #expect(CSVWriter.guardedField("say \"=x\"") == "\"say \"\"=x\"\"\"")
        #expect(CSVWriter.guardedField("plain; text") == "plain; text")
        #expect(CSVWriter.guardedField("a,b") == "\"a,b\"")
    }

    @Test("every quote is doubled, also one that shares a character with a combining or prepended mark", arguments: [
        ("\"\u{301}", "\"\"\"\u{301}\""), ("a\"\u{308}b", "\"a\"\"\u{308}b\""), ("\u{600}\"", "\"\u{600}\"\"\""),
        ("=\"\u{301}", "\"'=\"\"\u{301}\""), ("\"\u{200D}", "\"\"\"\u{200D}\""),
    ])
    func quoteInsideACharacter(text: String, written: String) throws {
        #expect(CSVWriter.guardedField(text) == written)
        var bytes: [UInt8] = []
        CSVWriter.appendGuardedField(text, to: &bytes)
        #expect(bytes == Array(written.utf8))
        // And it reads back as the note.
        var reader = CSVReader(delimiter: .comma)
        var read: [String] = []
        func collect(_ record: borrowing CSVRecord) {
            if record.count == 2, let field = record.string(0) { read.append(CSVWriter.removingFormulaGuard(field)) }
        }
        try reader.consume(Array((written + ",end\r\n").utf8)) { collect($0) }
        try reader.finish { collect($0) }
        #expect(read == [text])
    }

    /// Whether a spreadsheet cell beginning with `cell` would be read as a formula.
    static func startsLikeFormula(_ cell: Substring) -> Bool {
        for scalar in cell.unicodeScalars {
            if "=+-@\t\r\n\u{FF1D}\u{FF0B}\u{FF0D}\u{FF20}".unicodeScalars.contains(scalar) { return true }
            if !scalar.properties.isWhitespace { return false }
        }
        return false
    }

    @Test("other text is left alone", arguments: [
        "", "plain", "a=b", "1+1", "x-y", "mail@example.org", "fullwidth \u{FF1D} inside",
        "\"=quoted\"", " ", "é", "a; b", "a, b", "a;", "x ;y'", " 'x",
    ])
    func leavesAlone(text: String) {
        #expect(CSVWriter.guardingFormula(text) == text)
        #expect(CSVWriter.removingFormulaGuard(text) == text)
    }

    @Test("guarding then removing the guard gives back exactly the same text")
    func exactInverse() {
        let pieces = ["=", "+", "-", "@", "\t", "\r", "\n", "'", "''", "a", " ", "\"", ",", ";", "é", "😀", "",
                      "\u{FF1D}", "\u{FF20}", "\u{3000}"]
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
            // No cell of a guarded text, split on `,` or `;`, starts with a trigger.
            for cell in guarded.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == ";" }) {
                #expect(!Self.startsLikeFormula(cell), "\(guarded.debugDescription)")
            }
        }
        #expect(guardedCount > 500, "the sample exercises the guard")
    }

    @Test("a guarded note survives quoting and reading back unchanged")
    func guardThenQuoteThenRead() throws {
        let notes = ["=SUM(A1)", "+1", "-2", "@x", "\tx", "'quoted", "a,b", "say \"hi\"", "a\nb", "a\r\nb", "\n=x,\"y\"",
                     "ok;=cmd|' /C calc'!A0", " =1", "\u{FF1D}1", "a;'b"]
        let text = CSVWriter.record(["note"]) + notes.map { CSVWriter.guardedField($0) + ",end\r\n" }.joined()
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
