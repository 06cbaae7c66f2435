import Foundation

/// A problem with what the person typed or set that the parser cannot see.
enum CLIError: Error, LocalizedError {
    case invalidValue(source: String, value: String, expected: String)

    var errorDescription: String? {
        switch self {
        case let .invalidValue(source, value, expected):
            "invalid \(source) '\(value)': expected \(expected)"
        }
    }
}
