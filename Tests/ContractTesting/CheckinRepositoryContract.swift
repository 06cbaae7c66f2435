import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `CheckinRepository` adapter keeps: one check-in per day, refused or
/// replaced atomically, day-range queries with inclusive bounds in day order, persisted.
public enum CheckinRepositoryContract {
    typealias Case = ContractCase<any CheckinRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any CheckinRepository>] = [
        empty, roundTrip, secondRefused, replace, replaceWhenAbsent, rangeQuery, withTier, scaleEnds, concurrentSaves,
    ]

    /// A valid check-in; traps when the ratings are out of range.
    static func checkin(_ day: String, _ energy: Int, _ stress: Int, _ social: Int, contact: String? = nil) -> Checkin {
        do {
            return try Checkin(day: Fixtures.day(day), energy: energy, stress: stress, social: social,
                               keyContact: contact)
        } catch {
            preconditionFailure("bad check-in in a contract: \(error)")
        }
    }

    static func range(_ from: String, _ to: String) -> ClosedRange<LocalDay> { Fixtures.day(from)...Fixtures.day(to) }

    static let everything = Fixtures.day("1970-01-01")...Fixtures.day("2999-12-31")

    // MARK: - Cases

    static let empty = Case("an empty store has no check-ins") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.checkins(on: everything).isEmpty)
        #expect(try await store.subject.checkins(on: range("2026-11-20", "2026-11-20")).isEmpty)
    }

    static let roundTrip = Case("a saved check-in comes back exactly through another handle") { factory in
        let store = try await factory.make()
        let plain = checkin("2026-11-19", 1, 5, 1)
        let named = checkin("2026-11-20", 5, 1, 5, contact: "Zoë \"Mam\" O'Brien — 👩‍👩‍👧 café\nsecond line")
        #expect(try await store.subject.save(named, replacing: false))
        #expect(try await store.subject.save(plain, replacing: false))

        let reopened = try await store.reopen()
        let stored = try await reopened.checkins(on: everything)
        #expect(stored == [plain, named])
        #expect(stored.first?.keyContact == nil)
        #expect(stored.last?.keyContact == "Zoë \"Mam\" O'Brien — 👩‍👩‍👧 café\nsecond line")
    }

    static let secondRefused = Case(
        "a second check-in for a day is refused without replacing and leaves the first"
    ) { factory in
        let store = try await factory.make()
        let first = checkin("2026-11-20", 3, 3, 3, contact: "Sam")
        #expect(try await store.subject.save(first, replacing: false))
        let second = checkin("2026-11-20", 1, 5, 1)
        #expect(try await store.subject.save(second, replacing: false) == false)
        #expect(try await store.reopen().save(second, replacing: false) == false, "refused through another handle too")

        #expect(try await store.reopen().checkins(on: everything) == [first])
    }

    static let replace = Case(
        "replacing swaps the day's check-in, keyContact included, and keeps the others"
    ) { factory in
        let store = try await factory.make()
        let before = checkin("2026-11-19", 2, 2, 2)
        let original = checkin("2026-11-20", 3, 3, 3, contact: "Sam")
        let after = checkin("2026-11-21", 4, 4, 4)
        for item in [after, original, before] { #expect(try await store.subject.save(item, replacing: false)) }

        let replacement = checkin("2026-11-20", 1, 5, 2)
        #expect(try await store.reopen().save(replacement, replacing: true))
        #expect(try await store.subject.checkins(on: everything) == [before, replacement, after])
        #expect(try await store.subject.checkins(on: range("2026-11-20", "2026-11-20")).first?.keyContact == nil)

        let named = checkin("2026-11-20", 1, 5, 2, contact: "Ana")
        #expect(try await store.subject.save(named, replacing: true))
        #expect(try await store.reopen().checkins(on: everything) == [before, named, after])
    }

    static let replaceWhenAbsent = Case("replacing on a day without a check-in simply saves it") { factory in
        let store = try await factory.make()
        let item = checkin("2026-11-20", 4, 2, 4)
        #expect(try await store.subject.save(item, replacing: true))
        #expect(try await store.reopen().checkins(on: everything) == [item])
    }

    static let withTier = Case(
        "check-ins with a tier from another source are the range's check-ins and that source's tier"
    ) { factory in
        let store = try await factory.make()
        let first = checkin("2026-11-20", 2, 4, 3), second = checkin("2026-11-21", 5, 1, 2, contact: "Ann")
        #expect(try await store.subject.save(first, replacing: false))
        #expect(try await store.subject.save(second, replacing: false))
        let reopened = try await store.reopen()
        for tier in Tier.allCases {
            let both = try await reopened.checkins(on: range("2026-11-01", "2026-11-21"), withTierFrom: FixedTierSource(tier))
            #expect(both.checkins == [first, second])
            #expect(both.tier == tier)
        }
        #expect(try await reopened.checkins(on: range("2026-11-22", "2026-11-30"),
                                            withTierFrom: FixedTierSource(.pro)).checkins.isEmpty)
    }

    static let rangeQuery = Case(
        "a range query includes both bounds, excludes the days around them, and is in day order"
    ) { factory in
        let store = try await factory.make()
        let days = ["2026-11-20", "2026-10-31", "2026-11-10", "2026-11-01", "2026-11-21", "2025-12-31",
                    "2026-01-01", "2026-11-02"]
        var saved: [String: Checkin] = [:]
        for (index, day) in days.enumerated() {
            let item = checkin(day, 1 + index % 5, 1 + (index + 2) % 5, 1 + (index + 4) % 5)
            saved[day] = item
            #expect(try await store.subject.save(item, replacing: false))
        }
        let reopened = try await store.reopen()
        let byDay = saved
        let on = { @Sendable (day: String) -> Checkin in
            guard let item = byDay[day] else { preconditionFailure("no check-in saved on \(day) in this case") }
            return item
        }

        #expect(try await reopened.checkins(on: range("2026-11-01", "2026-11-20"))
                == ["2026-11-01", "2026-11-02", "2026-11-10", "2026-11-20"].map(on))
        #expect(try await reopened.checkins(on: range("2026-11-20", "2026-11-20")) == [on("2026-11-20")])
        #expect(try await reopened.checkins(on: range("2026-11-03", "2026-11-09")).isEmpty)
        #expect(try await reopened.checkins(on: range("2025-12-31", "2026-01-01"))
                == [on("2025-12-31"), on("2026-01-01")], "across a year boundary")
        #expect(try await reopened.checkins(on: everything) == days.sorted().map(on))
    }

    static let scaleEnds = Case("ratings at both ends of the scale are kept") { factory in
        let store = try await factory.make()
        let low = checkin("2026-11-19", 1, 1, 1)
        let high = checkin("2026-11-20", 5, 5, 5, contact: String(repeating: "é", count: Checkin.maxKeyContactLength))
        #expect(try await store.subject.save(low, replacing: false))
        #expect(try await store.subject.save(high, replacing: false))
        #expect(try await store.reopen().checkins(on: everything) == [low, high])
    }

    static let concurrentSaves = Case("two handles saving the same day at once: exactly one wins") { factory in
        let store = try await factory.make()
        let other = try await store.reopen()
        let first = checkin("2026-11-20", 1, 1, 1, contact: "first")
        let second = checkin("2026-11-20", 5, 5, 5, contact: "second")
        async let a = store.subject.save(first, replacing: false)
        async let b = other.save(second, replacing: false)
        let results = try await [a, b]
        #expect(results.filter { $0 }.count == 1)
        let stored = try await store.reopen().checkins(on: everything)
        #expect(stored == [results[0] ? first : second])
    }
}
