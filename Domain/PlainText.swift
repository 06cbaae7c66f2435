/// The one rule for text a person types — notes, names, titles, a key contact: any character
/// but a control character.
///
/// Tab and line breaks (LF, or CR right before LF) are text. Every other C0 control
/// (U+0000–U+001F, a CR on its own included), DEL (U+007F) and the C1 controls
/// (U+0080–U+009F) are not: stored, they would later reach a terminal, where ESC starts an
/// escape sequence, BEL rings and a lone CR overwrites the line, or a spreadsheet. Every
/// validating initialiser and use case that takes such text refuses them with a
/// ``ControlCharacterError`` naming the field, so the CLI, CSV import and the server API share
/// the rule; what is printed to a terminal is made safe with the same definition.
public enum PlainText {
    /// Whether `scalar` is a control character that text a person types may not hold.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// The first control character in `text` (see ``isControl(_:)``) that is not the CR of a
    /// CRLF line break, or `nil`.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        // Every control is ASCII or a two-byte sequence starting C2: a fast check first.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let pending = previous, scalar != "\n" { return pending }
            previous = nil
            if scalar == "\r" {
                previous = scalar
            } else if isControl(scalar) {
                return scalar
            }
        }
        return previous
    }

    /// Refuses `text` (when given) if it holds a control character, naming `field`.
    public static func check(_ text: String?, _ field: ControlCharacterError.Field) throws(ControlCharacterError) {
        guard let text, let scalar = firstControlCharacter(in: text) else { return }
        throw ControlCharacterError(field: field, character: scalar)
    }

    /// `U+001B`: a character as people can read it whatever it is.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` safe to print on a terminal: each control character that
    /// ``firstControlCharacter(in:)`` would find replaced by a visible stand-in — `␛` for ESC,
    /// `␇` for BEL, `␍` for a lone CR, the Unicode control pictures for C0 and DEL, `�` for C1 —
    /// so nothing is hidden and the terminal runs nothing. Text that passes the rule prints
    /// unchanged.
    public static func visible(_ text: String) -> String {
        guard firstControlCharacter(in: text) != nil else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let lineBreak = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            guard isControl(scalar), !lineBreak else {
                result.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: result.append("\u{2421}")
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }
}

/// Text a person typed that holds a control character (see ``PlainText``): the field, and the
/// character as `U+XXXX`.
public struct ControlCharacterError: WellnessError, Hashable {
    /// The kind of text that was refused.
    public enum Field: String, CaseIterable, Sendable {
        case note, notes, name, title, description, dosage, keyContact
        /// A health sample's source (the app or device) and its category (a workout's activity, a sleep stage).
        case source, category
        /// A stored identifier that is text (an intervention's, a nudge's, an exercise's).
        case identifier
        /// What a dog is fed (a planned meal's food).
        case food
    }

    public let field: Field
    public let character: Unicode.Scalar

    public init(field: Field, character: Unicode.Scalar) {
        self.field = field
        self.character = character
    }

    public typealias Code = Field

    public static let family = "controlCharacter"

    public var code: Field { field }

    public var details: [LocalizedText.Argument] { [.verbatim(PlainText.codePoint(character))] }
}
