import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// AddSupplement, EditSupplement, MoveSupplement and RemoveSupplement.
@Suite("Manage supplements")
struct ManageSupplementsTests {
    static let defaults = SupplementStack.defaults.sorted(by: Supplement.displayOrder)

    static func names(_ world: TestWorld, _ time: Supplement.TimeOfDay) async -> [String] {
        await world.supplements.stack().supplements.filter { $0.timeOfDay == time }.map(\.name)
    }

    static func defaultNames(_ time: Supplement.TimeOfDay) -> [String] {
        defaults.filter { $0.timeOfDay == time }.map(\.name)
    }

    /// The id prefix (8 characters) of a default supplement.
    static func prefix(_ name: String) throws -> String {
        String(try #require(defaults.first { $0.name == name }).id.description.prefix(8))
    }

    // MARK: - Add

    @Test("adding on a new store seeds the defaults and puts the new one at the end of its time of day")
    func addSeedsFirst() async throws {
        let world = TestWorld()
        let added = try await world.addSupplement.execute(name: " Ashwagandha ", timeOfDay: .evening, dosage: "600 mg")
        #expect(added.name == "Ashwagandha")
        #expect(added.isActive)
        #expect(await Self.names(world, .evening) == Self.defaultNames(.evening) + ["Ashwagandha"])
        #expect(await Self.names(world, .morning) == Self.defaultNames(.morning))
        #expect(await world.supplements.stack().isSeeded)
        #expect(try await world.listSupplements.execute().last?.supplement == added)
    }

    @Test("a duplicate or blank name is refused and nothing is saved")
    func addRefused() async throws {
        let world = TestWorld()
        _ = try await world.listSupplements.execute()
        let before = await world.supplements.stack()
        await #expect(throws: SupplementError.duplicateName("ZINC")) {
            try await world.addSupplement.execute(name: "ZINC", timeOfDay: .morning, dosage: "1")
        }
        await #expect(throws: SupplementError.emptyName) {
            try await world.addSupplement.execute(name: "  ", timeOfDay: .morning, dosage: "1")
        }
        #expect(await world.supplements.stack() == before)
    }

    @Test("a refused change on a new store leaves it unseeded")
    func refusedLeavesUnseeded() async {
        let world = TestWorld()
        await #expect(throws: SupplementError.emptyName) {
            try await world.addSupplement.execute(name: "", timeOfDay: .morning, dosage: "1")
        }
        #expect(await world.supplements.stack() == SupplementStack())
    }

    // MARK: - Edit

    @Test("editing by name ignores case")
    func editByName() async throws {
        let world = TestWorld()
        let edited = try await world.editSupplement.execute("zINC", dosage: "25 mg")
        #expect(edited.name == "Zinc")
        #expect(edited.dosage == "25 mg")
        #expect(await world.supplements.stack().supplements.first { $0.name == "Zinc" } == edited)
    }

    @Test("editing by id prefix deactivates and renames")
    func editByIDPrefix() async throws {
        let world = TestWorld()
        let prefix = try Self.prefix("Magnesium glycinate")
        let edited = try await world.editSupplement.execute(prefix, name: "Magnesium", isActive: false)
        #expect(edited.name == "Magnesium")
        #expect(!edited.isActive)
        #expect(edited.id.description.hasPrefix(prefix))
        let stored = await world.supplements.stack().supplements
        #expect(stored.first { $0.id == edited.id } == edited)
        #expect(stored.count == Self.defaults.count)
    }

    @Test("a new time of day moves it to the end of the other list")
    func editTimeOfDay() async throws {
        let world = TestWorld()
        let edited = try await world.editSupplement.execute("Vitamin D3", timeOfDay: .evening)
        #expect(edited.timeOfDay == .evening)
        #expect(await Self.names(world, .evening) == Self.defaultNames(.evening) + ["Vitamin D3"])
        #expect(await Self.names(world, .morning) == Self.defaultNames(.morning).filter { $0 != "Vitamin D3" })
    }

    @Test("editing an unknown supplement is refused listing the names, nothing saved")
    func editUnknown() async throws {
        let world = TestWorld()
        _ = try await world.listSupplements.execute()
        let before = await world.supplements.stack()
        let error = try await #require(throws: InvalidValue.self) {
            try await world.editSupplement.execute("Iron", dosage: "1")
        }
        #expect(error.kind == .supplement)
        for name in Self.defaults.map(\.name) { #expect(error.valid.contains { $0.hasPrefix(name) }, "\(name)") }
        await #expect(throws: SupplementError.duplicateName("Zinc")) {
            try await world.editSupplement.execute("Vitamin D3", name: "Zinc")
        }
        #expect(await world.supplements.stack() == before)
    }

    // MARK: - Move

    @Test("moving reorders its own time of day only")
    func move() async throws {
        let world = TestWorld()
        let last = try #require(Self.defaultNames(.evening).last)
        let stack = try await world.moveSupplement.execute(last.lowercased(), to: 0)
        let evening = stack.supplements.filter { $0.timeOfDay == .evening }
        #expect(evening.first?.name == last)
        #expect(evening.map(\.sortOrder) == Array(0..<evening.count))
        #expect(stack.supplements.filter { $0.timeOfDay == .morning }
                == Self.defaults.filter { $0.timeOfDay == .morning })
        #expect(await world.supplements.stack() == stack)
    }

    @Test("a position outside the list is refused and nothing is saved")
    func moveBadPosition() async throws {
        let world = TestWorld()
        _ = try await world.listSupplements.execute()
        let before = await world.supplements.stack()
        let count = Self.defaultNames(.morning).count
        await #expect(throws: SupplementError.invalidPosition(count, count: count)) {
            try await world.moveSupplement.execute("Vitamin D3", to: count)
        }
        #expect(await world.supplements.stack() == before)
    }

    // MARK: - Remove

    @Test("removing by id prefix deletes it; its logs stay as history")
    func removeByIDPrefix() async throws {
        let world = TestWorld()
        let log = try await world.setSupplementTaken.execute("Zinc", taken: true)
        let removed = try await world.removeSupplement.execute(try Self.prefix("Zinc"))
        #expect(removed.name == "Zinc")
        #expect(await !world.supplements.stack().supplements.contains { $0.name == "Zinc" })
        #expect(await world.supplements.logs(on: log.day...log.day) == [log])
        #expect(try await world.listSupplements.execute().count == Self.defaults.count - 1)
    }

    @Test("an unknown or ambiguous reference is refused listing the names")
    func removeUnknown() async throws {
        let world = TestWorld()
        _ = try await world.listSupplements.execute()
        let before = await world.supplements.stack()
        let unknown = try await #require(throws: InvalidValue.self) { try await world.removeSupplement.execute("Iron") }
        #expect(unknown.kind == .supplement)
        #expect(english(unknown).contains("Zinc"))
        // Every default id starts with 0000, so the prefix names none of them alone.
        let ambiguous = try await #require(throws: InvalidValue.self) { try await world.removeSupplement.execute("0000") }
        #expect(ambiguous.kind == .ambiguousSupplement)
        #expect(ambiguous.valid.count == Self.defaults.count)
        #expect(await world.supplements.stack() == before)
    }
}
