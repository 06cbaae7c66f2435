import WellnessDomain

/// Which storage adapters the container uses.
public enum StoreKind: String, Sendable, CaseIterable {
    /// `wellness.sqlite` in the data directory (the default).
    case sqlite
    /// One JSON file per collection in the data directory.
    case json
    /// Nothing on disk: gone when the process ends.
    case memory

    /// Parses `sqlite|json|memory`, or throws an error naming the value and the valid ones.
    public static func parse(_ text: String) throws(InvalidValue) -> StoreKind {
        guard let kind = StoreKind(rawValue: text.lowercased()) else {
            throw InvalidValue(kind: .store, value: text, valid: allCases.map(\.rawValue))
        }
        return kind
    }
}
