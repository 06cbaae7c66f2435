import Foundation
import Testing
import WellnessDomain

@Suite("JournalTag")
struct JournalTagTests {
    @Test("the 19 tags of the seed, in its order")
    func nineteenTags() {
        #expect(JournalTag.allCases.map(\.rawValue) == [
            "coffee", "alcohol", "caffeine", "lateEating", "stress", "exercise",
            "meditation", "goodSleep", "poorSleep", "illness", "travel",
            "work", "social", "supplements", "hydration", "mood", "energy", "focus", "recovery",
        ])
        #expect(JournalTag.allCases.count == 19)
    }

    @Test("every tag has its own SF Symbol")
    func uniqueSymbols() {
        let symbols = JournalTag.allCases.map(\.systemImage)
        #expect(Set(symbols).count == symbols.count)
        for tag in JournalTag.allCases {
            #expect(!tag.systemImage.isEmpty, "\(tag)")
            #expect(!tag.systemImage.contains(" "), "\(tag)")
        }
    }

    @Test("every tag has its own colour, written #RRGGBB")
    func uniqueColours() {
        let hexDigits = Set("0123456789ABCDEFabcdef")
        for tag in JournalTag.allCases {
            let colour = tag.colorHex
            #expect(colour.count == 7 && colour.hasPrefix("#"), "\(tag): \(colour)")
            #expect(colour.dropFirst().allSatisfy(hexDigits.contains), "\(tag): \(colour)")
        }
        let colours = JournalTag.allCases.map { $0.colorHex.uppercased() }
        #expect(Set(colours).count == colours.count)
    }

    @Test("the display name is the key tag.<raw value>", arguments: JournalTag.allCases)
    func nameKey(tag: JournalTag) {
        #expect(tag.name.key == "tag.\(tag.rawValue)")
    }

    @Test("parsing ignores case and surrounding blanks", arguments: JournalTag.allCases)
    func parse(tag: JournalTag) throws {
        #expect(try JournalTag.parse(tag.rawValue) == tag)
        #expect(try JournalTag.parse(tag.rawValue.uppercased()) == tag)
        #expect(try JournalTag.parse(tag.rawValue.lowercased()) == tag)
        #expect(try JournalTag.parse("  \(tag.rawValue.capitalized)\n") == tag)
    }

    @Test("an unknown tag is refused with every valid tag listed", arguments: ["sauna", "", "late eating", "coffees"])
    func unknown(text: String) throws {
        let error = try #require(throws: InvalidValue.self) { try JournalTag.parse(text) }
        #expect(error == InvalidValue(kind: .journalTag, value: text, valid: JournalTag.allCases.map(\.rawValue)))
        let message = error.summary
        for tag in JournalTag.allCases { #expect(message.contains(tag.rawValue), "\(tag)") }
    }
}
