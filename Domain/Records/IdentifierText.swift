import Foundation

/// The rule for an identifier a record holds as text (an intervention's, a nudge's, an
/// exercise's): not empty, and without any control character (a NUL, and unlike ``PlainText``
/// also tab and line breaks), so every store keeps it exactly and a restore refuses what the CLI
/// could never have written.
public enum IdentifierText {
    /// Refuses an empty `text`, or one with a control character (`ControlCharacterError` of the
    /// field `identifier`, as the rejection's cause).
    public static func check(_ text: String) throws(RecordRejection) {
        guard !text.isEmpty else { throw RecordRejection("an empty identifier") }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw RecordRejection(ControlCharacterError(field: .identifier, character: control))
        }
    }
}
