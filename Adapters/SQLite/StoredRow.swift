import Foundation
import GRDB
import WellnessDomain

/// One row read from a table, decoded strictly and without trapping: every repository reads its
/// columns through this, never through GRDB's subscripts or `Decodable` records (both trap on a
/// value of the wrong type, and both read `'x'` as `false` and `'3.5'` as 3).
///
/// A value of the wrong storage class, out of range or malformed throws ``CorruptRow``, naming
/// the table, the row (by its key) and the column; ``SQLiteDatabase`` turns it into
/// ``SQLiteStoreError/corruptRow(path:table:key:reason:)`` with the file's path.
struct StoredRow {
    private let columns: Columns
    let table: String
    /// How the row is named in an error, e.g. `day 2026-02-30`.
    private let name: Name

    /// The row's values: a row GRDB read, or the names and values a ``LookupConnection`` read.
    private enum Columns {
        case row(Row)
        case read(names: [String], values: [DatabaseValue])
    }

    /// How the row is named in an error: by its key columns' values, described only when an
    /// error needs them (most rows are read without one), or by a given key.
    private enum Name {
        case columns([String])
        case given(String)
    }

    /// The row's key as an error shows it.
    var key: String {
        switch name {
        case .given(let key):
            key
        case .columns(let columns):
            columns.map { column in
                "\(column) \(lookup(column).map(Self.describeKey) ?? "?")"
            }.joined(separator: ", ")
        }
    }

    /// A row of `table`, named by the values of its `keyColumns` (as stored, whatever they hold).
    init(_ row: Row, table: String, keyColumns: [String]) {
        columns = .row(row)
        self.table = table
        name = .columns(keyColumns)
    }

    /// A row of `table` named by `key`.
    init(_ row: Row, table: String, key: String) {
        columns = .row(row)
        self.table = table
        name = .given(key)
    }

    /// A row of `table` read as `values` of the columns `names` (in order), named by the values
    /// of its `keyColumns`.
    init(names: [String], values: [DatabaseValue], table: String, keyColumns: [String]) {
        columns = .read(names: names, values: values)
        self.table = table
        name = .columns(keyColumns)
    }

    /// A stored row that does not hold a valid value: the table, the row's key and why (the
    /// column first).
    struct CorruptRow: Error, Sendable {
        let table: String
        let key: String
        let reason: String
        /// The column and the message of the rule of Wellness's own the value breaks, when that
        /// is what is wrong with it.
        var rule: (column: String, message: LocalizedText)?

        /// The error naming the database file at `path`: the rule the row breaks when it breaks one.
        func error(in path: String) -> SQLiteStoreError {
            guard let rule else { return .corruptRow(path: path, table: table, key: key, reason: reason) }
            return .invalidRow(path: path, table: table, key: key, column: rule.column, rule: rule.message)
        }
    }

    /// The error for `column` of this row.
    func corrupt(_ column: String, _ reason: String) -> CorruptRow {
        CorruptRow(table: table, key: key, reason: "\(column): \(reason)")
    }

    /// The error for `column` of this row, whose value `error` refused: the rule's message when
    /// it is one of Wellness's own (see `LocalizedText.rule(refusing:)`), else `reason`.
    func refused(_ column: String, by error: any Error, _ reason: @autoclosure () -> String) -> CorruptRow {
        guard let rule = LocalizedText.rule(refusing: error) else { return corrupt(column, reason()) }
        return CorruptRow(table: table, key: key, reason: "\(column): \(rule.key)", rule: (column, rule))
    }

    // MARK: - Storage classes

    /// The value of `column` as stored.
    func value(_ column: String) throws -> DatabaseValue {
        guard let value = lookup(column) else { throw corrupt(column, "the column is missing") }
        return value
    }

    /// A TEXT value.
    func text(_ column: String) throws -> String {
        try read(column, expected: "text") { storage in
            switch storage {
            case let .string(text): text
            default: nil
            }
        }
    }

    /// A TEXT value or NULL.
    func optionalText(_ column: String) throws -> String? {
        try isNull(column) ? nil : text(column)
    }

    /// An INTEGER value (never a REAL or a TEXT that looks like one).
    func int64(_ column: String) throws -> Int64 {
        try read(column, expected: "an integer") { storage in
            switch storage {
            case let .int64(number): number
            default: nil
            }
        }
    }

    /// An INTEGER value within `range`.
    func int(_ column: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
        let number = try int64(column)
        guard let value = Int(exactly: number), range.contains(value) else {
            throw corrupt(column, "\(number) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A boolean: the INTEGER 0 or 1, nothing else.
    func bool(_ column: String) throws -> Bool {
        try read(column, expected: "0 or 1") { storage in
            switch storage {
            case .int64(0): false
            case .int64(1): true
            default: nil
            }
        }
    }

    /// A finite REAL value (an INTEGER is read as its REAL value).
    func double(_ column: String) throws -> Double {
        try read(column, expected: "a finite number") { storage in
            switch storage {
            case let .double(number) where number.isFinite: number
            case let .int64(number): Double(number)
            default: nil
            }
        }
    }

    /// A BLOB value.
    func blob(_ column: String) throws -> Data {
        try read(column, expected: "a blob") { storage in
            switch storage {
            case let .blob(data): data
            default: nil
            }
        }
    }

    /// The value of `column` as `match` takes it from its storage, or an error saying what it
    /// holds instead of what was `expected`.
    private func read<Value>(_ column: String, expected: String, _ match: (DatabaseValue.Storage) -> Value?) throws -> Value {
        let value = try value(column)
        guard let result = match(value.storage) else {
            throw corrupt(column, "holds \(Self.describe(value)), not \(expected)")
        }
        return result
    }

    private func isNull(_ column: String) throws -> Bool {
        try value(column).isNull
    }

    // MARK: - Values

    /// A real calendar day stored as TEXT `YYYY-MM-DD`.
    func day(_ column: String) throws -> LocalDay {
        let text = try text(column)
        guard let day = LocalDay(text) else {
            throw corrupt(column, "\(Self.describe(text)) is not a date in the form YYYY-MM-DD")
        }
        return day
    }

    /// An instant stored as INTEGER milliseconds since 1970, within years 1...9999 (UTC).
    func instant(_ column: String) throws -> Date {
        let millis = try int64(column)
        guard Self.instantRange.contains(millis) else {
            throw corrupt(column, "\(millis) ms is not an instant in years 1...9999")
        }
        return Timestamp.fromMilliseconds(millis)
    }

    /// An instant or NULL.
    func optionalInstant(_ column: String) throws -> Date? {
        try isNull(column) ? nil : instant(column)
    }

    /// A UUID stored as TEXT.
    func uuid(_ column: String) throws -> UUID {
        let text = try text(column)
        guard let uuid = Self.canonicalUUID(text) ?? UUID(uuidString: text) else {
            throw corrupt(column, "\(Self.describe(text)) is not a UUID")
        }
        return uuid
    }

    /// `8-4-4-4-12` hex digits of either case, parsed byte by byte (Foundation's parser calls
    /// `sscanf`); `nil` for anything else, which `UUID(uuidString:)` then judges.
    static func canonicalUUID(_ text: String) -> UUID? {
        var utf8 = Array(text.utf8)
        guard utf8.count == 36, utf8[8] == UInt8(ascii: "-"), utf8[13] == UInt8(ascii: "-"),
              utf8[18] == UInt8(ascii: "-"), utf8[23] == UInt8(ascii: "-") else { return nil }
        utf8.removeAll { $0 == UInt8(ascii: "-") }
        guard utf8.count == 32 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            guard let high = hexValue(utf8[2 * index]), let low = hexValue(utf8[2 * index + 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A TEXT value that is the raw value of one of `Value`'s cases.
    func raw<Value: RawRepresentable>(_ column: String, as type: Value.Type) throws -> Value where Value.RawValue == String {
        let text = try text(column)
        guard let value = Value(rawValue: text) else { throw corrupt(column, "unknown value \(Self.describe(text))") }
        return value
    }

    /// A TEXT value holding JSON of `Value`.
    func json<Value: Decodable>(_ column: String, as type: Value.Type, expected: String) throws -> Value {
        let text = try text(column)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw corrupt(column, "\(Self.describe(text)) is not \(expected)")
        }
    }

    /// Milliseconds of 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z (``Timestamp/range``).
    static let instantRange: ClosedRange<Int64> =
        Timestamp.milliseconds(Timestamp.range.lowerBound)...Timestamp.milliseconds(Timestamp.range.upperBound)

    // MARK: - Describing stored values

    /// The value of `column`, its name matched exactly or else as SQLite does, ignoring case
    /// (GRDB's own lookup lowercases both names on every call: too slow for every column of
    /// every row); `nil` when the row has no such column.
    private func lookup(_ column: String) -> DatabaseValue? {
        switch columns {
        case .row(let row): Self.value(of: column, in: row)
        case let .read(names, values): Self.value(of: column, in: zip(names, values))
        }
    }

    private static func value(of column: String, in pairs: some Sequence<(String, DatabaseValue)>) -> DatabaseValue? {
        for (name, value) in pairs where name == column { return value }
        let lowercased = column.lowercased()
        for (name, value) in pairs where name.lowercased() == lowercased { return value }
        return nil
    }

    /// A stored value as an error shows it: its class and a short, printable form.
    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case let .int64(number): "the integer \(number)"
        case let .double(number): "the real \(number)"
        case let .string(text): "the text \(describe(text))"
        case let .blob(data):
            "a blob of \(data.count) bytes (X'\(data.prefix(16).map { String(format: "%02x", $0) }.joined())\(data.count > 16 ? "…" : "")')"
        }
    }

    /// A key value as a row is named: text and numbers as they are, anything else described.
    static func describeKey(_ value: DatabaseValue) -> String {
        switch value.storage {
        case let .int64(number): "\(number)"
        case let .string(text): String(describe(text).dropFirst().dropLast())
        default: describe(value)
        }
    }

    /// Text quoted, cut at 40 characters, control characters shown as escapes.
    static func describe(_ text: String) -> String {
        let shown = text.prefix(40).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "'\(shown)\(text.count > 40 ? "…" : "")'"
    }
}
