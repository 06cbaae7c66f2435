/// A strict, streaming RFC 4180 reader that works on bytes.
///
/// Feed it the input in chunks of any size with ``consume(_:_:)`` and call ``finish(_:)`` at
/// the end; it calls back once per record, holding only the record being read, so memory does
/// not grow with the input, and the work is linear in it: the delimiter is detected on the
/// bytes seen so far, each scanned once, and a record that is not complete yet is parsed again
/// only once the input held for it has doubled (or would pass ``maximumRecordBytes``), so
/// however the input is chunked no byte is looked at more than a few times. A first line or a
/// record longer than ``maximumRecordBytes`` (a file without line feeds, `/dev/zero`) is
/// refused as soon as that many bytes were read. What it accepts:
/// - fields separated by `,` or `;` (``Delimiter``), chosen up front or detected from the
///   first line, up to its first LF or CR (the one that occurs more often outside quotes; `,`
///   on a tie);
/// - records ended by LF or CRLF, the last one optionally unterminated;
/// - quoted fields with `""` for a quote, and delimiters, CR and LF inside;
/// - a UTF-8 byte-order mark at the very start (skipped);
/// - empty lines (skipped, still counted).
///
/// What it refuses, with the line and column: a quote inside an unquoted field, anything but
/// a delimiter or line end after a closing quote, a quoted field still open at the end of the
/// input, a CR that is not followed by LF outside quotes (so a file with classic Mac CR-only
/// line endings is refused on its first line), and a record (or a first line) longer than
/// ``maximumRecordBytes``. Nothing is guessed or skipped.
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
    /// Bytes the parser went through so far, counting a byte again each time it is parsed
    /// again: it stays within a small multiple of ``bytesRead`` (reading is linear).
    public private(set) var bytesParsed = 0

    private var pending: [UInt8] = []
    private var fields = FieldList()
    private var line = 1
    private var atStart = true
    private var finished = false
    /// Delimiter detection so far (while ``delimiter`` is `nil`).
    private var detection = DelimiterDetection()
    /// The size `pending` must reach before the record left incomplete is parsed again.
    private var parseAt = 0

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
        // Parsing again as soon as a byte arrives would re-read a long record on every chunk.
        guard pending.count >= parseAt || pending.count > maximumRecordBytes else { return }
        try parsePending(final: false, onRecord)
        parseAt = 2 * pending.count
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
            guard let detected = detection.scan(pending, final: final) else {
                if pending.count > maximumRecordBytes {
                    throw CSVError(line: line + detection.emptyLines, column: 1,
                                   problem: .recordTooLong(kilobytes: maximumRecordBytes / 1024))
                }
                return
            }
            delimiter = detected
        }
        let recordDelimiter = delimiter!
        bytesParsed += pending.count
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
}

/// Finds the delimiter in the first line that is not empty, reading each byte once however
/// the input arrives: it keeps its counts and where it stopped between calls.
struct DelimiterDetection: Sendable {
    private var scanned = 0
    private var commas = 0
    private var semicolons = 0
    private var quoted = false
    private var inContent = false
    /// Line feeds before the first line that is not empty.
    private(set) var emptyLines = 0

    /// Scans what `bytes` (the input from its start) added since the last call; the delimiter
    /// once the first line that is not empty ended (at LF or CR outside quotes) or the input
    /// did, else `nil`.
    mutating func scan(_ bytes: [UInt8], final: Bool) -> CSVReader.Delimiter? {
        var lineEnded = false
        while scanned < bytes.count {
            let byte = bytes[scanned]
            scanned += 1
            if !inContent {
                if byte == 0x0A { emptyLines += 1; continue }
                if byte == 0x0D { continue }
                inContent = true
            }
            if byte == 0x22 { quoted.toggle(); continue }
            if quoted { continue }
            if byte == 0x0A || byte == 0x0D { lineEnded = true; break }
            if byte == CSVReader.Delimiter.comma.rawValue { commas += 1 }
            if byte == CSVReader.Delimiter.semicolon.rawValue { semicolons += 1 }
        }
        guard lineEnded || final else { return nil }
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
