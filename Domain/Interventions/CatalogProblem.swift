/// What is wrong with a catalog file, an entry of it, or one of its fields.
public enum CatalogProblem: WellnessError, Hashable {
    /// The file is not JSON (the parser's reason).
    case notJSON(String)
    case notAnArray
    case empty
    case notAnObject
    /// A field the catalog does not know (a misspelling); lists the known ones.
    case unknownField(known: [String])
    case missing
    case notAString
    case emptyValue
    /// A value outside the field's list; lists the valid ones.
    case unknownValue(String, valid: [String])
    /// `sections` is not a non-empty array; lists the section names.
    case sectionsNotAList(valid: [String])
    case sectionNotAString
    case duplicateID
    /// A resource that should ship with Wellness is not in its bundle.
    case resourceMissing(String)
    /// The file could not be read (the system's reason).
    case unreadable(String)
    /// The exercise library shipped with Wellness does not decode (the decoder's reason).
    case invalidExerciseLibrary(String)

    public enum Code: String, CaseIterable, Sendable {
        case notJSON, notAnArray, empty, notAnObject, unknownField, missing, notAString, emptyValue, unknownValue
        case sectionsNotAList, sectionNotAString, duplicateID, resourceMissing, unreadable, invalidExerciseLibrary
    }

    public static let family = "catalogProblem"

    public var code: Code {
        switch self {
        case .notJSON: .notJSON
        case .notAnArray: .notAnArray
        case .empty: .empty
        case .notAnObject: .notAnObject
        case .unknownField: .unknownField
        case .missing: .missing
        case .notAString: .notAString
        case .emptyValue: .emptyValue
        case .unknownValue: .unknownValue
        case .sectionsNotAList: .sectionsNotAList
        case .sectionNotAString: .sectionNotAString
        case .duplicateID: .duplicateID
        case .resourceMissing: .resourceMissing
        case .unreadable: .unreadable
        case .invalidExerciseLibrary: .invalidExerciseLibrary
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notJSON(let reason), .resourceMissing(let reason), .unreadable(let reason),
             .invalidExerciseLibrary(let reason):
            [.verbatim(reason)]
        case .unknownField(let known), .sectionsNotAList(let known): [.verbatim(known.joined(separator: ", "))]
        case .unknownValue(let value, let valid): [.verbatim(value), .verbatim(valid.joined(separator: ", "))]
        case .notAnArray, .empty, .notAnObject, .missing, .notAString, .emptyValue, .sectionNotAString, .duplicateID: []
        }
    }
}
