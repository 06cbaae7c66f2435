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

extension LocalizedText {
    /// The message of the rule of Wellness's own that refused a value: `error`'s when it is a
    /// ``WellnessError``, or the one a `DecodingError` carries as its underlying error (a type's
    /// validating `init(from:)`); `nil` for any other error. Adapters put it in their errors, so
    /// that a refused record reads as the rule's sentence in the person's language, never as a
    /// ``WellnessError/summary``.
    public static func rule(refusing error: any Error) -> LocalizedText? {
        switch error {
        case let error as any WellnessError:
            error.message
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            (context.underlyingError as? any WellnessError)?.message
        default:
            nil
        }
    }
}
