import Foundation

/// A problem with what the person typed or set that the parser cannot see.
enum CLIError: Error, LocalizedError {
    case invalidValue(source: String, value: String, expected: String)
    /// `deck swipe` was run without a terminal to draw on.
    case notATerminal

    var errorDescription: String? {
        switch self {
        case let .invalidValue(source, value, expected):
            "invalid \(source) '\(value)': expected \(expected)"
        case .notATerminal:
            "'deck swipe' needs an interactive terminal; use 'wellness deck done|skip <id> --day YYYY-MM-DD' instead"
        }
    }
}
