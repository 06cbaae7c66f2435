/// Writes RFC 4180 records: fields separated by commas, records ended by CRLF, a field quoted
/// (with `"` doubled) exactly when it contains a comma, a quote, CR or LF.
public enum CSVWriter {
    /// `fields` as one record, CRLF included.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted when it has to be.
    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        return quoted(text)
    }

    /// Text a person wrote (a note) as one field that no spreadsheet runs as a formula: guarded
    /// with ``guardingFormula(_:)`` and, when the guard changed it, always quoted.
    public static func guardedField(_ text: String) -> String {
        let guarded = guardingFormula(text)
        return guarded == text ? field(text) : quoted(guarded)
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

    /// `text` in quotes, every `"` in it doubled (also one that begins a character with
    /// combining marks, which a search for the character `"` would pass over).
    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [quote]
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let quote: UInt8 = 0x22

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
