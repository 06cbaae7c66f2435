import WellnessDomain

/// Why the demo refused to run.
public enum WellnessDemoError: WellnessError, Equatable {
    /// The store (named by its location) already holds data; the demo fills an empty store only.
    case storeNotEmpty(String)

    public enum Code: String, CaseIterable, Sendable {
        case storeNotEmpty
    }

    public static let family = "demo"

    public var code: Code {
        switch self {
        case .storeNotEmpty: .storeNotEmpty
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .storeNotEmpty(let location): [.verbatim(location)]
        }
    }
}
