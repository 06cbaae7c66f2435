import Foundation

/// A dog's document kept in the store (`documents add`): a vaccination record, a vet's letter,
/// an insurance policy, a pedigree. The record holds what the person said about it and the
/// file's size; its bytes are kept beside it as ``DocumentChunk``s of at most
/// ``chunkBytes`` each, so no store, backup or batch ever holds a value larger than that.
public struct Document: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<Document, UUID>

    /// What a document is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case vaccination, vet, insurance, pedigree, other

        /// The kind named `text` (any case, white space around it ignored), or an
        /// ``InvalidValue`` naming it and the kinds there are.
        public static func parse(_ text: String) throws(InvalidValue) -> Kind {
            guard let kind = Kind(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw InvalidValue(kind: .documentKind, value: text, valid: allCases.map(\.rawValue))
            }
            return kind
        }
    }

    /// The document's own id.
    public let id: ID
    /// What the person called it: at most ``maximumTitleLength`` characters of ``PlainText``.
    public let title: String
    /// What it is.
    public let kind: Kind
    /// The last local day it is valid on, if it expires.
    public let expires: LocalDay?
    /// The name of the file it was added from (its last path component), at most
    /// ``maximumFileNameLength`` characters of ``PlainText`` without a `/`.
    public let fileName: String
    /// The file's size in bytes, at most ``maximumBytes``.
    public let byteCount: Int
    /// When it was added.
    public let added: Date
    /// How many chunks hold its bytes: always ``chunkCount(for:)`` of ``byteCount``.
    public let chunkCount: Int

    /// The largest document, in bytes: 20 MB.
    public static let maximumBytes = 20 << 20
    /// The most bytes one chunk holds: 1 MB.
    public static let chunkBytes = 1 << 20
    /// The longest title, in characters.
    public static let maximumTitleLength = 200
    /// The longest file name, in characters.
    public static let maximumFileNameLength = 255
    /// How many days before it expires a document falls due.
    public static let dueDaysBeforeExpiry = 30

    /// A document that follows the rules: a title (trimmed, not empty), a file name (its last
    /// path component is kept), at most ``maximumBytes``.
    public init(id: ID = ID(), title: String, kind: Kind = .other, expires: LocalDay? = nil, fileName: String,
                byteCount: Int, added: Date) throws(DocumentError) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? ""
        self.init(stored: id, title: title.trimmingCharacters(in: .whitespacesAndNewlines), kind: kind, expires: expires,
                  fileName: name.trimmingCharacters(in: .whitespacesAndNewlines), byteCount: byteCount, added: added,
                  chunkCount: Self.chunkCount(for: max(0, byteCount)))
        try check()
    }

    /// A document as stored, checked by ``check()`` where it enters.
    public init(stored id: ID, title: String, kind: Kind, expires: LocalDay?, fileName: String, byteCount: Int,
                added: Date, chunkCount: Int) {
        self.id = id
        self.title = title
        self.kind = kind
        self.expires = expires
        self.fileName = fileName
        self.byteCount = byteCount
        self.added = Timestamp.fromMilliseconds(Timestamp.milliseconds(added))
        self.chunkCount = chunkCount
    }

    /// Refuses an empty or too long title or file name, one with a control character (or a `/`
    /// in the file name), a size over ``maximumBytes`` (or below zero), and a chunk count that
    /// does not fit the size.
    public func check() throws(DocumentError) {
        guard !title.isEmpty else { throw .emptyTitle }
        guard title.count <= Self.maximumTitleLength else { throw .titleTooLong(title.count) }
        do { try PlainText.check(title, .title) } catch { throw .controlCharacter(error) }
        guard !fileName.isEmpty, !fileName.contains("/") else { throw .invalidFileName(fileName) }
        guard fileName.count <= Self.maximumFileNameLength else { throw .fileNameTooLong(fileName.count) }
        do { try PlainText.check(fileName, .name) } catch { throw .controlCharacter(error) }
        guard byteCount >= 0, byteCount <= Self.maximumBytes else { throw .tooLarge(file: fileName, bytes: byteCount) }
        guard chunkCount == Self.chunkCount(for: byteCount) else {
            throw .incomplete(title: title, chunks: chunkCount, expected: Self.chunkCount(for: byteCount))
        }
    }

    /// How many chunks of at most ``chunkBytes`` hold `byteCount` bytes (none for an empty file).
    public static func chunkCount(for byteCount: Int) -> Int {
        (byteCount + chunkBytes - 1) / chunkBytes
    }

    /// The keys of the chunks that hold the document's bytes, in order.
    public var chunkKeys: [DocumentChunk.Key] {
        (0..<chunkCount).map { DocumentChunk.Key(document: id, index: $0) }
    }

    /// `bytes`, the document's, cut into its chunks in order. `bytes` must be ``byteCount`` long.
    public func chunks(of bytes: Data) -> [DocumentChunk] {
        precondition(bytes.count == byteCount, "the bytes of another document")
        return (0..<chunkCount).map { index in
            let start = bytes.startIndex + index * Self.chunkBytes
            let end = min(start + Self.chunkBytes, bytes.endIndex)
            return DocumentChunk(document: id, index: index, bytes: Data(bytes[start..<end]))
        }
    }

    /// The document's bytes put back together from `chunks` (in any order): each chunk of
    /// ``chunkKeys`` exactly once, adding up to ``byteCount``, or ``DocumentError/incomplete(title:chunks:expected:)``.
    public func assemble(_ chunks: [DocumentChunk]) throws(DocumentError) -> Data {
        let ordered = chunks.filter { $0.document == id }.sorted { $0.index < $1.index }
        guard ordered.map(\.index) == Array(0..<chunkCount) else {
            throw .incomplete(title: title, chunks: ordered.count, expected: chunkCount)
        }
        var bytes = Data(capacity: byteCount)
        for chunk in ordered { bytes.append(chunk.bytes) }
        guard bytes.count == byteCount else { throw .incomplete(title: title, chunks: ordered.count, expected: chunkCount) }
        return bytes
    }

    /// The moment the document falls due: the start of the local day ``dueDaysBeforeExpiry``
    /// days before it expires, in `calendar`'s zone; `nil` when it does not expire.
    public func dueSince(in calendar: Calendar) -> Date? {
        expires.map { $0.adding(days: -Self.dueDaysBeforeExpiry).start(in: calendar) }
    }
}

/// Up to ``Document/chunkBytes`` of a document's bytes: the chunk at `index` (from 0).
public struct DocumentChunk: Sendable, Equatable, Codable {
    /// A chunk's identity: its document and place, written `<uuid>/<index>`.
    public struct Key: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The document the chunk belongs to.
        public let document: Document.ID
        /// The chunk's place, from 0.
        public let index: Int

        /// The key of chunk `index` of `document`.
        public init(document: Document.ID, index: Int) {
            self.document = document
            self.index = index
        }

        public var description: String { "\(document)/\(index)" }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.document.description, lhs.index) < (rhs.document.description, rhs.index)
        }
    }

    /// The document the chunk belongs to.
    public let document: Document.ID
    /// Its place among the document's chunks, from 0.
    public let index: Int
    /// Its bytes: 1 to ``Document/chunkBytes`` of them.
    public let bytes: Data

    /// Chunk `index` of `document`, holding `bytes`; checked by ``check()`` where it enters.
    public init(document: Document.ID, index: Int, bytes: Data) {
        self.document = document
        self.index = index
        self.bytes = bytes
    }

    /// The chunk's identity.
    public var key: Key { Key(document: document, index: index) }

    /// Refuses an index outside the chunks a document of ``Document/maximumBytes`` can have, and
    /// a chunk that is empty or holds more than ``Document/chunkBytes``.
    public func check() throws(RecordRejection) {
        guard (0..<Document.chunkCount(for: Document.maximumBytes)).contains(index) else {
            throw RecordRejection("chunk \(index) of a document of at most \(Document.chunkCount(for: Document.maximumBytes))")
        }
        guard (1...Document.chunkBytes).contains(bytes.count) else {
            throw RecordRejection("a chunk of \(bytes.count) bytes; from 1 to \(Document.chunkBytes) are allowed")
        }
    }
}

/// Why a document was refused or could not be read back.
public enum DocumentError: WellnessError, Hashable {
    case emptyTitle
    case titleTooLong(Int)
    case invalidFileName(String)
    case fileNameTooLong(Int)
    case controlCharacter(ControlCharacterError)
    /// The file (its name) is larger than a document may be (its size in bytes).
    case tooLarge(file: String, bytes: Int)
    /// No document's id is or starts with the reference.
    case notFound(String)
    /// The reference is the start of several documents' ids.
    case ambiguous(String)
    /// The document's chunks are not all there (the title, the chunks found, those expected).
    case incomplete(title: String, chunks: Int, expected: Int)

    public enum Code: String, CaseIterable, Sendable {
        case emptyTitle, titleTooLong, invalidFileName, fileNameTooLong, controlCharacter, tooLarge, notFound, ambiguous,
             incomplete
    }

    public static let family = "document"

    public var code: Code {
        switch self {
        case .emptyTitle: .emptyTitle
        case .titleTooLong: .titleTooLong
        case .invalidFileName: .invalidFileName
        case .fileNameTooLong: .fileNameTooLong
        case .controlCharacter: .controlCharacter
        case .tooLarge: .tooLarge
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .incomplete: .incomplete
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyTitle: []
        case .titleTooLong(let count): [.number(count), .number(Document.maximumTitleLength)]
        case .invalidFileName(let name): [.verbatim(PlainText.visible(name))]
        case .fileNameTooLong(let count): [.number(count), .number(Document.maximumFileNameLength)]
        case .controlCharacter(let error): [.text(error.message)]
        case .tooLarge(let file, let bytes):
            [.verbatim(PlainText.visible(file)), .number(bytes), .number(Document.maximumBytes >> 20)]
        case .notFound(let reference), .ambiguous(let reference): [.verbatim(PlainText.visible(reference))]
        case .incomplete(let title, let chunks, let expected):
            [.verbatim(PlainText.visible(title)), .number(chunks), .number(expected)]
        }
    }
}
