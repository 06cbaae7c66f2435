import Foundation
import WellnessDomain

/// Removes a document and then its chunks, each write recording a use of the documents module.
public struct RemoveDocument: Sendable {
    let list: ListDocuments
    let documents: ModuleTracker<DocumentRecords>
    let chunks: ModuleTracker<DocumentChunkRecords>

    /// A use case finding documents with `list` and writing through `documents` and `chunks`.
    public init(list: ListDocuments, documents: ModuleTracker<DocumentRecords>,
                chunks: ModuleTracker<DocumentChunkRecords>) {
        self.list = list
        self.documents = documents
        self.chunks = chunks
    }

    /// Removes the document `reference` names (its id or the id's start) and its bytes, and
    /// returns it. Throws `ModuleOffError` when the documents module is off, and `InvalidValue`
    /// or `DocumentError` for a reference that names no document (or several); nothing is
    /// removed then.
    @discardableResult
    public func execute(_ reference: String) async throws -> Document {
        let now = list.time.now()
        try await ModuleOffError.requireOn(.documents, in: documents.modules, now: now)
        let document = try await list.find(reference)
        try await documents.write([], removing: [document.id], module: .documents, at: now)
        do {
            try await chunks.write([], removing: document.chunkKeys, module: .documents, at: now)
        } catch {
            // The module switched off between the two writes: the document is gone, so are its bytes.
            for key in document.chunkKeys { _ = try await chunks.records.remove(key) }
        }
        return document
    }
}
