import Foundation

/// Every supplement the person keeps, and whether the default stack was ever seeded: once it
/// was, deleting every supplement leaves the stack empty instead of seeding it again.
public struct SupplementStack: Sendable, Equatable {
    public private(set) var supplements: [Supplement]
    public private(set) var isSeeded: Bool

    public init(supplements: [Supplement] = [], isSeeded: Bool = false) {
        self.supplements = supplements.sorted(by: Supplement.displayOrder)
        self.isSeeded = isSeeded
    }

    /// A usual morning and evening stack with common dosages, named in English. Their ids are
    /// fixed, so every store seeds the same stack and output is reproducible.
    public static var defaults: [Supplement] { defaults(named: { _, english in english }) }

    /// The default stack with each name from `name`, given the name's localisation key
    /// (`supplement.default.<key>`) and its English name: a store is seeded in its person's
    /// language, and what is stored is what is shown and looked up.
    public static func defaults(named name: (LocalizedText, String) -> String) -> [Supplement] {
        let stack: [(key: String, name: String, time: Supplement.TimeOfDay, dosage: String)] = [
            ("vitaminD3", "Vitamin D3", .morning, "2000 IU"), ("omega3", "Omega-3 fish oil", .morning, "1000 mg EPA+DHA"),
            ("vitaminB12", "Vitamin B12", .morning, "250 µg"), ("creatine", "Creatine monohydrate", .morning, "5 g"),
            ("magnesium", "Magnesium glycinate", .evening, "300 mg"), ("zinc", "Zinc", .evening, "15 mg"),
        ]
        return stack.enumerated().map { index, entry in
            let id = UUID(uuidString: String(format: "%08d-5e1f-4000-8000-000000000000", index + 1))!
            let order = stack[..<index].filter { $0.time == entry.time }.count
            return Supplement(id: .init(id), name: name(LocalizedText("supplement.default.\(entry.key)"), entry.name),
                              timeOfDay: entry.time, dosage: entry.dosage, sortOrder: order)
        }
    }

    /// Seeds `defaults` the first time; never again.
    public mutating func seedIfNeeded(with defaults: [Supplement] = Self.defaults) {
        guard !isSeeded else { return }
        isSeeded = true
        supplements = (supplements + defaults).sorted(by: Supplement.displayOrder)
    }

    /// This stack, still marked seeded if `original` was: the marker is never cleared.
    public func keepingSeeded(from original: SupplementStack) -> SupplementStack {
        SupplementStack(supplements: supplements, isSeeded: isSeeded || original.isSeeded)
    }

    /// Finds one supplement by id (or an unambiguous id prefix of 4+ characters) or by name
    /// (case-insensitive), or throws an error listing the names.
    public func find(_ reference: String) throws(InvalidValue) -> Supplement {
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let byName = supplements.filter { $0.name.lowercased() == key }
        let byID = key.count >= 4 ? supplements.filter { $0.id.description.hasPrefix(key) } : []
        let matches = byName.isEmpty ? byID : byName
        guard matches.count == 1 else {
            let shortIDs = ShortIDs(of: supplements.map(\.id))
            throw InvalidValue(kind: matches.isEmpty ? .supplement : .ambiguousSupplement, value: reference,
                               valid: supplements.map { "\($0.name) (\(shortIDs.shortID($0.id)))" })
        }
        return matches[0]
    }

    /// Adds a supplement at the end of its time of day.
    public mutating func add(name: String, timeOfDay: Supplement.TimeOfDay, dosage: String) throws(SupplementError)
        -> Supplement
    {
        let name = try Self.validName(name)
        let dosage = try Self.validDosage(dosage)
        guard !supplements.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw .duplicateName(name)
        }
        let last = supplements.filter { $0.timeOfDay == timeOfDay }.map(\.sortOrder).max() ?? -1
        let supplement = Supplement(name: name, timeOfDay: timeOfDay,
                                    dosage: dosage, sortOrder: last + 1)
        supplements = (supplements + [supplement]).sorted(by: Supplement.displayOrder)
        return supplement
    }

    /// Changes a supplement's fields; a new time of day moves it to the end of that list.
    public mutating func edit(_ id: Supplement.ID, name: String? = nil, timeOfDay: Supplement.TimeOfDay? = nil,
                              dosage: String? = nil, isActive: Bool? = nil) throws(SupplementError) -> Supplement {
        guard let index = supplements.firstIndex(where: { $0.id == id }) else { throw .notFound(id) }
        var supplement = supplements[index]
        if let name {
            let valid = try Self.validName(name)
            guard !supplements.contains(where: { $0.id != id && $0.name.lowercased() == valid.lowercased() }) else {
                throw .duplicateName(valid)
            }
            supplement.name = valid
        }
        if let dosage { supplement.dosage = try Self.validDosage(dosage) }
        if let isActive { supplement.isActive = isActive }
        if let timeOfDay, timeOfDay != supplement.timeOfDay {
            supplement.timeOfDay = timeOfDay
            supplement.sortOrder = (supplements.filter { $0.timeOfDay == timeOfDay }.map(\.sortOrder).max() ?? -1) + 1
        }
        supplements[index] = supplement
        supplements.sort(by: Supplement.displayOrder)
        return supplement
    }

    /// Moves a supplement to `position` (0-based; messages count from 1) within its time of
    /// day, renumbering that list.
    public mutating func move(_ id: Supplement.ID, to position: Int) throws(SupplementError) {
        guard let moving = supplements.first(where: { $0.id == id }) else { throw .notFound(id) }
        var group = supplements.filter { $0.timeOfDay == moving.timeOfDay && $0.id != id }
        guard (0...group.count).contains(position) else { throw .invalidPosition(position, count: group.count + 1) }
        group.insert(moving, at: position)
        let renumbered = Dictionary(uniqueKeysWithValues: group.enumerated().map { ($1.id, $0) })
        supplements = supplements.map { supplement in
            var copy = supplement
            if let order = renumbered[supplement.id] { copy.sortOrder = order }
            return copy
        }.sorted(by: Supplement.displayOrder)
    }

    /// Deletes a supplement (its logs stay as history).
    public mutating func remove(_ id: Supplement.ID) throws(SupplementError) {
        guard supplements.contains(where: { $0.id == id }) else { throw .notFound(id) }
        supplements.removeAll { $0.id == id }
    }

    static func validName(_ name: String) throws(SupplementError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyName }
        guard trimmed.count <= 100 else { throw .nameTooLong(trimmed.count) }
        do { try PlainText.check(trimmed, .name) } catch { throw .controlCharacter(error) }
        return trimmed
    }

    static func validDosage(_ dosage: String) throws(SupplementError) -> String {
        let trimmed = dosage.trimmingCharacters(in: .whitespacesAndNewlines)
        do { try PlainText.check(trimmed, .dosage) } catch { throw .controlCharacter(error) }
        return trimmed
    }
}

/// Why a change to the supplement stack was refused.
public enum SupplementError: WellnessError, Equatable {
    case emptyName
    case nameTooLong(Int)
    case duplicateName(String)
    case notFound(Supplement.ID)
    case invalidPosition(Int, count: Int)
    /// A name or dosage with a control character.
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case emptyName
        case nameTooLong
        case duplicateName
        case notFound
        case invalidPosition
        case controlCharacter
    }

    public static let family = "supplement"

    public var code: Code {
        switch self {
        case .emptyName: .emptyName
        case .nameTooLong: .nameTooLong
        case .duplicateName: .duplicateName
        case .notFound: .notFound
        case .invalidPosition: .invalidPosition
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyName: []
        case .nameTooLong(let count): [.number(count)]
        case .duplicateName(let name): [.verbatim(name)]
        case .notFound(let id): [.verbatim(id.description)]
        case .invalidPosition(let position, let count): [.number(position + 1), .number(count)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}
