/// Writes RFC 4180 records: fields separated by commas, records ended by CRLF, a field quoted
/// (with `"` doubled) exactly when it contains a comma, a quote, CR or LF.
///
/// Fields are written as text or, the same bytes, appended as UTF-8 to a buffer: the second
/// writes many records (an export) without building a `String` for each.
public enum CSVWriter {
    /// `fields` as one record, CRLF included.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted when it has to be.
    public static func field(_ text: String) -> String {
        guard needsQuotes(text) else { return text }
        return quoted(text)
    }

    /// Appends ``field(_:)`` of `text` to `bytes`.
    public static func appendField(_ text: String, to bytes: inout [UInt8]) {
        guard needsQuotes(text) else { return bytes.append(contentsOf: text.utf8) }
        appendQuoted(text, to: &bytes)
    }

    /// Text a person wrote (a note) as one field that no spreadsheet runs as a formula: guarded
    /// with ``guardingFormula(_:)`` and, when the guard changed it, always quoted.
    public static func guardedField(_ text: String) -> String {
        needsFormulaGuard(text) ? quoted(guardingFormula(text)) : field(text)
    }

    /// Appends ``guardedField(_:)`` of `text` to `bytes`.
    public static func appendGuardedField(_ text: String, to bytes: inout [UInt8]) {
        guard needsFormulaGuard(text) else { return appendField(text, to: &bytes) }
        appendQuoted(guardingFormula(text), to: &bytes)
    }

    /// Appends `value` as Swift writes it (`"\(value)"`: the fewest digits that read back as
    /// the same number, `72.0`, `70.123456789`, `1e-05`), without building a `String` for a
    /// number of whole hundredths from 0.01 on (most weights).
    public static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        let hundredths = (value * 100).rounded()
        // `hundredths / 100` is then the nearest number to the decimal: that decimal, of at
        // most 13 digits, is the shortest text of `value` (no two such decimals share a number).
        guard value >= 0.01, value < 1e11, hundredths / 100 == value else {
            return bytes.append(contentsOf: value.description.utf8)
        }
        let whole = Int(hundredths)
        let fraction = whole % 100
        var text = ASCIIBytes()
        text.appendDigits(whole / 100, width: 1)
        text.append(0x2E) // .
        if fraction % 10 == 0 {
            text.appendDigits(fraction / 10, width: 1)
        } else {
            text.appendDigits(fraction, width: 2)
        }
        text.append(to: &bytes)
    }

    /// Text that a spreadsheet would run as a formula made inert (OWASP "CSV injection").
    ///
    /// Spreadsheets split a CSV line on `,` or, in most European locales, on `;`, whatever
    /// the file meant; so every place where a cell could begin counts: the start of the text
    /// and the place right after each `,` and `;` in it. Such a place gets a `'` in front when
    /// what follows, after any leading white space, starts with a formula trigger: `=`, `+`,
    /// `-`, `@`, tab, CR or LF, or their full-width forms `＝`, `＋`, `－`, `＠`. So that the change
    /// can be undone exactly (see ``removingFormulaGuard(_:)``), a place that already starts with
    /// `'` gets one too.
    public static func guardingFormula(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var changed = false
        while true {
            // `index` is where a cell could begin.
            if needsGuard(scalars[index...]) {
                result.append(apostrophe)
                changed = true
            }
            guard let separator = scalars[index...].firstIndex(where: isSeparator) else {
                result.append(contentsOf: scalars[index...])
                break
            }
            let next = scalars.index(after: separator)
            result.append(contentsOf: scalars[index..<next])
            index = next
        }
        return changed ? String(result) : text
    }

    /// Undoes ``guardingFormula(_:)``: drops one `'` at the start of the text and right after
    /// each `,` and `;`.
    public static func removingFormulaGuard(_ text: String) -> String {
        // Most notes hold no apostrophe, and then there is nothing to remove: no copy is made.
        guard text.utf8.contains(0x27) else { return text }
        var result = String.UnicodeScalarView()
        var changed = false
        var atCellStart = true
        for scalar in text.unicodeScalars {
            if atCellStart, scalar == apostrophe {
                changed = true
            } else {
                result.append(scalar)
            }
            atCellStart = isSeparator(scalar)
        }
        return changed ? String(result) : text
    }

    private static func needsQuotes(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x2C || $0 == quote || $0 == 0x0D || $0 == 0x0A }
    }

    /// `text` in quotes, every `"` in it doubled (also one that begins a character with
    /// combining marks, which a search for the character `"` would pass over).
    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(quote)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
    }

    private static let quote: UInt8 = 0x22

    /// Whether ``guardingFormula(_:)`` changes `text`: some place where a cell could begin
    /// starts with `'`, or with a formula trigger after any white space.
    private static func needsFormulaGuard(_ text: String) -> Bool {
        var atCellStart = true
        var inLeadingSpace = false
        for scalar in text.unicodeScalars {
            if atCellStart {
                if scalar == apostrophe { return true }
                atCellStart = false
                inLeadingSpace = true
            }
            if inLeadingSpace {
                if formulaTriggers.contains(scalar) { return true }
                inLeadingSpace = scalar.properties.isWhitespace
            }
            if isSeparator(scalar) { atCellStart = true }
        }
        return false
    }

    /// Whether a cell that begins with `cell` needs a `'`: it starts with one, or with a
    /// formula trigger after any white space.
    private static func needsGuard(_ cell: Substring.UnicodeScalarView) -> Bool {
        if cell.first == apostrophe { return true }
        for scalar in cell {
            if formulaTriggers.contains(scalar) { return true }
            if !scalar.properties.isWhitespace { return false }
        }
        return false
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "," || scalar == ";" }

    private static let apostrophe: Unicode.Scalar = "'"
    private static let formulaTriggers: Set<Unicode.Scalar> = [
        "=", "+", "-", "@", "\t", "\r", "\n", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}",
    ]
}
