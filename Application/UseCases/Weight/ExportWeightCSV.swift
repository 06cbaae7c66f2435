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

    /// The file's header line, without its line break.
    public static let header = "date,weight_kg,note"

    /// A use case on `weights`, writing dates with their UTC offset in `time`'s time zone.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// Streams the file to `write` in chunks of about `chunkSize` bytes; returns the number of
    /// entries written.
    @discardableResult
    public func execute(chunkSize: Int = 1 << 16, write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Int {
        let output = ChunkedOutput(chunkSize: chunkSize, state: UTCOffsets(time.calendar.timeZone), write: write)
        try output.append { _, bytes in bytes.append(contentsOf: CSVWriter.record(Self.header.components(separatedBy: ",")).utf8) }
        try await weights.forEachEntry { entry in
            try output.append { offsets, bytes in Self.append(entry, utcOffset: offsets.seconds(at: entry.date), to: &bytes) }
        }
        return try output.finish()
    }

    /// One entry as a CSV record (CRLF included).
    public static func line(_ entry: WeightEntry, timeZone: TimeZone) -> String {
        var bytes: [UInt8] = []
        append(entry, utcOffset: timeZone.secondsFromGMT(for: entry.date), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``line(_:timeZone:)`` of `entry` to `bytes`, given the time zone's offset from
    /// UTC at the entry's date.
    static func append(_ entry: WeightEntry, utcOffset: Int, to bytes: inout [UInt8]) {
        Timestamp.append(entry.date, utcOffset: utcOffset, to: &bytes)
        bytes.append(0x2C) // ,
        CSVWriter.appendNumber(entry.kilograms, to: &bytes)
        bytes.append(0x2C)
        if let note = entry.note { CSVWriter.appendGuardedField(note, to: &bytes) }
        bytes.append(0x0D) // CR LF
        bytes.append(0x0A)
    }
}
