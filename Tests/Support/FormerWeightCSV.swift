import Foundation
import WellnessDomain

/// The weight export's record as it was built before records were appended as bytes: one
/// `String` a field, the date through `LocalDay.description` and the zone asked twice, the
/// weight through string interpolation, quotes doubled by Foundation's search. The reference
/// the byte writers are checked against (it differs only where it wrote broken CSV: see
/// ``quoted(_:)``).
public enum FormerWeightCSV {
    /// One entry as a CSV record (CRLF included).
    public static func line(_ entry: WeightEntry, timeZone: TimeZone) -> String {
        let note = entry.note.map(guardedField) ?? ""
        return timestamp(entry.date, offsetIn: timeZone) + "," + "\(entry.kilograms)" + "," + note + "\r\n"
    }

    public static func timestamp(_ date: Date, offsetIn timeZone: TimeZone) -> String {
        var offset = timeZone.secondsFromGMT(for: date)
        if offset % 60 != 0 { offset = 0 }
        let local = CivilTime.local(date, in: offset == 0 ? TimeZone(secondsFromGMT: 0)! : timeZone)
        let day = local.day
        let msOfDay = local.millisecondOfDay
        let seconds = msOfDay / 1000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = day.description + "T" + two(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60)
        let fraction = msOfDay % 1000
        if fraction != 0 { text += "." + (fraction < 100 ? "0" : "") + two(fraction) }
        if offset == 0 { return text + "Z" }
        let magnitude = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + two(magnitude / 60) + ":" + two(magnitude % 60)
    }

    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        return quoted(text)
    }

    public static func guardedField(_ text: String) -> String {
        let guarded = CSVWriter.guardingFormula(text)
        return guarded == text ? field(text) : quoted(guarded)
    }

    /// Foundation compares characters, so a `"` that begins a character with combining marks
    /// (`"\u{301}`), or ends one after a prepended mark, was not doubled: a broken field.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether ``quoted(_:)`` doubles every quote of `text` (no quote shares a character
    /// with another scalar), so that the former record is the right one to compare with.
    public static func quotesAlone(_ text: String) -> Bool {
        !text.contains { $0 != "\"" && $0.unicodeScalars.contains("\"") }
    }
}
