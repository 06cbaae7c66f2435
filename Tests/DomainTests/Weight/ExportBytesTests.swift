import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// The byte writers the weight export appends its records with: the same bytes as the text
/// each one stands for, and as the records built before them (``FormerWeightCSV``).
@Suite("Export as bytes")
struct ExportBytesTests {
    static let pieces = ["=", "+", "-", "@", "\t", "\r", "\n", "'", "a", " ", "\"", ",", ";", "é", "😀", "",
                         "\u{FF1D}", "\u{FF20}", "\u{3000}", "\u{A0}", "x y", "\"\"", "日本"]

    /// The pieces strung together at random, 0 to 5 at a time.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return pieces + (0..<count).map { _ in
            (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    static func bytes(_ append: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes: [UInt8] = [0x21] // something before, which must stay
        append(&bytes)
        #expect(bytes.first == 0x21)
        return Array(bytes.dropFirst())
    }

    // MARK: - Fields

    @Test("a field and a guarded field appended as bytes are the text of field and guardedField, and the former text")
    func fields() {
        var guarded = 0
        for text in Self.texts(count: 5000, seed: 11) {
            let field = Self.bytes { CSVWriter.appendField(text, to: &$0) }
            let guardedField = Self.bytes { CSVWriter.appendGuardedField(text, to: &$0) }
            #expect(field == Array(CSVWriter.field(text).utf8), "\(text.debugDescription)")
            #expect(guardedField == Array(CSVWriter.guardedField(text).utf8), "\(text.debugDescription)")
            #expect(field == Array(FormerWeightCSV.field(text).utf8), "\(text.debugDescription)")
            #expect(guardedField == Array(FormerWeightCSV.guardedField(text).utf8), "\(text.debugDescription)")
            if CSVWriter.guardingFormula(text) != text { guarded += 1 }
        }
        #expect(guarded > 1000, "the sample exercises the guard")
    }

    @Test("the former text left a quote single when it began a character with combining marks: broken CSV")
    func formerQuoteInsideACharacter() {
        let note = "a\"\u{301}b"
        #expect(!FormerWeightCSV.quotesAlone(note))
        #expect(FormerWeightCSV.guardedField(note) == "\"a\"\u{301}b\"")
        #expect(CSVWriter.guardedField(note) == "\"a\"\"\u{301}b\"")
        let plain = "say \"hi\", \"\"é"
        #expect(FormerWeightCSV.quotesAlone(plain))
    }

    // MARK: - Numbers

    @Test("every weight in whole hundredths up to 700 kg is written as Swift writes it")
    func hundredths() {
        var bytes: [UInt8] = []
        var expected: [UInt8] = []
        for hundredths in 1...70_000 {
            let value = Double(hundredths) / 100
            CSVWriter.appendNumber(value, to: &bytes)
            bytes.append(0x0A)
            expected.append(contentsOf: "\(value)\n".utf8)
        }
        #expect(bytes == expected)
        #expect(Self.bytes { CSVWriter.appendNumber(70, to: &$0) } == Array("70.0".utf8))
        #expect(Self.bytes { CSVWriter.appendNumber(70.05, to: &$0) } == Array("70.05".utf8))
        #expect(Self.bytes { CSVWriter.appendNumber(0.1, to: &$0) } == Array("0.1".utf8))
    }

    @Test("any other number is written as Swift writes it")
    func otherNumbers() {
        var generator = SeededGenerator(seed: 5)
        var values: [Double] = [0.1 + 0.2, 0.001, 0.00001, 1e-300, 0.005, 0.015, 70.123456789, 155.5 * 0.45359237,
                                700.0001, 1e11, 1e11 - 0.01, 99_999_999_999.99, 123_456_789.12, 1e15, 1e16, 2e22,
                                .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0, -0.0, -1.25, -70.5]
        for hundredths in [1, 5, 10, 99, 7045, 70_000] {
            let value = Double(hundredths) / 100
            values += [value.nextUp, value.nextDown]
        }
        for _ in 0..<20_000 {
            values.append(Double.random(in: 0.001...700, using: &generator))
            values.append((Double.random(in: 0...1000, using: &generator) * 100).rounded() / 100 * 0.45359237)
            values.append(Double(Int.random(in: 1...99_999_999_999_999, using: &generator)) / 100)
        }
        for value in values {
            #expect(Self.bytes { CSVWriter.appendNumber(value, to: &$0) } == Array("\(value)".utf8), "\(value)")
        }
    }

    // MARK: - Timestamps

    static let zones = ["UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu",
                        "America/St_Johns", "Pacific/Chatham", "Australia/Lord_Howe", "Pacific/Kiritimati",
                        "Pacific/Pago_Pago", "Africa/Monrovia", "America/Los_Angeles"]

    @Test("a timestamp appended as bytes is the text of format(_:offsetIn:), and the former text", arguments: zones)
    func timestamps(zone: String) {
        let timeZone = TimeZone(identifier: zone)!
        var generator = SeededGenerator(seed: zone.utf8.reduce(3) { $0 &* 31 &+ UInt64($1) })
        var millis: [Int64] = [0, -1, 1, 5, 50, 999, -999, -86_400_000, 1_711_846_800_000, 1_730_000_000_123,
                               Timestamp.milliseconds(Timestamp.range.lowerBound),
                               Timestamp.milliseconds(Timestamp.range.upperBound),
                               -5_364_662_400_000, 63_072_000_000]
        for _ in 0..<3000 {
            millis.append(Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator))
            millis.append(Int64.random(in: -3_000_000_000_000...4_102_444_800_000, using: &generator))
        }
        // Every change of offset from 1850 to 2040, a millisecond and a second either side.
        var date = Date(timeIntervalSince1970: -3_786_825_600)
        while let change = timeZone.nextDaylightSavingTimeTransition(after: date), change.timeIntervalSince1970 < 2.2e9 {
            let at = Timestamp.milliseconds(change)
            millis += [at - 1000, at - 1, at, at + 1, at + 1000]
            date = change
        }
        for value in millis {
            let date = Timestamp.fromMilliseconds(value)
            let text = Timestamp.format(date, offsetIn: timeZone)
            let bytes = Self.bytes { Timestamp.append(date, utcOffset: timeZone.secondsFromGMT(for: date), to: &$0) }
            #expect(bytes == Array(text.utf8), "\(value)")
            #expect(text == FormerWeightCSV.timestamp(date, offsetIn: timeZone), "\(value)")
        }
    }

    @Test("a local date outside the years 0001-9999 (an instant at the edge, in a zone far from UTC) is written as before",
          arguments: [("0001-01-01T00:00:00Z", -3600 * 5, "0000-12-31T19:00:00-05:00"),
                      ("9999-12-31T23:59:59.999Z", 3600 * 14, "10000-01-01T13:59:59.999+14:00"),
                      ("0001-01-01T00:00:00.5Z", 3600 * 2, "0001-01-01T02:00:00.500+02:00")])
    func edgeYears(iso: String, offset: Int, expected: String) {
        let date = Fixtures.instant(iso)
        #expect(Self.bytes { Timestamp.append(date, utcOffset: offset, to: &$0) } == Array(expected.utf8))
        let zone = TimeZone(secondsFromGMT: offset)!
        #expect(FormerWeightCSV.timestamp(date, offsetIn: zone) == expected)
    }
}
