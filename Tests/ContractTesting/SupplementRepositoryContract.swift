import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `SupplementRepository` adapter keeps: the stack comes back exactly with
/// its seeded marker (which is never cleared, so the defaults are seeded once), updates are
/// atomic and save nothing when they throw, and logs are one per supplement and day, by day range.
public enum SupplementRepositoryContract {
    typealias Case = ContractCase<any SupplementRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any SupplementRepository>] = [
        empty, stackRoundTrip, updateSeesStored, seedingOnce, seededMarkerStays, concurrentSeeding, concurrentAdditions,
        throwingUpdateSavesNothing, logUpsert, logsRange, logOfRemovedSupplement,
    ]

    static let day = Fixtures.day("2026-11-20")
    static let calendar = Fixtures.calendar()

    /// A stack that is not the defaults: fixed ids, an inactive one, gaps in the sort order.
    static let customStack: [Supplement] = [
        Supplement(id: .init(Fixtures.uuid("A0000000-0000-4000-8000-000000000001")), name: "Ashwagandha",
                   timeOfDay: .evening, dosage: "600 mg", isActive: true, sortOrder: 4),
        Supplement(id: .init(Fixtures.uuid("A0000000-0000-4000-8000-000000000002")), name: "Vitamin C",
                   timeOfDay: .morning, dosage: "500 mg", isActive: false, sortOrder: 0),
        Supplement(id: .init(Fixtures.uuid("A0000000-0000-4000-8000-000000000003")), name: "Iron \"bisglycinate\"",
                   timeOfDay: .morning, dosage: "", isActive: true, sortOrder: 2),
        Supplement(id: .init(Fixtures.uuid("A0000000-0000-4000-8000-000000000004")), name: "Melatonin ☾",
                   timeOfDay: .evening, dosage: "0.5 mg", isActive: true, sortOrder: 1),
    ]

    static func log(_ index: Int, _ day: LocalDay, taken: Bool = true, minute: Int = 0) -> SupplementLog {
        SupplementLog(day: day, supplementID: customStack[index].id, taken: taken,
                      timestamp: day.at(hour: 8, minute: minute, in: calendar).addingTimeInterval(0.125))
    }

    // MARK: - The stack

    static let empty = Case("an empty store has an empty, unseeded stack and no logs") { factory in
        let store = try await factory.make()
        let stack = try await store.subject.stack()
        #expect(stack == SupplementStack())
        #expect(stack.supplements.isEmpty)
        #expect(!stack.isSeeded)
        #expect(try await store.subject.logs(on: day.adding(days: -30)...day).isEmpty)
    }

    static let stackRoundTrip = Case("a stack comes back exactly, with its seeded marker") { factory in
        for seeded in [false, true] {
            let store = try await factory.make()
            let expected = SupplementStack(supplements: customStack, isSeeded: seeded)
            try await store.subject.update { stack in stack = expected }
            let loaded = try await store.reopen().stack()
            #expect(loaded == expected)
            #expect(loaded.isSeeded == seeded)
            #expect(loaded.supplements.map(\.name) == ["Vitamin C", "Iron \"bisglycinate\"", "Melatonin ☾", "Ashwagandha"])
            #expect(loaded.supplements.first { $0.name == "Vitamin C" }?.isActive == false)
        }
    }

    static let updateSeesStored = Case("the update sees the stored stack and returns the change's result") { factory in
        let store = try await factory.make()
        let expected = SupplementStack(supplements: customStack, isSeeded: true)
        try await store.subject.update { stack in stack = expected }
        let seen = try await store.reopen().update { stack in stack }
        #expect(seen == expected)
        let added = try await store.reopen().update { stack in
            try stack.add(name: "Collagen", timeOfDay: .morning, dosage: "10 g")
        }
        let loaded = try await store.reopen().stack()
        #expect(loaded.supplements.contains(added))
        #expect(loaded.supplements.count == customStack.count + 1)
        #expect(loaded.isSeeded)
    }

    static let seedingOnce = Case(
        "the defaults are seeded once: deleting every supplement leaves the store seeded and empty"
    ) { factory in
        let store = try await factory.make()
        try await store.subject.update { stack in stack.seedIfNeeded() }
        let seeded = try await store.reopen().stack()
        #expect(seeded.isSeeded)
        #expect(seeded.supplements == SupplementStack.defaults.sorted(by: Supplement.displayOrder))

        try await store.reopen().update { stack in
            for supplement in stack.supplements { try stack.remove(supplement.id) }
        }
        let emptied = try await store.reopen().stack()
        #expect(emptied.isSeeded)
        #expect(emptied.supplements.isEmpty)

        try await store.reopen().update { stack in stack.seedIfNeeded() }
        let again = try await store.reopen().stack()
        #expect(again == SupplementStack(supplements: [], isSeeded: true))
    }

    static let seededMarkerStays = Case("the seeded marker is never cleared") { factory in
        let store = try await factory.make()
        try await store.subject.update { $0.seedIfNeeded() }
        try await store.subject.update { $0 = SupplementStack(supplements: [], isSeeded: false) }
        #expect(try await store.reopen().stack() == SupplementStack(supplements: [], isSeeded: true))
    }

    static let throwingUpdateSavesNothing = Case("an update whose change throws saves nothing") { factory in
        let store = try await factory.make()
        let original = SupplementStack(supplements: customStack, isSeeded: false)
        try await store.subject.update { stack in stack = original }
        await #expect(throws: Refused.self) {
            try await store.subject.update { stack in
                stack.seedIfNeeded()
                _ = try stack.add(name: "Lost", timeOfDay: .evening, dosage: "")
                throw Refused()
            }
        }
        #expect(try await store.reopen().stack() == original)
    }
}
