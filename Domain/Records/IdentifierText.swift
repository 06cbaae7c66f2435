import Foundation

/// The rule for an identifier a record holds as text (an intervention's, a nudge's, an
/// exercise's): not empty, and without control characters (``PlainText``, a NUL included), so
/// every store keeps it exactly and a restore refuses what the CLI could never have written.
public enum IdentifierText {
    public static func check(_ text: String) throws(RecordRejection) {
        guard !text.isEmpty else { throw RecordRejection("an empty identifier") }
        try RecordRejection.checking { try PlainText.check(text, .identifier) }
    }
}
