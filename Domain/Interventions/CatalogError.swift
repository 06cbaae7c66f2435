/// Why a catalog was refused: which file, entry (1-based) and field, and what is wrong.
public struct CatalogError: WellnessError, Equatable {
    public let source: String
    public let entry: Int?
    public let id: String?
    public let field: String?
    public let problem: CatalogProblem

    public init(source: String, entry: Int? = nil, id: String? = nil, field: String? = nil, problem: CatalogProblem) {
        self.source = source
        self.entry = entry
        self.id = id
        self.field = field
        self.problem = problem
    }

    /// Where in the file: the file as a whole, or an entry with its id and field when known.
    public enum Code: String, CaseIterable, Sendable {
        case file, entry, entryWithID, field, fieldWithID
    }

    public static let family = "catalog"

    public var code: Code {
        switch (entry, id, field) {
        case (nil, _, _): .file
        case (_?, nil, nil): .entry
        case (_?, _?, nil): .entryWithID
        case (_?, nil, _?): .field
        case (_?, _?, _?): .fieldWithID
        }
    }

    public var details: [LocalizedText.Argument] {
        [.verbatim(source)] + (entry.map { [.number($0)] } ?? []) + (id.map { [.verbatim($0)] } ?? [])
            + (field.map { [.verbatim($0)] } ?? []) + [.text(problem.message)]
    }
}
