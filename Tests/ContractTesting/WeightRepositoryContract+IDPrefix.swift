import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Id prefix

extension WeightRepositoryContract {
    static let idPrefix = Case(
        "entries(idPrefix:limit:) finds a full id, a 4-character prefix, prefixes with dashes, and honours the limit"
    ) { factory in
        let store = try await factory.make()
        let given = try idEntries()
        try await insert(given, into: store.subject)
        let weights = try await store.reopen()
        let (first, second, third, fourth) = (given[0], given[1], given[2], given[3])

        #expect(try await weights.entries(idPrefix: first.id.description, limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: fourth.id.description, limit: 1) == [fourth])
        #expect(byID(try await weights.entries(idPrefix: "abcd", limit: 6)) == [first, second])
        #expect(byID(try await weights.entries(idPrefix: "abc", limit: 6)) == [first, second, third])
        #expect(try await weights.entries(idPrefix: "abce", limit: 6) == [third])
        #expect(try await weights.entries(idPrefix: "abcd1234", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd1234-", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd1234-5678-4a", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd5678-0000-4000-8000-00000000000", limit: 6) == [second])
        #expect(byID(try await weights.entries(idPrefix: "", limit: 6)) == byID(given))

        // The limit: at most that many, each of them a match.
        let limited = try await weights.entries(idPrefix: "abc", limit: 2)
        #expect(limited.count == 2)
        #expect(Set(limited.map(\.id)).isSubset(of: [first.id, second.id, third.id]))
        #expect(try await weights.entries(idPrefix: "abcd", limit: 1).count == 1)
        #expect(try await weights.entries(idPrefix: "abcd", limit: 0).isEmpty)

        // No match.
        #expect(try await weights.entries(idPrefix: "ffff", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd1234-5678-4abc-8def-000000000009", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd9", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: first.id.description + "0", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "zzzz", limit: 6).isEmpty)
    }

    static let idPrefixWithoutDashes = Case(
        "entries(idPrefix:) ignores dashes: the same hex digits find the same entry with or without them"
    ) { factory in
        // The port: a prefix of the id's hex digits, dashes ignored, so every adapter gives the
        // same answer whether or not the person typed the dashes.
        let store = try await factory.make()
        let given = try idEntries()
        try await insert(given, into: store.subject)
        let undashed = given[0].id.description.replacingOccurrences(of: "-", with: "")
        #expect(try await store.subject.entries(idPrefix: undashed, limit: 6) == [given[0]])
        #expect(try await store.subject.entries(idPrefix: "abcd12345678", limit: 6) == [given[0]])
        #expect(try await store.subject.entries(idPrefix: "abcd-1234", limit: 6) == [given[0]])
        #expect(try await store.subject.entries(idPrefix: "abcd-", limit: 6).count == 2)
        #expect(try await store.subject.entries(idPrefix: "abcx", limit: 6).isEmpty)
    }
}
