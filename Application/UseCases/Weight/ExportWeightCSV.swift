import Foundation
import WellnessDomain

/// Writes every weigh-in as CSV in Wellness's own format, oldest first:
/// `date,weight_kg,note` with the local date-time and its UTC offset
/// (`2024-03-05T08:30:00+01:00`, milliseconds when there are any), the weight in kilograms
/// with `.` decimals and every digit needed to read back the same number, and the note quoted
/// when needed (RFC 4180) and guarded against spreadsheet formulas (see
/// ``CSVWriter/guardingFormula(_:)``). Importing the file again adds nothing; importing it
/// into another store gives back the same dates, weights and notes.
public struct ExportWeightCSV: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    public static let header = "date,weight_kg,note"

    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// Streams the file to `write` in chunks of about `chunkSize` bytes; returns the number of
    /// entries written.
    @discardableResult
    public func execute(chunkSize: Int = 1 << 16, write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Int {
        let output = ChunkedOutput(chunkSize: chunkSize, write: write)
        let timeZone = time.calendar.timeZone
        try output.append(CSVWriter.record(Self.header.components(separatedBy: ",")))
        try await weights.forEachEntry { entry in
            try output.append(Self.line(entry, timeZone: timeZone))
        }
        return try output.finish()
    }

    /// One entry as a CSV record (CRLF included).
    public static func line(_ entry: WeightEntry, timeZone: TimeZone) -> String {
        let note = entry.note.map(CSVWriter.guardedField) ?? ""
        return Timestamp.format(entry.date, offsetIn: timeZone) + "," + "\(entry.kilograms)" + "," + note + "\r\n"
    }
}
