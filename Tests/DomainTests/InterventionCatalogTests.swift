import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("InterventionCatalog")
struct InterventionCatalogTests {
    static let first = #"{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary"}"#

    func decode(_ json: String) throws(CatalogError) -> InterventionCatalog {
        try InterventionCatalog.decode(Data(json.utf8), source: "custom.json")
    }

    @Test("a valid file decodes every field, in file order")
    func valid() throws {
        let catalog = try decode("""
            [
              {"id": "hydration_morning", "title": "Water on waking", "description": "A glass of water",
               "sections": ["morning"], "trackingType": "counter", "roi": "medium"},
              {"id": "exercise_timing", "title": "Exercise", "sections": ["morning", "evening"],
               "trackingType": "timer", "roi": "high"},
              {"id": "walk", "title": "Walk", "description": null, "sections": ["afternoon"],
               "trackingType": "binary", "roi": null, "healthHint": "exercise"},
              {"id": "vitamins", "title": "Vitamins", "sections": ["anytime"], "trackingType": "checklist",
               "healthHint": null}
            ]
            """)
        #expect(catalog.items == [
            Intervention(id: "hydration_morning", title: "Water on waking", description: "A glass of water",
                         sections: [.morning], trackingType: .counter, roi: .medium),
            Intervention(id: "exercise_timing", title: "Exercise", sections: [.morning, .evening],
                         trackingType: .timer, roi: .high),
            Intervention(id: "walk", title: "Walk", sections: [.afternoon], trackingType: .binary,
                         healthHint: .exercise),
            Intervention(id: "vitamins", title: "Vitamins", sections: [.anytime], trackingType: .checklist),
        ])
        #expect(catalog.items[2].healthHint == .exercise)
        #expect(catalog.items[0].healthHint == .water)
        #expect(catalog.items[3].isAnytime)
    }

    @Test("every value of every list is accepted",
          arguments: TimeOfDaySection.allCases, TrackingType.allCases)
    func everyValue(section: TimeOfDaySection, type: TrackingType) throws {
        let catalog = try decode("""
            [{"id": "x", "title": "X", "sections": ["\(section.rawValue)"], "trackingType": "\(type.rawValue)",
              "roi": "low", "healthHint": "mindfulness"}]
            """)
        #expect(catalog.items.first?.sections == [section])
        #expect(catalog.items.first?.trackingType == type)
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        /// The second entry of the file (the first is valid).
        let entry: String
        let id: String?
        let field: String?
        /// Fragments the reason must contain.
        let reason: [String]
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "missing id", entry: #"{"title": "B", "sections": ["morning"], "trackingType": "binary"}"#,
                  id: nil, field: "id", reason: ["missing"]),
        Malformed(name: "missing title", entry: #"{"id": "b", "sections": ["morning"], "trackingType": "binary"}"#,
                  id: "b", field: "title", reason: ["missing"]),
        Malformed(name: "missing sections", entry: #"{"id": "b", "title": "B", "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["missing"]),
        Malformed(name: "missing trackingType", entry: #"{"id": "b", "title": "B", "sections": ["morning"]}"#,
                  id: "b", field: "trackingType", reason: ["missing"]),
        Malformed(name: "null title",
                  entry: #"{"id": "b", "title": null, "sections": ["morning"], "trackingType": "binary"}"#,
                  id: "b", field: "title", reason: ["missing"]),
        Malformed(name: "empty title",
                  entry: #"{"id": "b", "title": "  ", "sections": ["morning"], "trackingType": "binary"}"#,
                  id: "b", field: "title", reason: ["empty"]),
        Malformed(name: "unknown trackingType",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": "daily"}"#,
                  id: "b", field: "trackingType",
                  reason: ["\"daily\"", "binary, counter, timer, checklist, appointment, automatic"]),
        Malformed(name: "unknown section",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning", "night"], "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["\"night\"", "morning, afternoon, evening, preBed, anytime"]),
        Malformed(name: "section in the wrong case",
                  entry: #"{"id": "b", "title": "B", "sections": ["Morning"], "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["\"Morning\""]),
        Malformed(name: "unknown roi",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": "binary", "roi": "huge"}"#,
                  id: "b", field: "roi", reason: ["\"huge\"", "low, medium, high"]),
        Malformed(name: "unknown healthHint",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": "binary", "healthHint": "steps"}"#,
                  id: "b", field: "healthHint", reason: ["\"steps\"", "exercise, water, mindfulness, sleep"]),
        Malformed(name: "id not a string",
                  entry: #"{"id": 5, "title": "B", "sections": ["morning"], "trackingType": "binary"}"#,
                  id: nil, field: "id", reason: ["expected a string"]),
        Malformed(name: "title not a string",
                  entry: #"{"id": "b", "title": 5, "sections": ["morning"], "trackingType": "binary"}"#,
                  id: "b", field: "title", reason: ["expected a string"]),
        Malformed(name: "description not a string",
                  entry: #"{"id": "b", "title": "B", "description": ["x"], "sections": ["morning"], "trackingType": "binary"}"#,
                  id: "b", field: "description", reason: ["expected a string"]),
        Malformed(name: "sections not an array",
                  entry: #"{"id": "b", "title": "B", "sections": "morning", "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["array"]),
        Malformed(name: "sections with a number",
                  entry: #"{"id": "b", "title": "B", "sections": [1], "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["string"]),
        Malformed(name: "empty sections",
                  entry: #"{"id": "b", "title": "B", "sections": [], "trackingType": "binary"}"#,
                  id: "b", field: "sections", reason: ["non-empty"]),
        Malformed(name: "trackingType not a string",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": 1}"#,
                  id: "b", field: "trackingType", reason: ["expected a string"]),
        Malformed(name: "roi not a string",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": "binary", "roi": true}"#,
                  id: "b", field: "roi", reason: ["expected a string"]),
        Malformed(name: "healthHint not a string",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "trackingType": "binary", "healthHint": ["water"]}"#,
                  id: "b", field: "healthHint", reason: ["expected a string"]),
        Malformed(name: "unknown (misspelt) field",
                  entry: #"{"id": "b", "title": "B", "sections": ["morning"], "tracking_type": "binary"}"#,
                  id: "b", field: "tracking_type", reason: ["unknown field", "trackingType"]),
        Malformed(name: "duplicate id", entry: first, id: "a", field: "id", reason: ["duplicate"]),
        Malformed(name: "entry not an object", entry: #""b""#, id: nil, field: nil, reason: ["expected an object"]),
    ]

    @Test("a malformed entry is refused, naming the entry, id and field", arguments: malformed)
    func refused(bad: Malformed) throws {
        let error = try #require(throws: CatalogError.self) {
            try decode("[\(Self.first), \(bad.entry)]")
        }
        #expect(error.source == "custom.json")
        #expect(error.entry == 2)
        #expect(error.id == bad.id)
        #expect(error.field == bad.field)
        for fragment in bad.reason {
            #expect(english(error.problem).contains(fragment), "\(english(error.problem)) lacks \(fragment)")
        }
        let message = english(error)
        #expect(message.hasPrefix("catalog custom.json: entry 2"))
        if let id = bad.id { #expect(message.contains("(id \"\(id)\")")) }
        if let field = bad.field { #expect(message.contains("field \"\(field)\"")) }
        #expect(message.hasSuffix(english(error.problem)))
    }

    @Test("the errors of the file as a whole name no entry", arguments: [
        ("{\"id\": \"a\"}", "expected a JSON array"),
        ("[]", "the catalog is empty"),
        ("[{\"id\": ", "not valid JSON"),
        ("", "not valid JSON"),
        ("not json", "not valid JSON"),
    ])
    func fileErrors(json: String, reason: String) throws {
        let error = try #require(throws: CatalogError.self) { try decode(json) }
        #expect(error.entry == nil)
        #expect(error.field == nil)
        #expect(english(error.problem).contains(reason))
        let message = english(error)
        #expect(message.hasPrefix("catalog custom.json: "))
        #expect(message.contains(reason))
    }

    @Test("a top-level fragment is refused without an entry", arguments: ["\"text\"", "42", "null"])
    func fragment(json: String) throws {
        let error = try #require(throws: CatalogError.self) { try decode(json) }
        #expect(error.entry == nil)
    }

    @Test("building a catalog refuses a duplicate id, naming the later entry")
    func duplicateInit() {
        let item = DomainFixtures.intervention("a")
        #expect(throws: CatalogError(source: "catalog", entry: 3, id: "a", field: "id", problem: .duplicateID)) {
            try InterventionCatalog(items: [item, DomainFixtures.intervention("b"), item])
        }
    }

    @Test("require finds an id or lists the catalog's ids")
    func require() throws {
        let catalog = try InterventionCatalog(items: DomainFixtures.catalog)
        #expect(try catalog.require("checkup").title == "Check-up")
        #expect(catalog.item("nope") == nil)
        let error = try #require(throws: InvalidValue.self) { try catalog.require("nope") }
        #expect(error == InvalidValue(kind: .intervention, value: "nope",
                                      valid: DomainFixtures.catalog.map(\.id.rawValue)))
        #expect(error.details.last == .verbatim(DomainFixtures.catalog.map(\.id.rawValue).joined(separator: ", ")))
    }
}
