import Foundation
import Testing
import WellnessDomain

/// Short ids: the shortest unique prefix of each id among a set, at least 8 characters.
@Suite("Short ids")
struct ShortIDsTests {
    @Test("ids made in one burst (one import) get prefixes long enough to tell them apart")
    func timeOrderedBurst() {
        var generator = TimeOrderedUUIDs()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let ids = (0..<500).map { _ in WeightEntry.ID(generator.next(now: now)) }
        #expect(Set(ids.map { String($0.description.prefix(8)) }).count == 1, "the old 8-character cut is ambiguous")
        let short = ShortIDs(of: ids)
        let shown = ids.map(short.shortID)
        #expect(Set(shown).count == ids.count)
        for (id, text) in zip(ids, shown) {
            #expect(text.count >= ShortIDs.minimumLength)
            #expect(id.description.hasPrefix(text))
            // Unique as a prefix: no other id starts with it.
            #expect(ids.filter { $0.description.hasPrefix(text) } == [id])
            // And shortest: one character less is shared with another id (or under the minimum).
            let shorter = String(text.dropLast())
            #expect(text.count == ShortIDs.minimumLength || ids.filter { $0.description.hasPrefix(shorter) }.count > 1)
        }
    }

    @Test("random ids show the minimum of 8 characters; a single id too")
    func minimum() {
        let ids = (0..<50).map { _ in Goal.ID() }
        let short = ShortIDs(of: ids)
        #expect(ids.allSatisfy { short.shortID($0) == String($0.description.prefix(8)) })
        let one = Goal.ID()
        #expect(ShortIDs(of: [one]).shortID(one) == String(one.description.prefix(8)))
    }

    @Test("ids that differ only at the end are shown whole; case does not matter")
    func wholeID() {
        let ids = ["0190abcd-0000-7000-8000-000000000001", "0190abcd-0000-7000-8000-000000000002", "zz"]
        let short = ShortIDs(among: ids)
        #expect(short.shortID(ids[0]) == ids[0])
        #expect(short.shortID(ids[1].uppercased()) == ids[1])
        #expect(short.shortID("zz") == "zz")
        #expect(ShortIDs(among: ["0190abcd-1", "0190abcd-2", "0190abce-3"]).shortID("0190abce-3") == "0190abce")
        #expect(ShortIDs(among: ["0190abcd-1", "0190abcd-2"]).shortID("0190abcd-2") == "0190abcd-2")
    }
}
