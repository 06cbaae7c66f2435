/// A strict, streaming RFC 4180 reader that works on bytes.
///
/// Feed it the input in chunks of any size with ``consume(_:_:)`` and call ``finish(_:)`` at
/// the end; it calls back once per record, holding only the record being read, so memory does
/// not grow with the input. What it accepts:
/// - fields separated by `,` or `;` (``Delimiter``), chosen up front or detected from the
///   first line (the one that occurs more often outside quotes; `,` on a tie);
/// - records ended by LF or CRLF, the last one optionally unterminated;
/// - quoted fields with `""` for a quote, and delimiters, CR and LF inside;
/// - a UTF-8 byte-order mark at the very start (skipped);
/// - empty lines (skipped, still counted).
///
/// What it refuses, with the line and column: a quote inside an unquoted field, anything but
/// a delimiter or line end after a closing quote, a quoted field still open at the end of the
/// input, and a CR that is not followed by LF outside quotes. Nothing is guessed or skipped.
public struct CSVReader: Sendable {
    public enum Delimiter: UInt8, Sendable, CaseIterable {
        case comma = 0x2C
        case semicolon = 0x3B
    }

    /// The delimiter in use (`nil` until detected from the first line).
    public private(set) var delimiter: Delimiter?
    /// Records read so far (the header included).
    public private(set) var recordCount = 0
    /// Bytes consumed so far.
    public private(set) var bytesRead = 0

    private var pending: [UInt8] = []
    private var fields = FieldList()
    private var line = 1
    private var atStart = true
    private var finished = false

    /// The longest record accepted. A longer one is an error rather than a reason to keep the
    /// rest of the file in memory: in practice it is a quote left open.
    public let maximumRecordBytes: Int

    /// A reader; `delimiter` `nil` detects it from the first line that is not empty.
    public init(delimiter: Delimiter? = nil, maximumRecordBytes: Int = 1 << 20) {
        self.delimiter = delimiter
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// Reads the complete records in `chunk` (and in what was left over from earlier chunks),
    /// calling `onRecord` for each. An error from `onRecord` stops reading and is rethrown.
    public mutating func consume<Bytes: Collection>(
        _ chunk: Bytes, _ onRecord: (borrowing CSVRecord) throws -> Void
    ) throws where Bytes.Element == UInt8 {
        precondition(!finished, "CSVReader used after finish()")
        bytesRead += chunk.count
        pending.append(contentsOf: chunk)
        try parsePending(final: false, onRecord)
    }

    /// Reads the last record (one without a final line break) and checks nothing is left open.
    public mutating func finish(_ onRecord: (borrowing CSVRecord) throws -> Void) throws {
        precondition(!finished, "CSVReader.finish() called twice")
        try parsePending(final: true, onRecord)
        finished = true
    }

    // MARK: - Parsing

    private static let quote: UInt8 = 0x22
    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A

    private mutating func parsePending(final: Bool, _ onRecord: (borrowing CSVRecord) throws -> Void) throws {
        if atStart {
            // Wait for enough bytes to tell a byte-order mark from data.
            if pending.count < 3, !final, pending.starts(with: [0xEF, 0xBB, 0xBF].prefix(pending.count)) { return }
            if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            atStart = false
        }
        if delimiter == nil {
            guard let detected = Self.detectDelimiter(in: pending, final: final) else { return }
            delimiter = detected
        }
        let recordDelimiter = delimiter!
        let separator = recordDelimiter.rawValue
        var consumed = 0
        var fields = self.fields
        var line = self.line
        var records = self.recordCount
        defer {
            self.fields = fields
            self.line = line
            self.recordCount = records
        }
        try pending.withUnsafeBufferPointer { buffer in
            let end = buffer.count
            var position = 0
            while position < end {
                fields.removeAll()
                let recordLine = line
                let recordStart = position
                var cursor = position
                var complete = false
                recordLoop: while true {
                    let column = fields.count + 1
                    if cursor < end, buffer[cursor] == Self.quote {
                        // Quoted field: up to the closing quote; "" is a quote.
                        let start = cursor + 1
                        var scan = start
                        var escaped = false
                        var linesInside = 0
                        var closed = false
                        while scan < end {
                            let byte = buffer[scan]
                            if byte == Self.quote {
                                if scan + 1 < end, buffer[scan + 1] == Self.quote {
                                    escaped = true
                                    scan += 2
                                    continue
                                }
                                if scan + 1 == end, !final { break } // might be the first of ""
                                closed = true
                                break
                            }
                            if byte == Self.lf { linesInside += 1 }
                            scan += 1
                        }
                        guard closed else {
                            if final {
                                throw CSVError(line: line, column: column, problem: .quoteNeverClosed)
                            }
                            break recordLoop
                        }
                        line += linesInside
                        fields.append(start: start, end: scan, escaped: escaped)
                        cursor = scan + 1
                        if cursor == end {
                            if final { complete = true }
                            break recordLoop
                        }
                        let next = buffer[cursor]
                        if next == separator {
                            cursor += 1
                            continue recordLoop
                        }
                        if next == Self.lf {
                            cursor += 1
                            line += 1
                            complete = true
                            break recordLoop
                        }
                        if next == Self.cr {
                            if cursor + 1 == end {
                                if final { throw CSVError(line: line, column: column, problem: .carriageReturnWithoutLineFeed) }
                                break recordLoop
                            }
                            guard buffer[cursor + 1] == Self.lf else {
                                throw CSVError(line: line, column: column, problem: .carriageReturnWithoutLineFeed)
                            }
                            cursor += 2
                            line += 1
                            complete = true
                            break recordLoop
                        }
                        throw CSVError(line: line, column: column,
                                       problem: .unexpectedAfterClosingQuote(next))
                    }
                    // Unquoted field: up to a delimiter or line end; a quote is an error.
                    let start = cursor
                    var scan = start
                    while scan < end {
                        let byte = buffer[scan]
                        if byte == separator || byte == Self.lf || byte == Self.cr { break }
                        if byte == Self.quote {
                            throw CSVError(line: line, column: column, problem: .quoteInUnquotedField)
                        }
                        scan += 1
                    }
                    if scan == end {
                        if final {
                            fields.append(start: start, end: scan, escaped: false)
                            cursor = scan
                            complete = true
                        }
                        break recordLoop
                    }
                    fields.append(start: start, end: scan, escaped: false)
                    let byte = buffer[scan]
                    if byte == separator {
                        cursor = scan + 1
                        if cursor == end, final {
                            fields.append(start: cursor, end: cursor, escaped: false)
                            complete = true
                            break recordLoop
                        }
                        continue recordLoop
                    }
                    if byte == Self.lf {
                        cursor = scan + 1
                        line += 1
                        complete = true
                        break recordLoop
                    }
                    // CR
                    if scan + 1 == end {
                        if final { throw CSVError(line: line, column: column, problem: .carriageReturnWithoutLineFeed) }
                        break recordLoop
                    }
                    guard buffer[scan + 1] == Self.lf else {
                        throw CSVError(line: line, column: column, problem: .carriageReturnWithoutLineFeed)
                    }
                    cursor = scan + 2
                    line += 1
                    complete = true
                    break recordLoop
                }
                guard complete else {
                    line = recordLine
                    break
                }
                position = cursor
                consumed = cursor
                // An empty line is one empty unquoted field: skip it.
                if fields.count == 1, fields.starts[0] == recordStart, fields.ends[0] == recordStart { continue }
                records += 1
                try onRecord(CSVRecord(buffer: buffer, fields: fields, line: recordLine, delimiter: recordDelimiter))
            }
        }
        if consumed > 0 { pending.removeFirst(consumed) }
        if !final, pending.count > maximumRecordBytes {
            throw CSVError(line: line, column: 1,
                           problem: .recordTooLong(kilobytes: maximumRecordBytes / 1024))
        }
        if final, !pending.isEmpty {
            throw CSVError(line: line, column: 1, problem: .unreadableEnd)
        }
    }

    /// The delimiter that occurs more often outside quotes in the first line that is not
    /// empty, once that line is complete (or the input ended).
    static func detectDelimiter(in bytes: [UInt8], final: Bool) -> Delimiter? {
        var commas = 0
        var semicolons = 0
        var quoted = false
        var sawLineEnd = false
        let firstContent = bytes.firstIndex { $0 != lf && $0 != cr } ?? bytes.endIndex
        for byte in bytes[firstContent...] {
            if byte == quote { quoted.toggle(); continue }
            if quoted { continue }
            if byte == lf { sawLineEnd = true; break }
            if byte == Delimiter.comma.rawValue { commas += 1 }
            if byte == Delimiter.semicolon.rawValue { semicolons += 1 }
        }
        guard sawLineEnd || final else { return nil }
        return semicolons > commas ? .semicolon : .comma
    }
}

/// Field boundaries of the record being read, reused from record to record.
struct FieldList: Sendable {
    var starts: [Int] = []
    var ends: [Int] = []
    var escaped: [Bool] = []

    var count: Int { starts.count }

    mutating func append(start: Int, end: Int, escaped isEscaped: Bool) {
        starts.append(start)
        ends.append(end)
        escaped.append(isEscaped)
    }

    mutating func removeAll() {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        escaped.removeAll(keepingCapacity: true)
    }
}

/// One record, valid only during the callback that receives it.
public struct CSVRecord: ~Copyable {
    let buffer: UnsafeBufferPointer<UInt8>
    let fields: FieldList
    /// The line the record starts on.
    public let line: Int
    /// The file's delimiter.
    public let delimiter: CSVReader.Delimiter

    /// The number of fields.
    public var count: Int { fields.count }

    /// The bytes of field `index` (0-based) as written, without the surrounding quotes, and
    /// with `""` still doubled when ``isEscaped(_:)``.
    public func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[fields.starts[index]..<fields.ends[index]])
    }

    /// Whether field `index` contains `""` escapes.
    public func isEscaped(_ index: Int) -> Bool { fields.escaped[index] }

    /// Whether field `index` is empty.
    public func isEmpty(_ index: Int) -> Bool { fields.starts[index] == fields.ends[index] }

    /// Field `index` as text, `""` unescaped; `nil` when it is not valid UTF-8.
    public func string(_ index: Int) -> String? {
        let raw = rawBytes(index)
        guard isEscaped(index) else { return String(validating: raw, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var position = 0
        while position < raw.count {
            bytes.append(raw[position])
            position += raw[position] == 0x22 ? 2 : 1
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
