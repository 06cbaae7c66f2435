import Foundation

/// The weight CSV formats Wellness reads, how a file's header maps onto a weigh-in, and how
/// one record becomes a weigh-in.
///
/// Columns are found by name (case, spaces and punctuation ignored), so the order of columns
/// and any extra columns (fat, water, …) do not matter:
/// - the date: `date`, `dateTime`, `timestamp` or `date and time`, with an optional separate
///   `time` column;
/// - the weight: `weight_kg` / `Weight (kg)`, `weight_lb` / `Weight (lbs)`, or plain `weight`
///   (kilograms, unless a `unit` column says `kg` or `lb` row by row);
/// - an optional note: `note`, `notes`, `comment` or `comments`.
public struct WeightCSVLayout: Sendable, Equatable {
    /// The formats named in reports and in the error for a header that is not understood.
    public enum Format: String, Sendable, CaseIterable {
        /// Ours: `date,weight_kg,note` (what `weight export` writes).
        case wellness
        /// openScale's export: `dateTime,weight,…` or, in newer versions, `DATE,TIME,WEIGHT,…`.
        case openScale
        /// Any other export with a date column and a weight column.
        case generic

        public var headerExample: String {
            switch self {
            case .wellness: "date,weight_kg,note"
            case .openScale: "dateTime,weight,… or DATE,TIME,WEIGHT,… (openScale)"
            case .generic: "Date,Weight (kg) or Date,Weight (lb) or Date,Weight,Unit (any spreadsheet)"
            }
        }
    }

    public enum Unit: Sendable, Equatable {
        case kilograms
        case pounds
        /// Given row by row in this (0-based) column.
        case column(Int)
    }

    public let format: Format
    public let columnCount: Int
    public let dateColumn: Int
    public let timeColumn: Int?
    public let weightColumn: Int
    public let unit: Unit
    public let noteColumn: Int?
    /// Slash dates are day/month/year (`;` files, from European spreadsheets) instead of
    /// month/day/year.
    public let slashDatesDayFirst: Bool
    /// Decimal commas are allowed (`;` files).
    public let decimalComma: Bool

    /// The layout of a file whose first record is `header`; throws a ``CSVError`` on the
    /// header's line that lists the formats understood when it has no date or no weight column.
    public init(header: borrowing CSVRecord, delimiter: CSVReader.Delimiter) throws(CSVError) {
        var names: [String] = []
        for index in 0..<header.count {
            guard let name = header.string(index) else {
                throw CSVError(line: header.line, column: index + 1, problem: .headerNotUTF8)
            }
            names.append(name)
        }
        try self.init(names: names, line: header.line, delimiter: delimiter)
    }

    /// The layout for the column `names` of a header on `line`.
    public init(names: [String], line: Int = 1, delimiter: CSVReader.Delimiter) throws(CSVError) {
        let keys = names.map(Self.key)
        func first(_ candidates: Set<String>) -> Int? { keys.firstIndex { candidates.contains($0) } }
        let date = first(["date", "datetime", "timestamp", "dateandtime"])
        let weightKg = first(["weightkg", "weightkgs", "weightkilograms"])
        let weightLb = first(["weightlb", "weightlbs", "weightpounds"])
        let weightPlain = first(["weight"])
        let unitColumn = first(["unit", "units", "weightunit"])
        guard let date, let weight = weightKg ?? weightPlain ?? weightLb else {
            let understood = Format.allCases.map(\.headerExample).joined(separator: "; ")
            let found = names.joined(separator: delimiter == .comma ? "," : ";")
            throw CSVError(line: line, column: 1,
                           problem: date == nil ? .noDateColumn(header: found, understood: understood)
                               : .noWeightColumn(header: found, understood: understood))
        }
        dateColumn = date
        weightColumn = weight
        timeColumn = keys[date] == "date" ? keys.firstIndex(of: "time") : nil
        noteColumn = first(["note", "notes", "comment", "comments"])
        if weight == weightKg {
            unit = .kilograms
        } else if weight == weightLb {
            unit = .pounds
        } else if let unitColumn {
            unit = .column(unitColumn)
        } else {
            unit = .kilograms
        }
        columnCount = names.count
        slashDatesDayFirst = delimiter == .semicolon
        decimalComma = delimiter == .semicolon
        if names.map({ $0.lowercased() }) == ["date", "weight_kg", "note"] {
            format = .wellness
        } else if names.contains("dateTime") || (names.contains("DATE") && names.contains("TIME")) {
            format = .openScale
        } else {
            format = .generic
        }
    }

    /// `Weight (kg)` → `weightkg`: lower case, letters and digits only.
    static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0)
        }))
    }

    /// One data record as a weigh-in, or the first thing wrong with it.
    public func decode(_ record: borrowing CSVRecord, dates: inout WeightDateReader) throws(CSVError) -> Row {
        guard record.count == columnCount else {
            let column = min(record.count, columnCount) + 1
            throw CSVError(line: record.line, column: column,
                           problem: .fieldCount(expected: columnCount, found: record.count))
        }
        let line = record.line
        // The date (and time).
        let parsed: WeightDateReader.Parsed
        do {
            parsed = try dates.parse(record.rawBytes(dateColumn), time: timeColumn.map { record.rawBytes($0) },
                                     slashDayFirst: slashDatesDayFirst)
        } catch let problem {
            throw CSVError(line: line, column: (problem.inTimeColumn ? timeColumn ?? dateColumn : dateColumn) + 1,
                           problem: problem.problem)
        }
        // The weight, in kilograms.
        let weightBytes = record.rawBytes(weightColumn)
        guard let number = WeightCSVNumber.parse(weightBytes, decimalComma: decimalComma) else {
            let shown = WeightCSVNumber.quoted(weightBytes)
            throw CSVError(line: line, column: weightColumn + 1,
                           problem: weightBytes.isEmpty ? .weightEmpty : .weightNotANumber(shown))
        }
        var kilograms = number
        switch unit {
        case .kilograms:
            break
        case .pounds:
            kilograms = number * WeightEntry.kilogramsPerPound
        case .column(let column):
            switch Self.key(record.string(column) ?? "") {
            case "kg", "kgs", "kilogram", "kilograms":
                break
            case "lb", "lbs", "pound", "pounds":
                kilograms = number * WeightEntry.kilogramsPerPound
            default:
                throw CSVError(line: line, column: column + 1,
                               problem: .unknownUnit(WeightCSVNumber.quoted(record.rawBytes(column))))
            }
        }
        if let problem = WeightEntry.problem(kilograms: kilograms) {
            throw CSVError(line: line, column: weightColumn + 1, problem: .value(problem))
        }
        // The note, exactly as written (our own exports guard formulas with a leading ').
        var note: String?
        if let noteColumn, !record.isEmpty(noteColumn) {
            guard let text = record.string(noteColumn) else {
                throw CSVError(line: line, column: noteColumn + 1, problem: .noteNotUTF8)
            }
            if let problem = WeightEntry.problem(note: text) {
                throw CSVError(line: line, column: noteColumn + 1, problem: .value(problem))
            }
            note = format == .wellness ? CSVWriter.removingFormulaGuard(text) : text
        }
        return Row(line: line, date: parsed.date, kilograms: kilograms, note: note, dateOnly: parsed.dateOnly)
    }

    /// A decoded data record.
    public struct Row: Sendable, Equatable {
        public let line: Int
        public let date: Date
        public let kilograms: Double
        public let note: String?
        /// The record had a date without a time (taken at local noon).
        public let dateOnly: Bool
    }
}

/// Reads the numbers of weight columns: digits with at most one decimal separator (`.`, or
/// `,` where decimal commas are allowed), surrounding spaces ignored; no signs, no thousands
/// separators. Scientific notation (`7.05e1`) is read too, as Swift reads it.
public enum WeightCSVNumber {
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard start < end else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenSeparator = false
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                guard digits < 18 else { return slowParse(bytes, start, end, decimalComma: decimalComma) }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                digits += 1
                if seenSeparator { fractionDigits += 1 }
            } else if byte == 0x2E || (decimalComma && byte == 0x2C) {
                guard !seenSeparator else { return nil }
                seenSeparator = true
            } else if byte == 0x65 || byte == 0x45 {
                return slowParse(bytes, start, end, decimalComma: decimalComma)
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        // Exact: both operands are representable, so the quotient is correctly rounded.
        guard mantissa < 1 << 53, fractionDigits <= 22 else {
            return slowParse(bytes, start, end, decimalComma: decimalComma)
        }
        return Double(mantissa) / powersOfTen[fractionDigits]
    }

    private static func slowParse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                  decimalComma: Bool) -> Double? {
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if decimalComma { text = text.replacingOccurrences(of: ",", with: ".") }
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45
            || $0 == 0x2B || $0 == 0x2D }), let first = text.utf8.first, first != 0x2B, first != 0x2D,
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A field for an error message: quoted, cut at 40 characters.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
}
