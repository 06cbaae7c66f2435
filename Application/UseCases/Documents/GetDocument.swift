import Foundation
import WellnessDomain

/// A document's bytes, put back together from its chunks.
public struct GetDocument: Sendable {
    let list: ListDocuments
    let chunks: any RecordRepository<DocumentChunkRecords>

    /// A use case finding documents with `list` and reading their bytes from `chunks`.
    public init(list: ListDocuments, chunks: any RecordRepository<DocumentChunkRecords>) {
        self.list = list
        self.chunks = chunks
    }

    /// The document `reference` names (its id or the id's start) and its bytes. Throws
    /// `ModuleOffError` when the documents module is off, `InvalidValue` or `DocumentError` for
    /// a reference that names no document (or several), and `DocumentError.incomplete` when a
    /// chunk is missing or the bytes do not add up to the document's size.
    public func execute(_ reference: String) async throws -> (document: Document, bytes: Data) {
        try await ModuleOffError.requireOn(.documents, in: list.modules, now: list.time.now())
        let document = try await list.find(reference)
        return (document, try document.assemble(try await chunks.records(document.chunkKeys)))
    }
}
