import Foundation

/// Writes a backup archive (see ``BackupArchive``) to `write` in chunks: the header and settings,
/// then every collection in ``BackupCollection`` order, one record per line, keys sorted, so the
/// same records always give the same bytes. Every collection is written, empty ones as `[]`.
public struct BackupArchiveWriter {
    private let write: ([UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    private var current: BackupCollection?
    private var recordsInCurrent = 0
    private var started = false
    public private(set) var counts = BackupCounts()

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }()

    /// Bytes are handed to `write` about 64 KB at a time.
    public init(write: @escaping ([UInt8]) throws -> Void) {
        self.write = write
    }

    /// Writes the header and the settings; call it first, once.
    public mutating func begin(settings: BackupSettings) throws {
        precondition(!started, "begin(settings:) is called once, first")
        started = true
        append("{\"format\":")
        append(try encoder.encode(BackupArchive.format))
        append(",\"version\":\(BackupArchive.version),\n\"settings\":")
        append(try encoder.encode(settings))
        append(",\n\"collections\":{")
    }

    /// Writes `record`; records come collection by collection, in ``BackupCollection`` order.
    public mutating func append(_ record: BackupRecord) throws {
        try open(record.collection)
        append(recordsInCurrent == 0 ? "\n" : ",\n")
        append(try encode(record))
        recordsInCurrent += 1
        counts[record.collection] += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Closes the collections still open (writing the empty ones) and the document, and hands
    /// over the last bytes.
    public mutating func finish() throws {
        precondition(started, "begin(settings:) comes first")
        if let last = BackupCollection.allCases.last { try open(last) }
        append("\n]\n}}\n")
        current = nil
        try flush()
    }

    /// Closes the collection being written and opens every one up to `collection`.
    private mutating func open(_ collection: BackupCollection) throws {
        precondition(started, "begin(settings:) comes first")
        if let current {
            precondition(current <= collection, "records come in collection order: \(collection) after \(current)")
            if current == collection { return }
        }
        for next in BackupCollection.allCases where current.map({ $0 < next }) ?? true {
            guard next <= collection else { break }
            if current != nil { append("\n],") }
            append("\n\"\(next.rawValue)\":[")
            current = next
            recordsInCurrent = 0
        }
    }

    private func encode(_ record: BackupRecord) throws -> Data {
        switch record {
        case .supplementLog(let value): try encoder.encode(value)
        case .goal(let value): try encoder.encode(value)
        case .goalTips(let value): try encoder.encode(value)
        case .journal(let value): try encoder.encode(value)
        case .mood(let value): try encoder.encode(value)
        case .checkin(let value): try encoder.encode(value)
        case .queuedCheckin(let value): try encoder.encode(value)
        case .completion(let value): try encoder.encode(value)
        case .decision(let value): try encoder.encode(value)
        case .nudgeSnooze(let value): try encoder.encode(value)
        case .weight(let value): try encoder.encode(value)
        case .health(let value): try encoder.encode(value)
        }
    }

    private mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }
    private mutating func append(_ data: Data) { buffer.append(contentsOf: data) }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
