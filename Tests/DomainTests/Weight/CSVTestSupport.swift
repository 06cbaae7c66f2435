import Foundation
import WellnessDomain
import WellnessTestSupport

/// What a ``CSVReader`` made of an input: the records it called back with (each copied out of
/// the callback), the delimiter it settled on, and the error it stopped with, if any.
struct CSVOutcome: Equatable, CustomStringConvertible {
    struct Record: Equatable {
        let line: Int
        /// Each field as text, `nil` when it is not valid UTF-8.
        let strings: [String?]
        /// Each field's bytes as written (without the surrounding quotes).
        let raw: [[UInt8]]
        let escaped: [Bool]
    }

    var records: [Record] = []
    var delimiter: CSVReader.Delimiter?
    var error: CSVError?
    var recordCount = 0
    /// Bytes handed to the reader (not part of equality: after an error it depends on where
    /// the chunks ended).
    var bytesRead = 0

    static func == (lhs: CSVOutcome, rhs: CSVOutcome) -> Bool {
        lhs.records == rhs.records && lhs.delimiter == rhs.delimiter && lhs.error == rhs.error
            && lhs.recordCount == rhs.recordCount
    }

    /// The fields of every record as text (`"<invalid>"` for bytes that are not UTF-8).
    var fields: [[String]] { records.map { $0.strings.map { $0 ?? "<invalid>" } } }
    var lines: [Int] { records.map(\.line) }

    var description: String {
        "records \(records.map { "\($0.line): \($0.strings)" }), delimiter \(String(describing: delimiter)), "
            + "error \(error.map(\.description) ?? "none")"
    }
}

enum CSVTestSupport {
    /// Reads `bytes` in chunks of `chunkSize` (the whole input at once when `nil`) and returns
    /// what came out.
    static func read(_ bytes: [UInt8], chunkSize: Int? = nil, delimiter: CSVReader.Delimiter? = nil) -> CSVOutcome {
        var reader = CSVReader(delimiter: delimiter)
        var outcome = CSVOutcome()
        func collect(_ record: borrowing CSVRecord) {
            var strings: [String?] = []
            var raw: [[UInt8]] = []
            var escaped: [Bool] = []
            for index in 0..<record.count {
                strings.append(record.string(index))
                raw.append(Array(record.rawBytes(index)))
                escaped.append(record.isEscaped(index))
            }
            outcome.records.append(.init(line: record.line, strings: strings, raw: raw, escaped: escaped))
        }
        do {
            let size = max(1, chunkSize ?? bytes.count)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                try reader.consume(bytes[start..<end]) { record in collect(record) }
                start = end
            }
            try reader.finish { record in collect(record) }
        } catch let error as CSVError {
            outcome.error = error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        outcome.delimiter = reader.delimiter
        outcome.recordCount = reader.recordCount
        outcome.bytesRead = reader.bytesRead
        return outcome
    }

    static func read(_ text: String, chunkSize: Int? = nil, delimiter: CSVReader.Delimiter? = nil) -> CSVOutcome {
        read(Array(text.utf8), chunkSize: chunkSize, delimiter: delimiter)
    }

    /// The chunk sizes every input is fed in: tiny ones that split every token, odd ones, and
    /// the whole input (`nil`).
    static let chunkSizes: [Int?] = [1, 2, 3, 7, 64, nil]

    /// Reads `bytes` in every chunk size of ``chunkSizes`` and returns the outcomes by size.
    static func readInEveryChunkSize(_ bytes: [UInt8], delimiter: CSVReader.Delimiter? = nil) -> [(Int?, CSVOutcome)] {
        chunkSizes.map { ($0, read(bytes, chunkSize: $0, delimiter: delimiter)) }
    }

    /// The CSV records of a ``WeightCSVLayout``: the layout from the first record and each
    /// later record decoded (or its error), in order. `error` is a reading or header error.
    static func decode(_ text: String, zone: String = "Europe/Amsterdam", chunkSize: Int? = nil)
        -> (layout: WeightCSVLayout?, rows: [Result<WeightCSVLayout.Row, CSVError>], error: CSVError?) {
        decode(Array(text.utf8), zone: zone, chunkSize: chunkSize)
    }

    static func decode(_ bytes: [UInt8], zone: String = "Europe/Amsterdam", chunkSize: Int? = nil)
        -> (layout: WeightCSVLayout?, rows: [Result<WeightCSVLayout.Row, CSVError>], error: CSVError?) {
        var reader = CSVReader()
        var dates = WeightDateReader(calendar: Fixtures.calendar(zone))
        var layout: WeightCSVLayout?
        var rows: [Result<WeightCSVLayout.Row, CSVError>] = []
        func handle(_ record: borrowing CSVRecord) throws {
            guard let known = layout else {
                layout = try WeightCSVLayout(header: record, delimiter: record.delimiter)
                return
            }
            do {
                rows.append(.success(try known.decode(record, dates: &dates)))
            } catch {
                rows.append(.failure(error))
            }
        }
        do {
            let size = max(1, chunkSize ?? bytes.count)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                try reader.consume(bytes[start..<end]) { record in try handle(record) }
                start = end
            }
            try reader.finish { record in try handle(record) }
        } catch let error as CSVError {
            return (layout, rows, error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return (layout, rows, nil)
    }
}

/// The deterministic generator of property-style tests.
typealias SeededGenerator = SplitMix64
