import Foundation

/// The interventions a person can do, in catalog order (which is also card order).
public struct InterventionCatalog: Sendable, Equatable {
    public let items: [Intervention]

    /// A catalog of `items`; ids must be unique.
    public init(items: [Intervention]) throws(CatalogError) {
        var seen = Set<Intervention.ID>()
        for (index, item) in items.enumerated() where !seen.insert(item.id).inserted {
            throw CatalogError(source: "catalog", entry: index + 1, id: item.id.rawValue, field: "id",
                               problem: .duplicateID)
        }
        self.items = items
    }

    public func item(_ id: Intervention.ID) -> Intervention? {
        items.first { $0.id == id }
    }

    /// Looks up an id, or throws an error naming it and listing the catalog's ids.
    public func require(_ id: Intervention.ID) throws(InvalidValue) -> Intervention {
        guard let item = item(id) else {
            throw InvalidValue(kind: .intervention, value: id.rawValue, valid: items.map(\.id.rawValue))
        }
        return item
    }
}

extension InterventionCatalog {
    static let fields: Set<String> = ["id", "title", "description", "sections", "trackingType", "roi", "healthHint"]

    /// Parses a catalog file: a JSON array of objects with `id`, `title`, `description`?,
    /// `sections`, `trackingType`, `roi`?, `healthHint`?. Anything else — a missing or
    /// misspelt field, a value outside its list — is refused, naming the entry and field.
    public static func decode(_ data: Data, source: String) throws(CatalogError) -> InterventionCatalog {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CatalogError(source: source, problem: .notJSON(error.localizedDescription))
        }
        guard let entries = json as? [Any] else {
            throw CatalogError(source: source, problem: .notAnArray)
        }
        guard !entries.isEmpty else { throw CatalogError(source: source, problem: .empty) }
        var items: [Intervention] = []
        for (offset, entry) in entries.enumerated() {
            items.append(try parse(entry, number: offset + 1, source: source))
        }
        do {
            return try InterventionCatalog(items: items)
        } catch {
            throw CatalogError(source: source, entry: error.entry, id: error.id, field: error.field, problem: error.problem)
        }
    }

    private static func parse(_ entry: Any, number: Int, source: String) throws(CatalogError) -> Intervention {
        guard let object = entry as? [String: Any] else {
            throw CatalogError(source: source, entry: number, problem: .notAnObject)
        }
        let id = object["id"] as? String
        func fail(_ field: String, _ problem: CatalogProblem) -> CatalogError {
            CatalogError(source: source, entry: number, id: id, field: field, problem: problem)
        }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw fail(unknown, .unknownField(known: fields.sorted()))
        }
        func text(_ field: String, required: Bool) throws(CatalogError) -> String? {
            guard let value = object[field], !(value is NSNull) else {
                if required { throw fail(field, .missing) }
                return nil
            }
            guard let string = value as? String else { throw fail(field, .notAString) }
            guard !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw fail(field, .emptyValue) }
            return string
        }
        func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ raw: String?, as: T.Type) throws(CatalogError) -> T?
            where T.RawValue == String
        {
            guard let raw else { return nil }
            guard let value = T(rawValue: raw) else {
                throw fail(field, .unknownValue(raw, valid: T.allCases.map(\.rawValue)))
            }
            return value
        }
        let identifier = try text("id", required: true)!
        let title = try text("title", required: true)!
        let description = try text("description", required: false)
        guard let rawSections = object["sections"] else { throw fail("sections", .missing) }
        guard let sectionNames = rawSections as? [Any], !sectionNames.isEmpty else {
            throw fail("sections", .sectionsNotAList(valid: TimeOfDaySection.allCases.map(\.rawValue)))
        }
        var sections: [TimeOfDaySection] = []
        for name in sectionNames {
            guard let name = name as? String else { throw fail("sections", .sectionNotAString) }
            sections.append(try choice("sections", name, as: TimeOfDaySection.self)!)
        }
        guard let trackingType = try choice("trackingType", try text("trackingType", required: true),
                                            as: TrackingType.self) else { throw fail("trackingType", .missing) }
        let roi = try choice("roi", try text("roi", required: false), as: ReturnOnInvestment.self)
        let hint = try choice("healthHint", try text("healthHint", required: false), as: HealthHintType.self)
        return Intervention(id: Intervention.ID(identifier), title: title, description: description,
                            sections: sections, trackingType: trackingType, roi: roi, healthHint: hint)
    }
}
