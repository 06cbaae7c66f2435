import Foundation

/// Writes a backup archive (see ``BackupArchive``) to `write` in chunks: the header and settings,
/// then every collection in its registry's order, one record per line, keys sorted, so the
/// same records always give the same bytes. Every collection is written, empty ones as `[]`.
public struct BackupArchiveWriter {
    private let write: ([UInt8]) throws -> Void
    private let registry: RecordRegistry
    private var buffer: [UInt8] = []
    /// The position in the registry of the collection being written, and its kind.
    private var current: Int?
    private var currentKind: ObjectIdentifier?
    private var recordsInCurrent = 0
    private var started = false
    /// The counts of the collections closed so far.
    private var closedCounts: BackupCounts

    /// How many records of each collection were written.
    public var counts: BackupCounts {
        var counts = closedCounts
        if let current { counts[registry.collections[current]] += recordsInCurrent }
        return counts
    }

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }()

    /// An archive of `registry`'s collections; bytes are handed to `write` about 64 KB at a time.
    public init(registry: RecordRegistry = .standard, write: @escaping ([UInt8]) throws -> Void) {
        self.write = write
        self.registry = registry
        self.closedCounts = BackupCounts(registry: registry)
    }

    /// Writes the header and the settings; call it first, once.
    public mutating func begin(settings: BackupSettings) throws {
        precondition(!started, "begin(settings:) is called once, first")
        started = true
        append("{\"format\":")
        append(try encoder.encode(BackupArchive.format))
        append(",\"version\":\(registry.archiveVersion),\n\"settings\":")
        append(try encoder.encode(settings))
        append(",\n\"collections\":{")
    }

    /// Writes `record`; records come collection by collection, in the registry's order.
    public mutating func append(_ record: AnyRecord) throws {
        try append(opening: record.kind, record.value)
    }

    private mutating func append<Kind: RecordKind>(opening kind: Kind.Type, _ value: any Sendable) throws {
        try append(Kind.cast(value), of: kind)
    }

    /// Writes `record` of `kind`; records come collection by collection, in the registry's order.
    public mutating func append<Kind: RecordKind>(_ record: Kind.Record, of kind: Kind.Type) throws {
        if currentKind != ObjectIdentifier(kind) {
            guard let position = registry.position(of: kind.collection) else {
                preconditionFailure("\(kind.collection) is not a collection of this archive's registry")
            }
            try open(position)
            currentKind = ObjectIdentifier(kind)
        }
        append(recordsInCurrent == 0 ? "\n" : ",\n")
        append(try encoder.encode(record))
        recordsInCurrent += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Closes the collections still open (writing the empty ones) and the document, and hands
    /// over the last bytes.
    public mutating func finish() throws {
        precondition(started, "begin(settings:) comes first")
        if registry.kinds.isEmpty {
            append("}}\n")
        } else {
            try open(registry.kinds.count - 1)
            append("\n]\n}}\n")
        }
        if let current { closedCounts[registry.collections[current]] += recordsInCurrent }
        current = nil
        currentKind = nil
        recordsInCurrent = 0
        try flush()
    }

    /// Closes the collection being written and opens every one up to the one at `position`.
    private mutating func open(_ position: Int) throws {
        precondition(started, "begin(settings:) comes first")
        if let current {
            precondition(current <= position, "records come in collection order: "
                + "\(registry.collections[position]) after \(registry.collections[current])")
            if current == position { return }
        }
        for next in (current.map { $0 + 1 } ?? 0)...position {
            if let current {
                append("\n],")
                closedCounts[registry.collections[current]] += recordsInCurrent
            }
            append("\n\"\(registry.collections[next].rawValue)\":[")
            current = next
            recordsInCurrent = 0
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
