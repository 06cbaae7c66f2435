/// A user-facing text as a localisation key plus its arguments.
///
/// Domain and Application only produce these; presentation (the CLI, an app) resolves them
/// against its own string tables, so rules never depend on a language.
public struct LocalizedText: Sendable, Hashable, Codable {
    /// One argument of a format string.
    public enum Argument: Sendable, Hashable, Codable {
        /// A nested key, resolved in the same language (e.g. a module's display name).
        case text(LocalizedText)
        /// A whole number, for `%d`.
        case number(Int)
        /// Verbatim text (a name the user typed).
        case verbatim(String)
    }

    public let key: String
    public let arguments: [Argument]

    public init(_ key: String, _ arguments: [Argument] = []) {
        self.key = key
        self.arguments = arguments
    }
}
