import Foundation

/// Documents (what was said about each file), by id.
public enum DocumentRecords: RecordKind {
    public static let collection: RecordCollection = "documents"
    /// Documents came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of document: Document) -> Document.ID { document.id }

    /// Title, file name and size as `documents add` checks them (``Document/check()``).
    public static func validate(_ document: Document) throws(RecordRejection) {
        try RecordRejection.checking { try document.check() }
    }

    /// Oldest added first.
    public static func precedes(_ lhs: Document, _ rhs: Document) -> Bool {
        (lhs.added, lhs.id.description) < (rhs.added, rhs.id.description)
    }

    /// Each of its chunks, which must be there.
    public static func references(of document: Document) -> [RecordReference] {
        document.chunkKeys.map { RecordReference(to: DocumentChunkRecords.self, $0, noun: "document chunk \($0)") }
    }
}

/// The bytes of the documents, in chunks of at most ``Document/chunkBytes``, by `<uuid>/<index>`.
public enum DocumentChunkRecords: RecordKind {
    public static let collection: RecordCollection = "documentChunks"
    /// Document chunks came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of chunk: DocumentChunk) -> DocumentChunk.Key { chunk.key }

    /// The index and size a chunk may have (``DocumentChunk/check()``).
    public static func validate(_ chunk: DocumentChunk) throws(RecordRejection) {
        try chunk.check()
    }

    /// By document, then index.
    public static func precedes(_ lhs: DocumentChunk, _ rhs: DocumentChunk) -> Bool { lhs.key < rhs.key }
}

extension RecordCollection {
    public static var documents: RecordCollection { DocumentRecords.collection }
    public static var documentChunks: RecordCollection { DocumentChunkRecords.collection }
}
