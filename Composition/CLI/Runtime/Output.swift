import Foundation
import WellnessComposition

/// JSON for `--json`: sorted keys, days as `YYYY-MM-DD`, instants as ISO 8601.
enum JSONOutput {
    static func print(_ value: some Encodable, to output: CLIOutput) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        output.write(escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n")
    }

    /// JSON escapes C0 controls itself; DEL and the C1 controls (which some terminals obey) it
    /// writes raw. They can only stand inside strings, where `\u00XX` means the same: the data
    /// stays exact and nothing reaches the terminal.
    static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result += "\\u00" + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Rows as columns aligned on their widest cell; the last column is not padded.
enum TableOutput {
    static func print(header: [String], rows: [[String]], to output: CLIOutput) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            output.write(line + "\n")
        }
    }
}

/// A local wall-clock time, `YYYY-MM-DD HH:MM`, in the person's time zone.
enum LocalTime {
    static func format(_ date: Date?, calendar: Calendar, never: String) -> String {
        guard let date else { return never }
        let local = CivilTime.local(date, in: calendar.timeZone)
        return "\(local.day) " + String(format: "%02d:%02d", local.hour, local.minute)
    }
}
