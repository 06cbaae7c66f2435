import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `SupplementRepository` adapter keeps.
@Suite("SupplementRepository contract")
struct SupplementRepositoryContractTests {
    let day = Fixtures.day("2026-11-20")
    let calendar = Fixtures.calendar()

    struct Refused: Error, Equatable {}

    /// A stack that is not the defaults: fixed ids, an inactive one, gaps in the sort order.
    static let customStack: [Supplement] = [
        Supplement(id: .init(UUID(uuidString: "A0000000-0000-4000-8000-000000000001")!), name: "Ashwagandha",
                   timeOfDay: .evening, dosage: "600 mg", isActive: true, sortOrder: 4),
        Supplement(id: .init(UUID(uuidString: "A0000000-0000-4000-8000-000000000002")!), name: "Vitamin C",
                   timeOfDay: .morning, dosage: "500 mg", isActive: false, sortOrder: 0),
        Supplement(id: .init(UUID(uuidString: "A0000000-0000-4000-8000-000000000003")!), name: "Iron \"bisglycinate\"",
                   timeOfDay: .morning, dosage: "", isActive: true, sortOrder: 2),
        Supplement(id: .init(UUID(uuidString: "A0000000-0000-4000-8000-000000000004")!), name: "Melatonin ☾",
                   timeOfDay: .evening, dosage: "0.5 mg", isActive: true, sortOrder: 1),
    ]

    func log(_ index: Int, _ day: LocalDay, taken: Bool = true, minute: Int = 0) -> SupplementLog {
        SupplementLog(day: day, supplementID: Self.customStack[index].id, taken: taken,
                      timestamp: day.at(hour: 8, minute: minute, in: calendar).addingTimeInterval(0.125))
    }

    @Test("an empty store has an empty, unseeded stack and no logs", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let stack = try await store.supplements.stack()
        #expect(stack == SupplementStack())
        #expect(stack.supplements.isEmpty)
        #expect(!stack.isSeeded)
        #expect(try await store.supplements.logs(on: day.adding(days: -30)...day).isEmpty)
    }

    @Test("a stack comes back exactly, with its seeded marker", arguments: AdapterKind.allCases)
    func stackRoundTrip(kind: AdapterKind) async throws {
        for seeded in [false, true] {
            let store = try kind.makeStore()
            let expected = SupplementStack(supplements: Self.customStack, isSeeded: seeded)
            try await store.supplements.update { stack in stack = expected }
            let loaded = try await kind.reopen(store).supplements.stack()
            #expect(loaded == expected)
            #expect(loaded.isSeeded == seeded)
            #expect(loaded.supplements.map(\.name) == ["Vitamin C", "Iron \"bisglycinate\"", "Melatonin ☾", "Ashwagandha"])
            #expect(loaded.supplements.first { $0.name == "Vitamin C" }?.isActive == false)
        }
    }

    @Test("the update sees the stored stack and returns the change's result", arguments: AdapterKind.allCases)
    func updateSeesStored(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let expected = SupplementStack(supplements: Self.customStack, isSeeded: true)
        try await store.supplements.update { stack in stack = expected }
        let seen = try await kind.reopen(store).supplements.update { stack in stack }
        #expect(seen == expected)
        let added = try await kind.reopen(store).supplements.update { stack in
            try stack.add(name: "Collagen", timeOfDay: .morning, dosage: "10 g")
        }
        let loaded = try await kind.reopen(store).supplements.stack()
        #expect(loaded.supplements.contains(added))
        #expect(loaded.supplements.count == Self.customStack.count + 1)
        #expect(loaded.isSeeded)
    }

    @Test("the defaults are seeded once: deleting every supplement leaves the store seeded and empty",
          arguments: AdapterKind.allCases)
    func seedingOnce(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.supplements.update { stack in stack.seedIfNeeded() }
        let seeded = try await kind.reopen(store).supplements.stack()
        #expect(seeded.isSeeded)
        #expect(seeded.supplements == SupplementStack.defaults.sorted(by: Supplement.displayOrder))

        try await kind.reopen(store).supplements.update { stack in
            for supplement in stack.supplements { try stack.remove(supplement.id) }
        }
        let emptied = try await kind.reopen(store).supplements.stack()
        #expect(emptied.isSeeded)
        #expect(emptied.supplements.isEmpty)

        try await kind.reopen(store).supplements.update { stack in stack.seedIfNeeded() }
        let again = try await kind.reopen(store).supplements.stack()
        #expect(again == SupplementStack(supplements: [], isSeeded: true))
    }

    @Test("seeding at once from two handles adds the defaults once", arguments: AdapterKind.allCases)
    func concurrentSeeding(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let handles = try (0..<4).map { _ in try kind.reopen(store).supplements }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for supplements in handles {
                group.addTask { try await supplements.update { stack in stack.seedIfNeeded() } }
            }
            try await group.waitForAll()
        }
        let stack = try await kind.reopen(store).supplements.stack()
        #expect(stack.isSeeded)
        #expect(stack.supplements == SupplementStack.defaults.sorted(by: Supplement.displayOrder))
    }

    @Test("concurrent additions from separate handles all land", arguments: AdapterKind.allCases)
    func concurrentAdditions(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let names = (1...8).map { "Supplement \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names {
                let supplements = try kind.reopen(store).supplements
                group.addTask {
                    _ = try await supplements.update { stack in
                        try stack.add(name: name, timeOfDay: .morning, dosage: "1 tablet")
                    }
                }
            }
            try await group.waitForAll()
        }
        let stack = try await kind.reopen(store).supplements.stack()
        #expect(Set(stack.supplements.map(\.name)) == Set(names))
        #expect(stack.supplements.map(\.sortOrder) == Array(0..<names.count))
    }

    @Test("an update whose change throws saves nothing", arguments: AdapterKind.allCases)
    func throwingUpdateSavesNothing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let original = SupplementStack(supplements: Self.customStack, isSeeded: false)
        try await store.supplements.update { stack in stack = original }
        await #expect(throws: Refused.self) {
            try await store.supplements.update { stack in
                stack.seedIfNeeded()
                _ = try stack.add(name: "Lost", timeOfDay: .evening, dosage: "")
                throw Refused()
            }
        }
        #expect(try await kind.reopen(store).supplements.stack() == original)
    }

    @Test("one log per supplement and day: a later save replaces it", arguments: AdapterKind.allCases)
    func logUpsert(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = log(0, day, taken: true, minute: 1)
        let other = log(1, day, taken: true, minute: 2)
        let yesterday = log(0, day.adding(days: -1), taken: true, minute: 3)
        for entry in [first, other, yesterday] { try await store.supplements.save(entry) }
        let replacement = log(0, day, taken: false, minute: 30)
        try await kind.reopen(store).supplements.save(replacement)

        let reopened = try kind.reopen(store).supplements
        let today = try await reopened.logs(on: day...day)
        #expect(today.count == 2)
        #expect(today.first { $0.supplementID == Self.customStack[0].id } == replacement)
        #expect(today.first { $0.supplementID == Self.customStack[1].id } == other)
        #expect(try await reopened.logs(on: day.adding(days: -1)...day.adding(days: -1)) == [yesterday])

        let again = log(0, day, taken: true, minute: 45)
        try await reopened.save(again)
        #expect(try await store.supplements.logs(on: day...day).first { $0.supplementID == Self.customStack[0].id } == again)
        #expect(try await store.supplements.logs(on: day...day).count == 2)
    }

    @Test("logs come back exactly, only in the range, by day", arguments: AdapterKind.allCases)
    func logsRange(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let offsets = [2, -1, 0, -7, -3, 1, -6]
        let logs = offsets.enumerated().map { index, offset in
            log(index % Self.customStack.count, day.adding(days: offset), taken: index % 3 != 0, minute: index)
        }
        for entry in logs { try await store.supplements.save(entry) }
        // Two on one day, so the order within a day does not decide the test.
        let sameDay = log(3, day, taken: true, minute: 59)
        try await store.supplements.save(sameDay)

        let range = day.adding(days: -6)...day.adding(days: 1)
        let loaded = try await kind.reopen(store).supplements.logs(on: range)
        let expected = (logs + [sameDay]).filter { range.contains($0.day) }
        #expect(loaded.count == expected.count)
        #expect(Set(loaded.map { "\($0.day)|\($0.supplementID)|\($0.taken)|\(Timestamp.format($0.timestamp))" })
                == Set(expected.map { "\($0.day)|\($0.supplementID)|\($0.taken)|\(Timestamp.format($0.timestamp))" }))
        for entry in expected { #expect(loaded.contains(entry), "\(entry)") }
        #expect(loaded.map(\.day) == loaded.map(\.day).sorted())
        #expect(!loaded.contains { $0.day == day.adding(days: -7) || $0.day == day.adding(days: 2) })
    }

    @Test("a log's day and timestamp survive as given, even for a supplement no longer in the stack",
          arguments: AdapterKind.allCases)
    func logOfRemovedSupplement(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let orphan = SupplementLog(day: day, supplementID: .init(), taken: true,
                                   timestamp: Fixtures.instant("2026-11-20T23:59:59.999Z"))
        try await store.supplements.save(orphan)
        #expect(try await kind.reopen(store).supplements.logs(on: day...day) == [orphan])
        #expect(try await kind.reopen(store).supplements.stack() == SupplementStack())
    }
}
