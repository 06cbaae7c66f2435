import Foundation

/// The one textual and numeric form of instants used across stores and output: ISO 8601 in
/// UTC with milliseconds, and whole milliseconds since 1970, so every store keeps an instant
/// exactly.
public enum Timestamp {
    /// `2026-11-21T09:30:00.250Z` (milliseconds always present).
    public static func format(_ date: Date) -> String {
        let millis = milliseconds(date)
        let seconds = Date(timeIntervalSince1970: Double(millis.floorDiv(1000)))
        let fraction = millis.floorMod(1000)
        var text = seconds.formatted(Date.ISO8601FormatStyle())
        text.removeLast() // "Z"
        return text + String(format: ".%03dZ", fraction)
    }

    /// Parses an ISO 8601 date-time with `Z` or a `±hh:mm` offset and optional fraction.
    public static func parse(_ text: String) -> Date? {
        var whole = text
        var millis: Int64 = 0
        if let dot = text.firstIndex(of: ".") {
            let rest = text[text.index(after: dot)...]
            let digits = rest.prefix(while: \.isNumber)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII) else { return nil }
            let padded = (String(digits) + "000").prefix(3)
            millis = Int64(padded) ?? 0
            whole = String(text[..<dot]) + rest.dropFirst(digits.count)
        }
        guard let date = try? Date.ISO8601FormatStyle().parse(whole) else { return nil }
        return fromMilliseconds(milliseconds(date) + millis)
    }

    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant `millis` milliseconds after 1970-01-01T00:00:00Z.
    public static func fromMilliseconds(_ millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

private extension Int64 {
    func floorDiv(_ d: Int64) -> Int64 { (self - floorMod(d)) / d }
    func floorMod(_ d: Int64) -> Int64 { ((self % d) + d) % d }
}
