import Foundation
import Testing
import WellnessDomain

/// The one rule for typed text: no control characters but tab and line feed, refused where
/// notes and names enter the domain and made visible where text is printed.
@Suite("Plain text: control characters")
struct PlainTextTests {
    static let refused: [Unicode.Scalar] = ["\u{0}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{1F}",
                                            "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}"]
    static let allowed: [Unicode.Scalar] = ["\t", "\n", " ", "a", "\u{A0}", "é", "\u{FF1D}", "😀", "\u{2028}"]

    @Test("C0 but tab and line feed, DEL and C1 are control characters; everything else is text")
    func definition() {
        for scalar in Self.refused { #expect(PlainText.isControl(scalar), "\(PlainText.codePoint(scalar))") }
        for scalar in Self.allowed { #expect(!PlainText.isControl(scalar), "\(PlainText.codePoint(scalar))") }
        #expect(PlainText.firstControlCharacter(in: "ok\tfine\nstill") == nil)
        #expect(PlainText.firstControlCharacter(in: "\u{A0}é and \u{1B}[31m red\u{7}") == "\u{1B}")
        #expect(PlainText.codePoint("\u{1B}") == "U+001B" && PlainText.codePoint("\u{9B}") == "U+009B")
        // A line break may be CRLF; a CR on its own is a control character.
        #expect(PlainText.firstControlCharacter(in: "one\r\ntwo\r\n") == nil)
        #expect(PlainText.firstControlCharacter(in: "one\rtwo") == "\r")
        #expect(PlainText.firstControlCharacter(in: "end\r") == "\r")
        #expect(PlainText.firstControlCharacter(in: "\r\r\n") == "\r")
        #expect(PlainText.visible("a\r\nb\rc") == "a\r\nb\u{240D}c")
    }

    @Test("visible text shows every control character as a stand-in and keeps the rest")
    func visible() {
        #expect(PlainText.visible("\u{1B}[31mred\u{7}") == "\u{241B}[31mred\u{2407}")
        #expect(PlainText.visible("a\tb\nc") == "a\tb\nc")
        #expect(PlainText.visible("cr\r del\u{7F} csi\u{9B}") == "cr\u{240D} del\u{2421} csi\u{FFFD}")
        for scalar in Self.refused {
            #expect(PlainText.firstControlCharacter(in: PlainText.visible("x\(scalar)y")) == nil)
        }
    }

    @Test("a weigh-in note with a control character is refused, naming the note", arguments: refused.dropFirst())
    func weightNote(scalar: Unicode.Scalar) {
        #expect(throws: WeightError.invalidNote(.controlCharacter(.init(field: .note, character: scalar)))) {
            try WeightEntry(date: Date(timeIntervalSince1970: 0), kilograms: 70, note: "x\(scalar)")
        }
        #expect(WeightEntry.problem(note: "line\none\ttab") == nil)
    }

    @Test("a stored note with an escape still reads (only typed notes are refused)")
    func storedNoteReads() throws {
        let json = #"{"id":"0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b","date":0,"kilograms":70,"note":"\u001b[31m","source":"manual"}"#
        let entry = try JSONDecoder().decode(WeightEntry.self, from: Data(json.utf8))
        #expect(entry.note == "\u{1B}[31m")
    }

    @Test("goal titles and descriptions, mood notes, dog names, supplement names and dosages, key contacts")
    func everyEntryPoint() throws {
        let escape: Unicode.Scalar = "\u{1B}"
        func refused(_ field: ControlCharacterError.Field) -> ControlCharacterError { .init(field: field, character: escape) }
        let now = Date(timeIntervalSince1970: 0)
        let day = LocalDay("2026-01-01")!
        #expect(throws: GoalError.controlCharacter(refused(.title))) { try Goal(title: "Run\u{1B}]0;x", createdAt: now) }
        #expect(throws: GoalError.controlCharacter(refused(.description))) {
            try Goal(title: "Run", description: "far \u{1B}[2J", createdAt: now)
        }
        #expect(throws: GoalError.controlCharacter(refused(.note))) { try MoodEntry(day: day, score: 3, note: "a\u{1B}") }
        #expect(throws: DogProfileError.controlCharacter(refused(.name))) {
            try DogProfile(name: "Rex\u{1B}[5m", birthDate: day, today: day)
        }
        #expect(throws: CheckinError.controlCharacter(refused(.keyContact))) {
            try Checkin(day: day, energy: 3, stress: 3, social: 3, keyContact: "Ann\u{1B}")
        }
        var stack = SupplementStack(supplements: [])
        #expect(throws: SupplementError.controlCharacter(refused(.name))) {
            try stack.add(name: "Zinc\u{1B}", timeOfDay: .morning, dosage: "1")
        }
        #expect(throws: SupplementError.controlCharacter(refused(.dosage))) {
            try stack.add(name: "Zinc", timeOfDay: .morning, dosage: "1\u{1B}")
        }
        let zinc = try stack.add(name: "Zinc", timeOfDay: .morning, dosage: "1 tablet\twith food")
        #expect(throws: SupplementError.controlCharacter(refused(.dosage))) { try stack.edit(zinc.id, dosage: "\u{1B}") }
        // Tab and line feed stay text.
        #expect(try MoodEntry(day: day, score: 3, note: "a\tb\nc").note == "a\tb\nc")
    }
}
