import Foundation
import WellnessDomain

/// Reads a server's backup (``ServerBackupArchive``) from a byte source as a stream, one account
/// at a time: ``nextAccount()`` reads an account's entry and hands its archive over as a
/// ``ByteSource`` of its own, which the account's restore reads to its end (every check of an
/// account's archive is the account restore's). It holds one chunk of the file and one account
/// entry, never an account's data.
///
/// Used by one task at a time (a restore reads it in order).
final class ServerBackupReader: @unchecked Sendable {
    /// An account, and its archive's bytes to be read before the next account.
    struct Entry {
        let account: ServerBackupAccount
        /// The line the entry starts on.
        let line: Int
        /// The line the account's archive starts on.
        let archiveLine: Int
        let archive: any ByteSource
    }

    private enum State { case start, accounts(first: Bool), archive, end }

    private let source: any ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    private var state = State.start
    /// The line being read, from 1.
    private(set) var line = 1

    // The account's archive being handed over.
    private var depth = 0
    /// Where the account's archive being handed over stands in its strings.
    private var strings = JSONStringScan()

    init(source: any ByteSource) {
        self.source = source
    }

    /// The next account's entry, `nil` after the last; the previous account's archive must have
    /// been read to its end.
    func nextAccount() throws -> Entry? {
        switch state {
        case .start:
            try readHeader()
            return try nextAccount()
        case .accounts(let first):
            skipWhitespace()
            guard let byte = try peek() else { throw ServerBackupError.truncated(line: line) }
            if byte == UInt8(ascii: "]") {
                position += 1
                try expect("}")
                state = .end
                return nil
            }
            if !first {
                try expect(",")
                skipWhitespace()
            }
            return try readEntry()
        case .archive:
            preconditionFailure("an account's archive is read to its end before the next account")
        case .end:
            return nil
        }
    }

    /// Checks that the archive ended where it should: nothing but white space after it.
    func finish() throws {
        guard case .end = state else { throw ServerBackupError.truncated(line: line) }
        skipWhitespace()
        if let byte = try peek() { throw ServerBackupError.malformed(line: line, found: Self.describe(byte)) }
    }

    // MARK: - Structure

    /// `{"format": …, "version": …, "accounts": [`, the format first.
    private func readHeader() throws {
        skipByteOrderMark()
        skipWhitespace()
        guard try peek() == UInt8(ascii: "{") else { throw ServerBackupError.notAServerArchive }
        position += 1
        var version: Int?
        var first = true
        while true {
            skipWhitespace()
            if !first {
                try expectComma(before: "accounts")
            }
            let keyLine = line
            let key = try readKey()
            if first {
                guard key == "format" else { throw ServerBackupError.notAServerArchive }
                let value = try capture(limit: 256)
                guard (try? JSONDecoder().decode(String.self, from: Data(value))) == ServerBackupArchive.format else {
                    throw ServerBackupError.notAServerArchive
                }
                first = false
                continue
            }
            switch key {
            case "version" where version == nil:
                let value = try capture(limit: 64)
                guard let found = try? JSONDecoder().decode(Int.self, from: Data(value)), found >= 1 else {
                    throw ServerBackupError.malformed(line: keyLine, found: String(decoding: value.prefix(40), as: UTF8.self))
                }
                guard found <= ServerBackupArchive.version else {
                    throw ServerBackupError.newerVersion(found: found, supported: ServerBackupArchive.version)
                }
                version = found
            case "accounts":
                guard version != nil else { throw ServerBackupError.missing(line: keyLine, name: "version") }
                skipWhitespace()
                try expect("[")
                state = .accounts(first: true)
                return
            default:
                throw ServerBackupError.unexpectedMember(line: keyLine, name: key)
            }
        }
    }

    /// The comma before the next member, and the whitespace after it; an object closed there
    /// instead is missing the member `name`.
    private func expectComma(before name: String) throws {
        guard let byte = try next() else { throw ServerBackupError.truncated(line: line) }
        if byte == UInt8(ascii: "}") { throw ServerBackupError.missing(line: line, name: name) }
        guard byte == UInt8(ascii: ",") else { throw ServerBackupError.malformed(line: line, found: Self.describe(byte)) }
        skipWhitespace()
    }

    /// `{"account": {…}, "archive": ` — the archive is handed over from its first byte.
    private func readEntry() throws -> Entry {
        let entryLine = line
        try expect("{")
        skipWhitespace()
        let accountLine = line
        let key = try readKey()
        guard key == "account" else {
            if key == "archive" { throw ServerBackupError.missing(line: accountLine, name: "account") }
            throw ServerBackupError.unexpectedMember(line: accountLine, name: key)
        }
        let json = try capture(limit: ServerBackupArchive.maximumAccountBytes)
        let account: ServerBackupAccount
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .timestamp
            account = try decoder.decode(ServerBackupAccount.self, from: Data(json))
        } catch {
            throw ServerBackupError.invalidAccount(line: accountLine, reason: Self.describe(error),
                                                   cause: LocalizedText.rule(refusing: error))
        }
        skipWhitespace()
        try expectComma(before: "archive")
        let archiveKeyLine = line
        let archiveKey = try readKey()
        guard archiveKey == "archive" else { throw ServerBackupError.unexpectedMember(line: archiveKeyLine, name: archiveKey) }
        skipWhitespace()
        guard try peek() != nil else { throw ServerBackupError.truncated(line: line) }
        depth = 0
        strings = JSONStringScan()
        state = .archive
        return Entry(account: account, line: entryLine, archiveLine: line, archive: ArchiveBytes(reader: self))
    }

    /// The next bytes of the account's archive, up to its closing brace; `nil` after it.
    fileprivate func nextArchiveChunk() throws -> [UInt8]? {
        guard case .archive = state else { return nil }
        guard try fill() else { throw ServerBackupError.truncated(line: line) }
        let start = position
        while position < buffer.count {
            let byte = buffer[position]
            position += 1
            if byte == 0x0A { line += 1 }
            if strings.take(byte) { continue }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 {
                    // Sliced before the entry's close is read: that may read the next chunk.
                    let last = Array(buffer[start..<position])
                    try closeEntry()
                    return last
                }
            default:
                if depth == 0, !Self.isWhitespace(byte) {
                    throw ServerBackupError.malformed(line: line, found: Self.describe(byte))
                }
            }
        }
        return Array(buffer[start..<position])
    }

    /// After an account's archive: the entry's closing brace must follow.
    private func closeEntry() throws {
        skipWhitespace()
        guard let byte = try next() else { throw ServerBackupError.truncated(line: line) }
        guard byte == UInt8(ascii: "}") else {
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                let keyLine = line
                throw ServerBackupError.unexpectedMember(line: keyLine, name: (try? readKey()) ?? "?")
            }
            throw ServerBackupError.malformed(line: line, found: Self.describe(byte))
        }
        state = .accounts(first: false)
    }

    // MARK: - Bytes

    /// Whether a byte is waiting, reading the next chunk when the buffer is used up.
    private func fill() throws -> Bool {
        while position >= buffer.count {
            if ended { return false }
            guard let chunk = try source.nextChunk() else {
                ended = true
                return false
            }
            buffer = chunk
            position = 0
        }
        return true
    }

    private func peek() throws -> UInt8? { try fill() ? buffer[position] : nil }

    private func next() throws -> UInt8? {
        guard try fill() else { return nil }
        let byte = buffer[position]
        position += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func skipWhitespace() {
        while let byte = try? peek(), Self.isWhitespace(byte) { _ = try? next() }
    }

    private func skipByteOrderMark() {
        for mark: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard (try? peek()) == mark else { return }
            position += 1
        }
    }

    private func expect(_ character: Unicode.Scalar) throws {
        skipWhitespace()
        guard let byte = try next() else { throw ServerBackupError.truncated(line: line) }
        guard byte == UInt8(ascii: character) else { throw ServerBackupError.malformed(line: line, found: Self.describe(byte)) }
    }

    /// A key and its colon.
    private func readKey() throws -> String {
        guard let quote = try next() else { throw ServerBackupError.truncated(line: line) }
        guard quote == UInt8(ascii: "\"") else { throw ServerBackupError.malformed(line: line, found: Self.describe(quote)) }
        var bytes: [UInt8] = [quote]
        var strings = JSONStringScan()
        _ = strings.take(quote)
        while strings.inString {
            guard let byte = try next() else { throw ServerBackupError.truncated(line: line) }
            bytes.append(byte)
            guard bytes.count <= 1024 else { throw ServerBackupError.tooLarge(line: line, kilobytes: 1) }
            _ = strings.take(byte)
        }
        try expect(":")
        skipWhitespace()
        guard let key = try? JSONDecoder().decode(String.self, from: Data(bytes)) else {
            throw ServerBackupError.malformed(line: line, found: String(decoding: bytes.prefix(40), as: UTF8.self))
        }
        return key
    }

    /// One whole JSON value (an object, array, string or scalar), at most `limit` bytes.
    private func capture(limit: Int) throws -> [UInt8] {
        skipWhitespace()
        let startLine = line
        var bytes: [UInt8] = []
        var depth = 0
        var strings = JSONStringScan()
        while let byte = try peek() {
            if !strings.inString, depth == 0, !bytes.isEmpty, bytes.first != UInt8(ascii: "\"") {
                // A scalar ends at what cannot be part of it; an object or array ended at its close.
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || Self.isWhitespace(byte) {
                    return bytes
                }
            }
            _ = try next()
            bytes.append(byte)
            guard bytes.count <= limit else { throw ServerBackupError.tooLarge(line: startLine, kilobytes: max(1, limit >> 10)) }
            let wasInString = strings.inString
            if strings.take(byte) {
                // A string value ends at its closing quote.
                if wasInString, !strings.inString, depth == 0 { return bytes }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return bytes }
                if depth < 0 { throw ServerBackupError.malformed(line: line, found: Self.describe(byte)) }
            default: break
            }
        }
        throw ServerBackupError.truncated(line: line)
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "0x%02X", byte)
    }

    /// A decoding error in a few words.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case DecodingError.valueNotFound(_, let context), DecodingError.typeMismatch(_, let context),
             DecodingError.dataCorrupted(let context):
            (context.codingPath.last.map { $0.stringValue + ": " } ?? "") + context.debugDescription
        default: "\(error)"
        }
    }
}

/// An account's archive inside a server's backup, as a source of its own.
/// Where a byte of JSON text stands: in a string or not, and after an escaping backslash.
private struct JSONStringScan {
    private(set) var inString = false
    private var escaped = false

    /// Takes `byte`; true when it belongs to a string, its quotes included.
    mutating func take(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return true
        }
        guard byte == UInt8(ascii: "\"") else { return false }
        inString = true
        return true
    }
}

private final class ArchiveBytes: ByteSource {
    let reader: ServerBackupReader

    init(reader: ServerBackupReader) {
        self.reader = reader
    }

    var totalBytes: Int? { nil }

    func nextChunk() throws -> [UInt8]? { try reader.nextArchiveChunk() }
}
