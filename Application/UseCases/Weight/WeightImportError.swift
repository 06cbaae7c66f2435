import Foundation
import WellnessDomain

/// Why an import stopped; nothing was saved.
public enum WeightImportError: WellnessError, Equatable {
    /// The file has no header line.
    case empty
    /// A bad row, a header that is not understood, or broken quoting.
    case invalid(CSVError)

    public enum Code: String, CaseIterable, Sendable {
        case empty
        case invalid
    }

    public static let family = "weightImport"

    public var code: Code {
        switch self {
        case .empty: .empty
        case .invalid: .invalid
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .empty: []
        case .invalid(let error): [.text(error.message)]
        }
    }
}
