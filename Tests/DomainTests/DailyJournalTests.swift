import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("DailyJournal")
struct DailyJournalTests {
    let day = Fixtures.day("2026-11-20")

    /// The five tags older versions stored as booleans.
    static let legacyTags: [JournalTag] = [.alcohol, .caffeine, .lateEating, .stress, .exercise]

    @Test("a new journal is empty")
    func newIsEmpty() {
        let journal = DailyJournal(day: day)
        #expect(journal.day == day)
        #expect(journal.tags.isEmpty)
        #expect(journal.notes == nil)
        #expect(journal.isEmpty)
        #expect(journal.legacy == DailyJournal.LegacyFlags())
        #expect(journal.knownTags.isEmpty)
    }

    @Test("toggling switches a tag on and off again", arguments: JournalTag.allCases)
    func toggle(tag: JournalTag) {
        var journal = DailyJournal(day: day)
        let on = journal.toggle(tag)
        #expect(on)
        #expect(journal.contains(tag))
        #expect(journal.tags == [tag.rawValue])
        #expect(!journal.isEmpty)
        let stillOn = journal.toggle(tag)
        #expect(!stillOn)
        #expect(!journal.contains(tag))
        #expect(journal.tags.isEmpty)
    }

    @Test("set is idempotent and keeps tags sorted and unique")
    func setIdempotent() {
        var journal = DailyJournal(day: day)
        journal.set(.work, true)
        journal.set(.coffee, true)
        journal.set(.work, true)
        journal.set(.alcohol, true)
        #expect(journal.tags == ["alcohol", "coffee", "work"])
        journal.set(.mood, false)
        journal.set(.coffee, false)
        journal.set(.coffee, false)
        #expect(journal.tags == ["alcohol", "work"])
    }

    @Test("setting a tag sets exactly its legacy boolean, and clearing it clears the boolean",
          arguments: legacyTags)
    func tagSetsFlag(tag: JournalTag) {
        var journal = DailyJournal(day: day)
        journal.set(tag, true)
        #expect(journal.legacy == Self.flags(tag))
        journal.toggle(.coffee)
        #expect(journal.legacy == Self.flags(tag))
        journal.toggle(tag)
        #expect(journal.legacy == DailyJournal.LegacyFlags())
    }

    @Test("setting a legacy boolean sets or clears its tag", arguments: legacyTags)
    func flagSetsTag(tag: JournalTag) throws {
        let flag = try #require(Self.keyPath(tag))
        var journal = DailyJournal(day: day, notes: nil, tags: ["coffee"])
        journal.setLegacy(flag, true)
        #expect(journal.contains(tag))
        #expect(journal.tags == ["coffee", tag.rawValue].sorted())
        journal.setLegacy(flag, true)
        #expect(journal.tags == ["coffee", tag.rawValue].sorted())
        journal.setLegacy(flag, false)
        #expect(journal.tags == ["coffee"])
    }

    @Test("the mapping between booleans and tags is the documented one")
    func mapping() {
        let pairs = DailyJournal.legacyTags.map { pair -> (String, JournalTag) in
            var flags = DailyJournal.LegacyFlags()
            flags[keyPath: pair.flag] = true
            return (Self.name(of: flags), pair.tag)
        }
        #expect(pairs.map(\.0) == ["consumedAlcohol", "caffeineAfter2PM", "ateLate", "highStress", "exercised"])
        #expect(pairs.map(\.1) == Self.legacyTags)
    }

    @Test("a stored legacy journal with a boolean and no tags gets the boolean's tag", arguments: legacyTags)
    func legacyOnlyInit(tag: JournalTag) {
        let journal = DailyJournal(day: day, notes: "old", tags: [], legacy: Self.flags(tag))
        #expect(journal.tags == [tag.rawValue])
        #expect(journal.legacy == Self.flags(tag))
        #expect(journal.notes == "old")
    }

    @Test("a legacy journal with every boolean gets all five tags")
    func legacyAll() {
        let flags = DailyJournal.LegacyFlags(consumedAlcohol: true, caffeineAfter2PM: true, ateLate: true,
                                             highStress: true, exercised: true)
        let journal = DailyJournal(day: day, notes: nil, tags: [], legacy: flags)
        #expect(journal.tags == ["alcohol", "caffeine", "exercise", "lateEating", "stress"])
        #expect(journal.legacy == flags)
    }

    @Test("when both tags and booleans are stored, the tags win")
    func tagsWin() {
        let journal = DailyJournal(day: day, notes: nil, tags: ["coffee", "stress"],
                                   legacy: .init(consumedAlcohol: true, highStress: false))
        #expect(journal.tags == ["coffee", "stress"])
        #expect(journal.legacy == DailyJournal.LegacyFlags(highStress: true))
    }

    @Test("unknown tags are kept through changes, but are not known tags")
    func unknownKept() {
        var journal = DailyJournal(day: day, notes: nil, tags: ["sauna", "coffee", "zeroGravity"])
        #expect(journal.tags == ["coffee", "sauna", "zeroGravity"])
        #expect(journal.knownTags == [.coffee])
        journal.toggle(.coffee)
        journal.toggle(.alcohol)
        journal.setLegacy(\.exercised, true)
        #expect(journal.tags == ["alcohol", "exercise", "sauna", "zeroGravity"])
        #expect(journal.knownTags == [.alcohol, .exercise])
        #expect(!journal.isEmpty)
    }

    @Test("stored tags come out sorted and unique; known tags in declaration order")
    func sortedUnique() {
        let journal = DailyJournal(day: day, notes: nil, tags: ["work", "coffee", "work", "alcohol", "coffee"])
        #expect(journal.tags == ["alcohol", "coffee", "work"])
        #expect(journal.knownTags == [.coffee, .alcohol, .work])
    }

    @Test("notes alone make a journal not empty; empty notes count as empty")
    func notesAndEmptiness() {
        #expect(!DailyJournal(day: day, notes: "slept badly", tags: []).isEmpty)
        #expect(DailyJournal(day: day, notes: "", tags: []).isEmpty)
    }

    @Test("a journal survives JSON encoding and decoding")
    func codable() throws {
        let journal = DailyJournal(day: day, notes: "n", tags: ["coffee", "sauna"])
        let decoded = try JSONDecoder().decode(DailyJournal.self, from: JSONEncoder().encode(journal))
        #expect(decoded == journal)
    }

    // MARK: - Helpers

    /// The flags with only `tag`'s boolean set, written out independently of the domain table.
    static func flags(_ tag: JournalTag) -> DailyJournal.LegacyFlags {
        switch tag {
        case .alcohol: DailyJournal.LegacyFlags(consumedAlcohol: true)
        case .caffeine: DailyJournal.LegacyFlags(caffeineAfter2PM: true)
        case .lateEating: DailyJournal.LegacyFlags(ateLate: true)
        case .stress: DailyJournal.LegacyFlags(highStress: true)
        case .exercise: DailyJournal.LegacyFlags(exercised: true)
        default: DailyJournal.LegacyFlags()
        }
    }

    static func keyPath(_ tag: JournalTag) -> WritableKeyPath<DailyJournal.LegacyFlags, Bool>? {
        switch tag {
        case .alcohol: \.consumedAlcohol
        case .caffeine: \.caffeineAfter2PM
        case .lateEating: \.ateLate
        case .stress: \.highStress
        case .exercise: \.exercised
        default: nil
        }
    }

    static func name(of flags: DailyJournal.LegacyFlags) -> String {
        [(flags.consumedAlcohol, "consumedAlcohol"), (flags.caffeineAfter2PM, "caffeineAfter2PM"),
         (flags.ateLate, "ateLate"), (flags.highStress, "highStress"), (flags.exercised, "exercised")]
            .filter(\.0).map(\.1).joined(separator: ",")
    }
}
