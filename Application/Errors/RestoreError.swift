import WellnessDomain

/// Why a restore or a move between stores did not happen. Nothing was written.
public enum RestoreError: WellnessError, Hashable {
    /// The store (its location) holds data (what, e.g. `12 weights, 3 goals`); a restore that
    /// replaces it must say so.
    case notEmpty(location: String, holds: String)
    /// The store (its location) cannot be replaced in one step, only restored into while empty.
    case notReplaceable(location: String)
    /// A move to the store kind it is already on (the kind).
    case sameStore(String)
    /// A move into memory, which keeps nothing once the command ends.
    case memoryTarget
    /// The store moved to (its location) does not read back what was written: the first line
    /// of the archives that differs.
    case notIdentical(location: String, line: Int)
    /// A store restored into (its location) reads back another number of records of a
    /// collection than were written to it.
    case notReadBack(location: String, collection: String, written: Int, read: Int)

    public enum Code: String, CaseIterable, Sendable {
        case notEmpty, notReplaceable, sameStore, memoryTarget, notIdentical, notReadBack
    }

    public static let family = "restore"

    public var code: Code {
        switch self {
        case .notEmpty: .notEmpty
        case .notReplaceable: .notReplaceable
        case .sameStore: .sameStore
        case .memoryTarget: .memoryTarget
        case .notIdentical: .notIdentical
        case .notReadBack: .notReadBack
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notEmpty(let location, let holds): [.verbatim(location), .verbatim(holds)]
        case .notReplaceable(let location): [.verbatim(location)]
        case .sameStore(let kind): [.verbatim(kind)]
        case .memoryTarget: []
        case .notIdentical(let location, let line): [.verbatim(location), .number(line)]
        case .notReadBack(let location, let collection, let written, let read):
            [.verbatim(location), .verbatim(collection), .number(written), .number(read)]
        }
    }
}

extension StoreContents {
    /// What the store holds, in a few words: `12 weights, 3 goals, settings`.
    public var summary: String {
        var parts = counts.nonEmpty.map { "\($0.count) \($0.collection.rawValue)" }
        if !settings.isUnused { parts.append("settings") }
        return parts.joined(separator: ", ")
    }
}
