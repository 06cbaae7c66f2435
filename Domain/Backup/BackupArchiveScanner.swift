import Foundation

/// Splits a backup archive, fed in chunks of any size, into its top-level values and the records
/// of its collections, each as the bytes of one JSON value with the line it starts on. It holds
/// one value at a time, never the archive. Any layout of the JSON is read (whitespace and line
/// breaks anywhere, keys in any order); the values themselves are checked by whoever decodes them.
public struct BackupArchiveScanner {
    /// What the archive holds, in the order it holds it.
    public enum Item: Equatable {
        /// A top-level value other than `collections` (its name and JSON).
        case member(name: String, json: [UInt8], line: Int)
        /// The start of a collection's array.
        case collection(name: String, line: Int)
        /// One element of a collection's array; `index` counts from 1.
        case record(collection: String, index: Int, json: [UInt8], line: Int)
    }

    /// The longest value (a record, the settings) read, in bytes.
    public static let maximumValueBytes = 16 << 20
    /// The longest number, `true`, `false` or `null` read, in characters, at the top level and
    /// inside a record alike: a double's longest spelling is 24.
    public static let maximumScalarBytes = 64
    /// The deepest nesting of arrays and objects inside one value: a record nests three deep.
    public static let maximumNesting = 32

    private enum Place { case beforeRoot, root, collections, array, afterRoot }
    private enum Expect { case keyOrEnd, key, colon, valueOrEnd, value, commaOrEnd }

    private var place = Place.beforeRoot
    private var expect = Expect.value
    /// The line being read, counted from 1.
    public private(set) var line = 1
    private var bytesSeen = 0

    private var readingKey = false
    private var keyEscaped = false
    private var key: [UInt8] = []
    private var member = ""
    private var collection = ""
    private var index = 0

    private var capturing = false
    private var captured: [UInt8] = []
    private var capturedLine = 0
    private var nesting = 0
    private var inString = false
    private var escaped = false
    private var scalar = false
    /// The characters of the number, `true`, `false` or `null` being read inside a captured
    /// object or array.
    private var scalarRun = 0

    public init() {}

    /// Reads `chunk`, calling `handle` with every item it completes.
    public mutating func consume(_ chunk: some Collection<UInt8>, _ handle: (Item) throws -> Void) throws {
        for byte in chunk {
            bytesSeen += 1
            // A byte-order mark before the root is skipped.
            if place == .beforeRoot, bytesSeen <= 3, byte == [0xEF, 0xBB, 0xBF][bytesSeen - 1] { continue }
            if capturing {
                if try capture(byte, handle) { continue }
            }
            if byte == 0x0A { line += 1 }
            if readingKey {
                try readKey(byte)
                continue
            }
            try structure(byte, handle)
        }
    }

    /// Checks that the archive ended where it should. A file with no JSON in it at all (empty,
    /// white space, a byte-order mark) is no archive rather than one cut short.
    public func finish() throws {
        guard place == .afterRoot else {
            if place == .beforeRoot { throw BackupError.notAnArchive }
            throw BackupError.truncated(line: line)
        }
    }

    // MARK: - Values

    /// Adds `byte` to the value being captured; returns `false` when the byte is not part of it
    /// (the delimiter that ends a number, `true`, `false` or `null`), which the structure reads.
    private mutating func capture(_ byte: UInt8, _ handle: (Item) throws -> Void) throws -> Bool {
        if scalar {
            switch byte {
            case 0x2C, 0x5D, 0x7D, 0x20, 0x09, 0x0A, 0x0D:
                try emit(handle)
                return false
            default:
                captured.append(byte)
                guard captured.count <= Self.maximumScalarBytes else {
                    throw BackupError.scalarTooLong(line: capturedLine, characters: Self.maximumScalarBytes)
                }
                return true
            }
        }
        if byte == 0x0A { line += 1 }
        captured.append(byte)
        guard captured.count <= Self.maximumValueBytes else {
            throw BackupError.tooLarge(line: capturedLine, megabytes: Self.maximumValueBytes >> 20)
        }
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                inString = false
                if nesting == 0 { try emit(handle) }
            }
            return true
        }
        switch byte {
        case 0x22:
            inString = true
            scalarRun = 0
        case 0x7B, 0x5B:
            nesting += 1
            scalarRun = 0
            guard nesting <= Self.maximumNesting else {
                throw BackupError.nestedTooDeep(line: line, limit: Self.maximumNesting)
            }
        case 0x7D, 0x5D:
            nesting -= 1
            scalarRun = 0
            if nesting == 0 { try emit(handle) }
        case 0x2C, 0x3A, 0x20, 0x09, 0x0A, 0x0D:
            scalarRun = 0
        default:
            // A number (or `true`, `false`, `null`) inside a record: as long as one at the top level.
            scalarRun += 1
            guard scalarRun <= Self.maximumScalarBytes else {
                throw BackupError.scalarTooLong(line: line, characters: Self.maximumScalarBytes)
            }
        }
        return true
    }

    /// Starts capturing a value at `byte`, its first.
    private mutating func startValue(_ byte: UInt8, _ handle: (Item) throws -> Void) throws {
        switch byte {
        case 0x7B, 0x5B, 0x22, 0x2D, 0x30...0x39, 0x74, 0x66, 0x6E: break
        default: throw malformed(byte)
        }
        capturing = true
        captured.removeAll(keepingCapacity: true)
        capturedLine = line
        nesting = 0
        scalarRun = 0
        inString = false
        escaped = false
        scalar = !(byte == 0x7B || byte == 0x5B || byte == 0x22)
        if scalar {
            captured.append(byte)
        } else {
            _ = try capture(byte, handle)
        }
    }

    private mutating func emit(_ handle: (Item) throws -> Void) throws {
        capturing = false
        expect = .commaOrEnd
        if place == .array {
            try handle(.record(collection: collection, index: index, json: captured, line: capturedLine))
        } else {
            try handle(.member(name: member, json: captured, line: capturedLine))
        }
    }

    // MARK: - Structure

    private mutating func structure(_ byte: UInt8, _ handle: (Item) throws -> Void) throws {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: return
        default: break
        }
        switch (place, expect) {
        case (.beforeRoot, _):
            guard byte == 0x7B else { throw BackupError.notAnArchive }
            place = .root
            expect = .keyOrEnd
        case (.afterRoot, _):
            throw malformed(byte)
        case (.root, .keyOrEnd), (.root, .key), (.collections, .keyOrEnd), (.collections, .key):
            if byte == 0x22 {
                readingKey = true
                key.removeAll(keepingCapacity: true)
            } else if byte == 0x7D, expect == .keyOrEnd {
                closeObject()
            } else {
                throw malformed(byte)
            }
        case (_, .colon):
            guard byte == 0x3A else { throw malformed(byte) }
            expect = .value
        case (.root, .value):
            if member == "collections" {
                guard byte == 0x7B else { throw malformed(byte) }
                place = .collections
                expect = .keyOrEnd
            } else {
                try startValue(byte, handle)
            }
        case (.collections, .value):
            guard byte == 0x5B else { throw malformed(byte) }
            place = .array
            index = 0
            expect = .valueOrEnd
            try handle(.collection(name: collection, line: line))
        case (.array, .valueOrEnd), (.array, .value):
            if byte == 0x5D, expect == .valueOrEnd {
                place = .collections
                expect = .commaOrEnd
            } else {
                index += 1
                try startValue(byte, handle)
            }
        case (_, .commaOrEnd):
            if byte == 0x2C {
                expect = place == .array ? .value : .key
            } else if byte == (place == .array ? 0x5D : 0x7D) {
                if place == .array {
                    place = .collections
                    expect = .commaOrEnd
                } else {
                    closeObject()
                }
            } else {
                throw malformed(byte)
            }
        default:
            throw malformed(byte)
        }
    }

    private mutating func closeObject() {
        if place == .root {
            place = .afterRoot
        } else {
            place = .root
            expect = .commaOrEnd
        }
    }

    private mutating func readKey(_ byte: UInt8) throws {
        if keyEscaped {
            keyEscaped = false
        } else if byte == 0x5C {
            keyEscaped = true
        } else if byte == 0x22 {
            readingKey = false
            let name = Self.decodeKey(key)
            if place == .root { member = name } else { collection = name }
            expect = .colon
            return
        }
        key.append(byte)
        guard key.count <= 1024 else { throw BackupError.tooLarge(line: line, megabytes: Self.maximumValueBytes >> 20) }
    }

    /// A key's text; escapes other than `\"` and `\\` are kept as written (no key of an archive has any).
    private static func decodeKey(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(0x5C) {
            text = text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        return text
    }

    private func malformed(_ byte: UInt8) -> BackupError {
        let found = (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "byte \(byte)"
        return .malformed(line: line, found: found)
    }
}
