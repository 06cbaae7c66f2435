import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `CheckinRepository` adapter keeps: one check-in per day, refused or
/// replaced atomically, day-range queries with inclusive bounds in day order, persisted.
@Suite("CheckinRepository contract")
struct CheckinRepositoryContractTests {
    /// A valid check-in; traps when the ratings are out of range.
    func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, contact: String? = nil) -> Checkin {
        do {
            return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social,
                               keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a test: \(error)")
        }
    }

    func range(_ from: String, _ to: String) -> ClosedRange<LocalDay> { Fixtures.day(from)...Fixtures.day(to) }

    let everything = Fixtures.day("1970-01-01")...Fixtures.day("2999-12-31")

    @Test("an empty store has no check-ins", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.checkins.checkins(on: everything).isEmpty)
        #expect(try await store.checkins.checkins(on: range("2026-11-20", "2026-11-20")).isEmpty)
    }

    @Test("a saved check-in comes back exactly through another handle", arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let plain = checkin("2026-11-19", 1, 5, 1)
        let named = checkin("2026-11-20", 5, 1, 5, contact: "Zoë \"Mam\" O'Brien — 👩‍👩‍👧 café\nsecond line")
        #expect(try await store.checkins.save(named, replacing: false))
        #expect(try await store.checkins.save(plain, replacing: false))

        let reopened = try kind.reopen(store).checkins
        let stored = try await reopened.checkins(on: everything)
        #expect(stored == [plain, named])
        #expect(stored.first?.keyContact == nil)
        #expect(stored.last?.keyContact == "Zoë \"Mam\" O'Brien — 👩‍👩‍👧 café\nsecond line")
    }

    @Test("a second check-in for a day is refused without replacing and leaves the first",
          arguments: AdapterKind.allCases)
    func secondRefused(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = checkin("2026-11-20", 3, 3, 3, contact: "Sam")
        #expect(try await store.checkins.save(first, replacing: false))
        let second = checkin("2026-11-20", 1, 5, 1)
        #expect(try await store.checkins.save(second, replacing: false) == false)
        #expect(try await kind.reopen(store).checkins.save(second, replacing: false) == false,
                "refused through another handle too")

        #expect(try await kind.reopen(store).checkins.checkins(on: everything) == [first])
    }

    @Test("replacing swaps the day's check-in, keyContact included, and keeps the others",
          arguments: AdapterKind.allCases)
    func replace(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let before = checkin("2026-11-19", 2, 2, 2)
        let original = checkin("2026-11-20", 3, 3, 3, contact: "Sam")
        let after = checkin("2026-11-21", 4, 4, 4)
        for item in [after, original, before] { #expect(try await store.checkins.save(item, replacing: false)) }

        let replacement = checkin("2026-11-20", 1, 5, 2)
        #expect(try await kind.reopen(store).checkins.save(replacement, replacing: true))
        #expect(try await store.checkins.checkins(on: everything) == [before, replacement, after])
        #expect(try await store.checkins.checkins(on: range("2026-11-20", "2026-11-20")).first?.keyContact == nil)

        let named = checkin("2026-11-20", 1, 5, 2, contact: "Ana")
        #expect(try await store.checkins.save(named, replacing: true))
        #expect(try await kind.reopen(store).checkins.checkins(on: everything) == [before, named, after])
    }

    @Test("replacing on a day without a check-in simply saves it", arguments: AdapterKind.allCases)
    func replaceWhenAbsent(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let item = checkin("2026-11-20", 4, 2, 4)
        #expect(try await store.checkins.save(item, replacing: true))
        #expect(try await kind.reopen(store).checkins.checkins(on: everything) == [item])
    }

    @Test("a range query includes both bounds, excludes the days around them, and is in day order",
          arguments: AdapterKind.allCases)
    func rangeQuery(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let days = ["2026-11-20", "2026-10-31", "2026-11-10", "2026-11-01", "2026-11-21", "2025-12-31",
                    "2026-01-01", "2026-11-02"]
        var saved: [String: Checkin] = [:]
        for (index, day) in days.enumerated() {
            let item = checkin(day, 1 + index % 5, 1 + (index + 2) % 5, 1 + (index + 4) % 5)
            saved[day] = item
            #expect(try await store.checkins.save(item, replacing: false))
        }
        let reopened = try kind.reopen(store).checkins

        #expect(try await reopened.checkins(on: range("2026-11-01", "2026-11-20"))
                == ["2026-11-01", "2026-11-02", "2026-11-10", "2026-11-20"].map { saved[$0]! })
        #expect(try await reopened.checkins(on: range("2026-11-20", "2026-11-20")) == [saved["2026-11-20"]!])
        #expect(try await reopened.checkins(on: range("2026-11-03", "2026-11-09")).isEmpty)
        #expect(try await reopened.checkins(on: range("2025-12-31", "2026-01-01"))
                == [saved["2025-12-31"]!, saved["2026-01-01"]!], "across a year boundary")
        #expect(try await reopened.checkins(on: everything) == days.sorted().map { saved[$0]! })
    }

    @Test("ratings at both ends of the scale are kept", arguments: AdapterKind.allCases)
    func scaleEnds(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let low = checkin("2026-11-19", 1, 1, 1)
        let high = checkin("2026-11-20", 5, 5, 5, contact: String(repeating: "é", count: Checkin.maxKeyContactLength))
        #expect(try await store.checkins.save(low, replacing: false))
        #expect(try await store.checkins.save(high, replacing: false))
        #expect(try await kind.reopen(store).checkins.checkins(on: everything) == [low, high])
    }

    @Test("two handles saving the same day at once: exactly one wins", arguments: AdapterKind.allCases)
    func concurrentSaves(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let other = try kind.reopen(store)
        let first = checkin("2026-11-20", 1, 1, 1, contact: "first")
        let second = checkin("2026-11-20", 5, 5, 5, contact: "second")
        async let a = store.checkins.save(first, replacing: false)
        async let b = other.checkins.save(second, replacing: false)
        let results = try await [a, b]
        #expect(results.filter { $0 }.count == 1)
        let stored = try await kind.reopen(store).checkins.checkins(on: everything)
        #expect(stored == [results[0] ? first : second])
    }
}
