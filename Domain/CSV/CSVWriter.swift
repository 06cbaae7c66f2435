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
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text that a spreadsheet would run as a formula made inert (OWASP "CSV injection"): a
    /// leading `=`, `+`, `-`, `@`, tab, CR or LF gets a `'` in front. So that the change can
    /// be undone exactly (see ``removingFormulaGuard(_:)``), text that already starts with `'`
    /// gets one too.
    public static func guardingFormula(_ text: String) -> String {
        guard let first = text.utf8.first, formulaTriggers.contains(first) || first == apostrophe else { return text }
        return "'" + text
    }

    /// Undoes ``guardingFormula(_:)``: drops one leading `'`.
    public static func removingFormulaGuard(_ text: String) -> String {
        text.utf8.first == apostrophe ? String(text.dropFirst()) : text
    }

    private static let apostrophe: UInt8 = 0x27
    private static let formulaTriggers: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D, 0x0A]
}
