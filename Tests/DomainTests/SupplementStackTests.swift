import Foundation
import Testing
import WellnessDomain

@Suite("SupplementStack")
struct SupplementStackTests {
    /// A stack of three morning and two evening supplements with fixed ids.
    static func sample() -> SupplementStack {
        let entries: [(String, Supplement.TimeOfDay, Int)] = [
            ("Vitamin D3", .morning, 0), ("Omega-3", .morning, 1), ("Creatine", .morning, 2),
            ("Magnesium", .evening, 0), ("Zinc", .evening, 1),
        ]
        let supplements = entries.enumerated().map { index, entry in
            Supplement(id: .init(UUID(uuidString: "B000000\(index)-0000-4000-8000-000000000000")!), name: entry.0,
                       timeOfDay: entry.1, dosage: "1", sortOrder: entry.2)
        }
        return SupplementStack(supplements: supplements, isSeeded: true)
    }

    static func names(_ stack: SupplementStack, _ time: Supplement.TimeOfDay) -> [String] {
        stack.supplements.filter { $0.timeOfDay == time }.map(\.name)
    }

    static func orders(_ stack: SupplementStack, _ time: Supplement.TimeOfDay) -> [Int] {
        stack.supplements.filter { $0.timeOfDay == time }.map(\.sortOrder)
    }

    static func id(_ stack: SupplementStack, _ name: String) throws -> Supplement.ID {
        try #require(stack.supplements.first { $0.name == name }).id
    }

    // MARK: - Defaults and seeding

    @Test("the defaults are real supplements with usual dosages, morning and evening, all active")
    func defaults() {
        let defaults = SupplementStack.defaults
        #expect(defaults.count >= 4)
        #expect(defaults.contains { $0.timeOfDay == .morning })
        #expect(defaults.contains { $0.timeOfDay == .evening })
        let names = defaults.map(\.name)
        #expect(names.contains("Vitamin D3"))
        #expect(names.contains { $0.hasPrefix("Magnesium") })
        #expect(Set(names.map { $0.lowercased() }).count == names.count)
        for supplement in defaults {
            #expect(supplement.isActive, "\(supplement.name)")
            #expect(!supplement.dosage.isEmpty, "\(supplement.name)")
            #expect(supplement.dosage.contains { $0.isNumber }, "\(supplement.name): \(supplement.dosage)")
            #expect(supplement.name.count <= 100)
        }
        for time in Supplement.TimeOfDay.allCases {
            #expect(defaults.filter { $0.timeOfDay == time }.map(\.sortOrder).sorted()
                    == Array(0..<defaults.filter { $0.timeOfDay == time }.count), "\(time)")
        }
    }

    @Test("the default ids are fixed and unique")
    func defaultIDsFixed() {
        #expect(SupplementStack.defaults.map(\.id) == SupplementStack.defaults.map(\.id))
        #expect(SupplementStack.defaults == SupplementStack.defaults)
        #expect(Set(SupplementStack.defaults.map(\.id)).count == SupplementStack.defaults.count)
        #expect(SupplementStack.defaults.first?.id.description == "00000001-5e1f-4000-8000-000000000000")
    }

    @Test("a new stack is empty and not seeded")
    func newStack() {
        let stack = SupplementStack()
        #expect(stack.supplements.isEmpty)
        #expect(!stack.isSeeded)
    }

    @Test("seeding adds the defaults once, in display order")
    func seedOnce() {
        var stack = SupplementStack()
        stack.seedIfNeeded()
        #expect(stack.isSeeded)
        #expect(stack.supplements == SupplementStack.defaults.sorted(by: Supplement.displayOrder))
        let once = stack
        stack.seedIfNeeded()
        #expect(stack == once)
    }

    @Test("after every supplement was removed, seeding again adds nothing")
    func noReseedAfterRemovingAll() throws {
        var stack = SupplementStack()
        stack.seedIfNeeded()
        for supplement in stack.supplements { try stack.remove(supplement.id) }
        stack.seedIfNeeded()
        #expect(stack.supplements.isEmpty)
        #expect(stack.isSeeded)
    }

    @Test("seeding an unseeded stack keeps what it holds")
    func seedKeepsExisting() throws {
        var stack = SupplementStack()
        let own = try stack.add(name: "Iron", timeOfDay: .morning, dosage: "14 mg")
        stack.seedIfNeeded()
        #expect(stack.supplements.contains(own))
        #expect(stack.supplements.count == SupplementStack.defaults.count + 1)
    }

    @Test("display order: morning before evening, then sort order, then name")
    func displayOrder() {
        let stack = SupplementStack(supplements: [
            Supplement(name: "B", timeOfDay: .evening, dosage: "", sortOrder: 0),
            Supplement(name: "Z", timeOfDay: .morning, dosage: "", sortOrder: 1),
            Supplement(name: "A", timeOfDay: .evening, dosage: "", sortOrder: 0),
            Supplement(name: "Y", timeOfDay: .morning, dosage: "", sortOrder: 0),
        ])
        #expect(stack.supplements.map(\.name) == ["Y", "Z", "A", "B"])
    }

    // MARK: - Add

    @Test("adding puts the supplement at the end of its time of day, trimmed")
    func add() throws {
        var stack = Self.sample()
        let added = try stack.add(name: "  Ashwagandha ", timeOfDay: .evening, dosage: " 600 mg ")
        #expect(added.name == "Ashwagandha")
        #expect(added.dosage == "600 mg")
        #expect(added.isActive)
        #expect(added.sortOrder == 2)
        #expect(Self.names(stack, .evening) == ["Magnesium", "Zinc", "Ashwagandha"])
        #expect(Self.names(stack, .morning) == ["Vitamin D3", "Omega-3", "Creatine"])
        let first = try SupplementStack().adding("Iron", .morning)
        #expect(first.sortOrder == 0)
    }

    @Test("a blank name is refused", arguments: ["", "   ", "\n\t"])
    func addBlank(name: String) {
        var stack = Self.sample()
        #expect(throws: SupplementError.emptyName) { try stack.add(name: name, timeOfDay: .morning, dosage: "1") }
        #expect(stack == Self.sample())
    }

    @Test("a name used already, in any case, is refused", arguments: ["Zinc", "zinc", " ZINC "])
    func addDuplicate(name: String) {
        var stack = Self.sample()
        #expect(throws: SupplementError.duplicateName(name.trimmingCharacters(in: .whitespaces))) {
            try stack.add(name: name, timeOfDay: .morning, dosage: "1")
        }
        #expect(stack == Self.sample())
    }

    @Test("a name over 100 characters is refused; 100 is fine")
    func addTooLong() throws {
        var stack = Self.sample()
        #expect(throws: SupplementError.nameTooLong(101)) {
            try stack.add(name: String(repeating: "x", count: 101), timeOfDay: .morning, dosage: "1")
        }
        #expect(stack == Self.sample())
        _ = try stack.add(name: String(repeating: "x", count: 100), timeOfDay: .morning, dosage: "1")
    }

    // MARK: - Edit

    @Test("editing changes name, dosage and active, keeping its place")
    func edit() throws {
        var stack = Self.sample()
        let id = try Self.id(stack, "Omega-3")
        let edited = try stack.edit(id, name: " Fish oil ", dosage: " 2 g ", isActive: false)
        #expect(edited.name == "Fish oil")
        #expect(edited.dosage == "2 g")
        #expect(!edited.isActive)
        #expect(edited.sortOrder == 1)
        #expect(edited.id == id)
        #expect(Self.names(stack, .morning) == ["Vitamin D3", "Fish oil", "Creatine"])
        #expect(stack.supplements.first { $0.id == id } == edited)
    }

    @Test("renaming to its own name in another case is allowed")
    func renameSameCase() throws {
        var stack = Self.sample()
        let edited = try stack.edit(try Self.id(stack, "Zinc"), name: "ZINC")
        #expect(edited.name == "ZINC")
    }

    @Test("renaming to another supplement's name, or to blank, is refused and changes nothing")
    func renameRefused() throws {
        var stack = Self.sample()
        let id = try Self.id(stack, "Zinc")
        #expect(throws: SupplementError.duplicateName("magnesium")) { try stack.edit(id, name: "magnesium") }
        #expect(throws: SupplementError.emptyName) { try stack.edit(id, name: " ") }
        #expect(stack == Self.sample())
    }

    @Test("editing an unknown id is refused")
    func editUnknown() {
        var stack = Self.sample()
        let unknown = Supplement.ID()
        #expect(throws: SupplementError.notFound(unknown)) { try stack.edit(unknown, dosage: "1") }
        #expect(throws: SupplementError.notFound(unknown)) { try stack.move(unknown, to: 0) }
        #expect(throws: SupplementError.notFound(unknown)) { try stack.remove(unknown) }
        #expect(stack == Self.sample())
    }

    @Test("a new time of day moves the supplement to the end of that list")
    func editTimeOfDay() throws {
        var stack = Self.sample()
        let edited = try stack.edit(try Self.id(stack, "Vitamin D3"), timeOfDay: .evening)
        #expect(edited.timeOfDay == .evening)
        #expect(edited.sortOrder == 2)
        #expect(Self.names(stack, .evening) == ["Magnesium", "Zinc", "Vitamin D3"])
        #expect(Self.names(stack, .morning) == ["Omega-3", "Creatine"])
        // Moving it to an empty list puts it first.
        var single = SupplementStack(supplements: [Supplement(name: "Only", timeOfDay: .morning, dosage: "", sortOrder: 3)])
        let moved = try single.edit(try Self.id(single, "Only"), timeOfDay: .evening)
        #expect(moved.sortOrder == 0)
        // The same time of day keeps its place.
        let same = try stack.edit(try Self.id(stack, "Zinc"), timeOfDay: .evening)
        #expect(same.sortOrder == 1)
    }

    // MARK: - Move

    @Test("moving renumbers its own time of day only", arguments: [0, 1, 2])
    func move(position: Int) throws {
        var stack = Self.sample()
        try stack.move(try Self.id(stack, "Creatine"), to: position)
        var expected = ["Vitamin D3", "Omega-3"]
        expected.insert("Creatine", at: position)
        #expect(Self.names(stack, .morning) == expected)
        #expect(Self.orders(stack, .morning) == [0, 1, 2])
        #expect(Self.names(stack, .evening) == ["Magnesium", "Zinc"])
        #expect(Self.orders(stack, .evening) == [0, 1])
    }

    @Test("moving renumbers a list with gaps, leaving the other list's numbers alone")
    func moveRenumbersGaps() throws {
        var stack = SupplementStack(supplements: [
            Supplement(name: "A", timeOfDay: .morning, dosage: "", sortOrder: 5),
            Supplement(name: "B", timeOfDay: .morning, dosage: "", sortOrder: 9),
            Supplement(name: "E", timeOfDay: .evening, dosage: "", sortOrder: 7),
            Supplement(name: "F", timeOfDay: .evening, dosage: "", sortOrder: 12),
        ])
        try stack.move(try Self.id(stack, "B"), to: 0)
        #expect(Self.names(stack, .morning) == ["B", "A"])
        #expect(Self.orders(stack, .morning) == [0, 1])
        #expect(Self.orders(stack, .evening) == [7, 12])
    }

    @Test("a position outside the list is refused and changes nothing", arguments: [-1, 3, 10])
    func moveBadPosition(position: Int) throws {
        var stack = Self.sample()
        let id = try Self.id(stack, "Creatine")
        #expect(throws: SupplementError.invalidPosition(position, count: 3)) { try stack.move(id, to: position) }
        #expect(stack == Self.sample())
        #expect(SupplementError.invalidPosition(position, count: 3).details == [.number(position + 1), .number(3)],
                "positions are shown from 1")
    }

    // MARK: - Remove

    @Test("removing deletes only that supplement")
    func remove() throws {
        var stack = Self.sample()
        try stack.remove(try Self.id(stack, "Omega-3"))
        #expect(Self.names(stack, .morning) == ["Vitamin D3", "Creatine"])
        #expect(stack.supplements.count == 4)
        #expect(stack.isSeeded)
    }

    // MARK: - Find

    @Test("finds by name ignoring case and blanks", arguments: ["Zinc", "zinc", " ZINC\n"])
    func findByName(reference: String) throws {
        #expect(try Self.sample().find(reference).name == "Zinc")
    }

    @Test("finds by full id or by an unambiguous id prefix of at least 4 characters")
    func findByID() throws {
        let stack = Self.sample()
        let zinc = try Self.id(stack, "Zinc")
        #expect(try stack.find(zinc.description).id == zinc)
        #expect(try stack.find(zinc.description.uppercased()).id == zinc)
        #expect(try stack.find("b0000004").id == zinc)
        #expect(try stack.find("B0000004-00").id == zinc)
    }

    @Test("a prefix shared by several ids is ambiguous, and the error lists the names")
    func findAmbiguous() throws {
        let stack = Self.sample()
        let error = try #require(throws: InvalidValue.self) { try stack.find("b000") }
        #expect(error.kind == .ambiguousSupplement)
        #expect(error.value == "b000")
        #expect(error.valid.count == 5)
        for name in ["Vitamin D3", "Omega-3", "Creatine", "Magnesium", "Zinc"] {
            #expect(error.valid.contains { $0.hasPrefix(name) }, "\(name)")
            #expect(error.summary.contains(name))
        }
    }

    @Test("an unknown reference is refused listing every name", arguments: ["Iron", "b00", "b0", "", "c0000000"])
    func findUnknown(reference: String) throws {
        let stack = Self.sample()
        let error = try #require(throws: InvalidValue.self) { try stack.find(reference) }
        #expect(error.kind == .supplement)
        #expect(error.value == reference)
        #expect(error.valid == stack.supplements.map { "\($0.name) (\($0.id.description.prefix(8)))" })
    }

    @Test("a name wins over an id prefix")
    func nameBeatsID() throws {
        var stack = Self.sample()
        let named = try stack.add(name: "b0000004", timeOfDay: .morning, dosage: "")
        #expect(try stack.find("b0000004") == named)
    }

    @Test("time of day parses case-insensitively and refuses others listing both")
    func timeOfDayParse() throws {
        #expect(try Supplement.TimeOfDay.parse("Morning") == .morning)
        #expect(try Supplement.TimeOfDay.parse("EVENING") == .evening)
        #expect(throws: InvalidValue(kind: .timeOfDay, value: "noon", valid: ["morning", "evening"])) {
            try Supplement.TimeOfDay.parse("noon")
        }
        #expect(Supplement.TimeOfDay.morning.name.key == "supplement.time.morning")
        #expect(Supplement.TimeOfDay.evening.name.key == "supplement.time.evening")
    }
}

private extension SupplementStack {
    /// `add` on a copy, for a quick check.
    func adding(_ name: String, _ time: Supplement.TimeOfDay) throws -> Supplement {
        var copy = self
        return try copy.add(name: name, timeOfDay: time, dosage: "")
    }
}
