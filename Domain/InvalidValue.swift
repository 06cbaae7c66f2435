import Foundation

/// A value a person typed that is not one of the values this field accepts.
public struct InvalidValue: Error, Sendable, Equatable, LocalizedError {
    /// What was being parsed, e.g. `module` or `nudge id`.
    public let kind: String
    /// The text that was given.
    public let value: String
    /// What would have been accepted (values or forms).
    public let valid: [String]

    public init(kind: String, value: String, valid: [String]) {
        self.kind = kind
        self.value = value
        self.valid = valid
    }

    public var errorDescription: String? {
        "unknown \(kind) '\(value)'; valid: \(valid.joined(separator: ", "))"
    }
}
