/// A streaming reader of the XML that health exports are written in, fed chunk by chunk, so
/// memory stays flat whatever the file's size.
///
/// It reads elements and their attributes, checks that the document is well formed (one root,
/// every tag closed by its own end tag, attribute values quoted, only XML's five entities and
/// character references), skips the XML declaration, comments, processing instructions, CDATA
/// and the `<!DOCTYPE …>` with its internal subset, and ignores text inside elements. It counts
/// lines so that every error names one. It reads no external entities and expands no declared
/// ones, so a hostile file cannot make it fetch or grow anything.
public struct XMLStreamReader {
    /// What the reader reports.
    public enum Event {
        /// A start tag (or an empty-element tag, see ``XMLTag/isEmpty``).
        case start(XMLTag)
        /// An end tag, or the end of an empty-element tag just reported: the element's name.
        case end(String)
    }

    /// The longest tag accepted, in bytes: anything longer is not a health export.
    public static let maximumTagBytes = 1 << 20
    /// The deepest nesting of elements accepted: a health export nests four deep, and the list of
    /// open elements is the one thing that would otherwise grow with a hostile file.
    public static let maximumDepth = 256

    private var pending: [UInt8] = []
    private var attributes: [XMLTag.AttributeRange] = []
    private var open: [String] = []
    private var sawRoot = false
    private var closedRoot = false
    /// The line the reader is at, counted from 1.
    public private(set) var line = 1
    /// Bytes consumed so far.
    public private(set) var bytesRead = 0

    public init() {}

    /// The element the reader is inside, innermost: for error messages.
    public var currentElement: String? { open.last }

    /// Reads `chunk`, calling `handle` for each complete tag in it; a tag cut by the chunk's end
    /// is kept until the next chunk completes it.
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>,
                                 _ handle: (Event) throws -> Void) throws {
        bytesRead += chunk.count
        // The unread rest of the last chunk, then this one; worked on outside `self`, so that
        // reading it can update the reader's state.
        var buffer: [UInt8] = []
        swap(&buffer, &pending)
        buffer.append(contentsOf: chunk)
        let consumed = try buffer.withUnsafeBufferPointer { try process($0, handle) }
        buffer.removeSubrange(0..<consumed)
        pending = buffer
    }

    /// Ends the document: throws when it was empty, is cut inside a tag or an element, or had
    /// no root element.
    public mutating func finish() throws {
        if let unfinished = open.last {
            throw error(.truncated(unfinished))
        }
        guard pending.allSatisfy(Self.isSpace) else {
            throw error(sawRoot ? .malformed("an unfinished tag at the end") : .notAnExport)
        }
        guard sawRoot else { throw error(.notAnExport) }
    }

    private func error(_ problem: HealthExportProblem, line: Int? = nil) -> HealthExportError {
        HealthExportError(line: line ?? self.line, element: open.last, problem: problem)
    }

    // MARK: - Scanning

    private static let lessThan: UInt8 = 0x3C, greaterThan: UInt8 = 0x3E, slash: UInt8 = 0x2F
    private static let question: UInt8 = 0x3F, bang: UInt8 = 0x21, equals: UInt8 = 0x3D
    private static let quote: UInt8 = 0x22, apostrophe: UInt8 = 0x27, ampersand: UInt8 = 0x26
    private static let newline: UInt8 = 0x0A

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Reads every complete item of `buffer`; returns how many bytes were consumed.
    private mutating func process(_ buffer: UnsafeBufferPointer<UInt8>,
                                  _ handle: (Event) throws -> Void) throws -> Int {
        let count = buffer.count
        var index = 0
        while index < count {
            // Text up to the next tag: ignored inside elements, refused around the root (where
            // only a byte-order mark at the very start of the file is not text).
            let offset = bytesRead - count // of buffer[0] in the file
            var textLine: Int?
            while index < count {
                let byte = buffer[index]
                if byte == Self.lessThan { break }
                if byte == Self.newline {
                    line += 1
                } else if textLine == nil, !Self.isSpace(byte), !Self.isByteOrderMark(byte, at: offset + index) {
                    textLine = line
                }
                index += 1
            }
            if let textLine, open.isEmpty {
                throw error(sawRoot ? .malformed("text after the root element") : .notAnExport, line: textLine)
            }
            guard index < count else { return count }
            guard let end = try markupEnd(buffer, from: index), end - index <= Self.maximumTagBytes else {
                if count - index > Self.maximumTagBytes {
                    throw error(.tagTooLong(kilobytes: Self.maximumTagBytes / 1024))
                }
                return index
            }
            let tagLine = line
            for position in index..<end where buffer[position] == Self.newline { line += 1 }
            try markup(buffer, index, end, line: tagLine, handle)
            index = end
        }
        return count
    }

    /// Whether `byte`, at `position` in the file, is part of a UTF-8 byte-order mark at its start.
    private static func isByteOrderMark(_ byte: UInt8, at position: Int) -> Bool {
        position < 3 && byte == [0xEF, 0xBB, 0xBF][position]
    }

    private static func hasPrefix(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int, _ prefix: StaticString) -> Bool? {
        let length = prefix.utf8CodeUnitCount
        let available = min(length, buffer.count - index)
        for offset in 0..<available where buffer[index + offset] != prefix.utf8Start[offset] { return false }
        return available == length ? true : nil
    }

    private static func find(_ buffer: UnsafeBufferPointer<UInt8>, from index: Int, _ terminator: StaticString) -> Int? {
        let length = terminator.utf8CodeUnitCount
        var position = index
        while position + length <= buffer.count {
            if buffer[position] == terminator.utf8Start[0],
               (1..<length).allSatisfy({ buffer[position + $0] == terminator.utf8Start[$0] }) {
                return position + length
            }
            position += 1
        }
        return nil
    }

    /// The index just past the markup starting at `start` (a `<`), or `nil` when the buffer
    /// ends first.
    private func markupEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int? {
        guard start + 1 < buffer.count else { return nil }
        switch buffer[start + 1] {
        case Self.question:
            return Self.find(buffer, from: start + 2, "?>")
        case Self.bang:
            let comment = Self.hasPrefix(buffer, start, "<!--")
            if comment == true { return Self.find(buffer, from: start + 4, "-->") }
            let cdata = Self.hasPrefix(buffer, start, "<![CDATA[")
            if cdata == true { return Self.find(buffer, from: start + 9, "]]>") }
            let doctype = Self.hasPrefix(buffer, start, "<!DOCTYPE")
            if doctype == true, !sawRoot { return Self.doctypeEnd(buffer, from: start + 9) }
            if comment == nil || cdata == nil || doctype == nil { return nil }
            throw error(.malformed("'<!' that starts no comment, CDATA or DOCTYPE"))
        default:
            var quote: UInt8 = 0
            var index = start + 1
            while index < buffer.count {
                let byte = buffer[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == Self.quote || byte == Self.apostrophe {
                    quote = byte
                } else if byte == Self.greaterThan {
                    return index + 1
                } else if byte == Self.lessThan {
                    throw error(.malformed("'<' inside a tag"))
                }
                index += 1
            }
            return nil
        }
    }

    /// The end of a DOCTYPE: the `>` outside quotes, comments and the `[…]` internal subset.
    private static func doctypeEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 0
        var quote: UInt8 = 0
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == Self.quote || byte == Self.apostrophe {
                quote = byte
            } else if byte == Self.lessThan, hasPrefix(buffer, index, "<!--") != false {
                // A comment (whose quotes and brackets do not count), or too few bytes to tell.
                guard let end = find(buffer, from: index + 4, "-->") else { return nil }
                index = end
                continue
            } else if byte == 0x5B {
                depth += 1
            } else if byte == 0x5D {
                depth -= 1
            } else if byte == Self.greaterThan, depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    // MARK: - Tags

    private mutating func markup(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int,
                                 _ handle: (Event) throws -> Void) throws {
        let second = buffer[start + 1]
        if second == Self.question || second == Self.bang { return }
        if second == Self.slash {
            var nameEnd = start + 2
            while nameEnd < end - 1, !Self.isSpace(buffer[nameEnd]) { nameEnd += 1 }
            guard buffer[nameEnd..<(end - 1)].allSatisfy(Self.isSpace), nameEnd > start + 2 else {
                throw error(.malformed("a broken end tag"), line: line)
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + 2)..<nameEnd]), as: UTF8.self)
            guard let expected = open.last else { throw error(.malformed("an end tag </\(name)> outside the root"), line: line) }
            guard expected == name else { throw error(.mismatchedEnd(expected: expected, found: name), line: line) }
            open.removeLast()
            if open.isEmpty { closedRoot = true }
            try handle(.end(name))
            return
        }
        let isEmpty = buffer[end - 2] == Self.slash
        let contentEnd = isEmpty ? end - 2 : end - 1
        var index = start + 1
        while index < contentEnd, !Self.isSpace(buffer[index]), buffer[index] != Self.slash { index += 1 }
        guard index > start + 1 else { throw error(.malformed("a tag without a name"), line: line) }
        let nameRange = (start + 1)..<index
        attributes.removeAll(keepingCapacity: true)
        while true {
            while index < contentEnd, Self.isSpace(buffer[index]) { index += 1 }
            guard index < contentEnd else { break }
            let nameStart = index
            while index < contentEnd, buffer[index] != Self.equals, !Self.isSpace(buffer[index]) { index += 1 }
            let attributeName = nameStart..<index
            while index < contentEnd, Self.isSpace(buffer[index]) { index += 1 }
            guard !attributeName.isEmpty, index < contentEnd, buffer[index] == Self.equals else {
                throw error(.malformed("an attribute without '=' and a value"), line: line)
            }
            index += 1
            while index < contentEnd, Self.isSpace(buffer[index]) { index += 1 }
            guard index < contentEnd, buffer[index] == Self.quote || buffer[index] == Self.apostrophe else {
                throw error(.malformed("an attribute value without quotes"), line: line)
            }
            let quote = buffer[index]
            let valueStart = index + 1
            index = valueStart
            var hasEntity = false
            while index < contentEnd, buffer[index] != quote {
                if buffer[index] == Self.ampersand { hasEntity = true }
                index += 1
            }
            guard index < contentEnd else { throw error(.malformed("an attribute value never closed"), line: line) }
            let value = valueStart..<index
            if hasEntity {
                let element = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameRange]), as: UTF8.self)
                _ = try XMLTag.decode(UnsafeBufferPointer(rebasing: buffer[value])) { entity in
                    HealthExportError(line: line, element: element, problem: .unknownEntity(entity))
                }
            }
            attributes.append(.init(name: attributeName, value: value, hasEntity: hasEntity))
            index += 1
        }
        guard !closedRoot else { throw error(.malformed("a second root element"), line: line) }
        let tag = XMLTag(buffer: buffer, nameRange: nameRange, attributes: attributes, line: line, isEmpty: isEmpty)
        let name = tag.name
        sawRoot = true
        guard open.count < Self.maximumDepth else { throw error(.nestedTooDeep(limit: Self.maximumDepth), line: line) }
        open.append(name)
        try handle(.start(tag))
        if isEmpty {
            open.removeLast()
            if open.isEmpty { closedRoot = true }
            try handle(.end(name))
        }
    }
}

/// A start tag read by ``XMLStreamReader``: its name, attributes and line. It points into the
/// reader's buffer, so it is valid only inside the call that reports it.
public struct XMLTag {
    struct AttributeRange {
        let name: Range<Int>
        let value: Range<Int>
        let hasEntity: Bool
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let nameRange: Range<Int>
    let attributes: [AttributeRange]
    /// The line the tag starts on.
    public let line: Int
    /// Whether it is an empty-element tag (`<Record …/>`), whose end is reported right after it.
    public let isEmpty: Bool

    public var name: String { String(decoding: UnsafeBufferPointer(rebasing: buffer[nameRange]), as: UTF8.self) }

    /// Whether the tag's name is `name`, without making a string.
    public func isNamed(_ name: StaticString) -> Bool {
        Self.equal(buffer, nameRange, name)
    }

    private static func equal(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where buffer[range.lowerBound + offset] != text.utf8Start[offset] { return false }
        return true
    }

    private func range(of attribute: StaticString) -> AttributeRange? {
        attributes.first { Self.equal(buffer, $0.name, attribute) }
    }

    /// Calls `body` with the raw bytes of the attribute's value (entities not decoded), or
    /// returns `nil` when the tag has no such attribute.
    public func withRawValue<Result>(of attribute: StaticString,
                                     _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard let found = range(of: attribute) else { return nil }
        return try body(UnsafeBufferPointer(rebasing: buffer[found.value]))
    }

    /// The attribute's value with its entities decoded, or `nil` when the tag has no such
    /// attribute.
    public func value(of attribute: StaticString) -> String? {
        guard let found = range(of: attribute) else { return nil }
        let raw = UnsafeBufferPointer(rebasing: buffer[found.value])
        guard found.hasEntity else { return String(decoding: raw, as: UTF8.self) }
        // The reader checked every entity when it read the tag.
        return (try? Self.decode(raw) { _ in HealthExportError(line: line, element: nil, problem: .notAnExport) }) ?? ""
    }

    /// `raw` with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and `&#…;`/`&#x…;` decoded; any
    /// other entity is refused with the error `unknown` makes of it.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, unknown: (String) -> HealthExportError) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x26 else { bytes.append(byte); index += 1; continue }
            var end = index + 1
            while end < raw.count, raw[end] != 0x3B, end - index < 12 { end += 1 }
            let entity = String(decoding: UnsafeBufferPointer(rebasing: raw[index..<min(end + 1, raw.count)]), as: UTF8.self)
            guard end < raw.count, raw[end] == 0x3B else { throw unknown(entity) }
            let body = String(decoding: UnsafeBufferPointer(rebasing: raw[(index + 1)..<end]), as: UTF8.self)
            switch body {
            case "lt": bytes.append(0x3C)
            case "gt": bytes.append(0x3E)
            case "amp": bytes.append(0x26)
            case "quot": bytes.append(0x22)
            case "apos": bytes.append(0x27)
            default:
                let digits = body.dropFirst(body.hasPrefix("#x") ? 2 : 1)
                guard body.hasPrefix("#"), !digits.isEmpty,
                      let code = UInt32(digits, radix: body.hasPrefix("#x") ? 16 : 10),
                      code != 0, let scalar = Unicode.Scalar(code) else { throw unknown(entity) }
                bytes.append(contentsOf: String(Character(scalar)).utf8)
            }
            index = end + 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
