import Foundation
import WellnessDomain

/// Why an import stopped; nothing was saved.
public enum WeightImportError: Error, Sendable, Equatable, LocalizedError {
    /// The file has no header line.
    case empty
    /// A bad row, a header that is not understood, or broken quoting.
    case invalid(CSVError)

    public var errorDescription: String? {
        switch self {
        case .empty: "the file is empty; expected a header line such as date,weight_kg,note"
        case .invalid(let error): error.description
        }
    }
}
