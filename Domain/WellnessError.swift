/// An error of Wellness's own, as a value: a stable ``code`` for what went wrong and the
/// ``details`` a message about it shows. It carries no words: presentation (the composition
/// root's string tables, an app's own) turns ``message`` into text in the person's language.
///
/// Every case maps to one `Code`, so the codes are a complete list of what can go wrong; a
/// test renders each of them in every language.
public protocol WellnessError: Error, Sendable {
    associatedtype Code: RawRepresentable, CaseIterable, Sendable where Code.RawValue == String

    /// The family of the error, e.g. `drift`: the middle of its message key.
    static var family: String { get }

    /// What went wrong.
    var code: Code { get }

    /// The values the message shows, in the order its text uses them.
    var details: [LocalizedText.Argument] { get }
}

extension WellnessError {
    /// The key `error.<family>.<code>` with ``WellnessError/details`` as its arguments.
    public var message: LocalizedText {
        LocalizedText("error.\(Self.family).\(code.rawValue)", details)
    }

    /// The message key of a code of this family.
    public static func key(_ code: Code) -> String { "error.\(family).\(code.rawValue)" }

    /// The error for developers and logs, in no language: `family.code(detail, …)`, e.g.
    /// `checkin.outOfRange(energy, 7)`.
    public var summary: String {
        "\(Self.family).\(code.rawValue)(" + details.map(Self.summary).joined(separator: ", ") + ")"
    }

    private static func summary(_ argument: LocalizedText.Argument) -> String {
        switch argument {
        case .text(let text): text.key
        case .number(let number): String(number)
        case .verbatim(let text): text
        }
    }
}
