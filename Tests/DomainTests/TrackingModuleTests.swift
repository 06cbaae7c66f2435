import Foundation
import Testing
import WellnessDomain

@Suite("TrackingModule")
struct TrackingModuleTests {
    @Test("the seven modules in declaration order")
    func allModules() {
        #expect(TrackingModule.allCases.map(\.rawValue)
                == ["medications", "walks", "socialization", "training", "feeding", "documents", "milestones"])
    }

    @Test("a new user starts with medications, walks, feeding and documents")
    func defaults() {
        #expect(TrackingModule.defaultEnabled == [.medications, .walks, .feeding, .documents])
    }

    @Test("socialization, milestones and training are puppy-specific, none of them a default")
    func puppySpecific() {
        #expect(TrackingModule.puppySpecific == [.socialization, .milestones, .training])
        #expect(TrackingModule.puppySpecific.isDisjoint(with: TrackingModule.defaultEnabled))
    }

    @Test("the SF Symbol name is kept as data", arguments: [
        (TrackingModule.medications, "pills"),
        (.walks, "figure.walk"),
        (.socialization, "person.3"),
        (.training, "graduationcap"),
        (.feeding, "fork.knife"),
        (.documents, "doc.text"),
        (.milestones, "star"),
    ])
    func systemImage(module: TrackingModule, symbol: String) {
        #expect(module.systemImage == symbol)
    }

    @Test("every module has its own symbol")
    func symbolsDistinct() {
        #expect(Set(TrackingModule.allCases.map(\.systemImage)).count == TrackingModule.allCases.count)
    }

    @Test("name and description are localisation keys", arguments: TrackingModule.allCases)
    func keys(module: TrackingModule) {
        #expect(module.name == LocalizedText("module.\(module.rawValue)"))
        #expect(module.summary == LocalizedText("module.\(module.rawValue).desc"))
        #expect(module.id == module.rawValue)
    }

    @Test("parses every raw value", arguments: TrackingModule.allCases)
    func parsesRawValue(module: TrackingModule) throws {
        #expect(try TrackingModule.parse(module.rawValue) == module)
    }

    @Test("parsing ignores surrounding spaces and case")
    func parsingIsLenient() throws {
        #expect(try TrackingModule.parse(" Walks ") == .walks)
        #expect(try TrackingModule.parse("MEDICATIONS") == .medications)
    }

    @Test("an unknown module is refused with the valid modules listed", arguments: ["grooming", "", "walk", "walks,feeding"])
    func unknownModule(text: String) {
        let valid = ["medications", "walks", "socialization", "training", "feeding", "documents", "milestones"]
        #expect(throws: InvalidValue(kind: .module, value: text, valid: valid)) {
            try TrackingModule.parse(text)
        }
    }

    @Test("the parse error message names the value and every valid module")
    func errorMessage() throws {
        let error = try #require(#expect(throws: InvalidValue.self) { try TrackingModule.parse("grooming") })
        #expect(error.code == .module)
        #expect(error.details == [.verbatim("grooming"), .verbatim(TrackingModule.allCases.map(\.rawValue).joined(separator: ", "))])
    }

    @Test("encodes as its raw value")
    func codable() throws {
        let data = try JSONEncoder().encode([TrackingModule.walks, .milestones])
        #expect(String(decoding: data, as: UTF8.self) == #"["walks","milestones"]"#)
        #expect(try JSONDecoder().decode([TrackingModule].self, from: data) == [.walks, .milestones])
    }
}
