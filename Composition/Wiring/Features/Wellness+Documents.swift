import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Documents (the documents module of seed 000): copies of the dog's files — vaccination
    /// records, vet letters, insurance, a pedigree — kept in the store in chunks of at most 1 MB,
    /// so backup, restore and migrate carry them; one expiring within 30 days is due. Every write
    /// records a use of the module; every call is refused with `ModuleOffError` while the module is off.
    public struct Documents: Sendable {
        let addDocument: AddDocument
        let listDocuments: ListDocuments
        let getDocument: GetDocument
        let removeDocument: RemoveDocument

        init(repositories: WellnessRepositories, time: TimeContext) {
            let documents = repositories.tracker(for: DocumentRecords.self)
            let chunks = repositories.tracker(for: DocumentChunkRecords.self)
            addDocument = AddDocument(documents: documents, chunks: chunks, time: time)
            listDocuments = ListDocuments(documents: documents.records, modules: repositories.moduleSettings, time: time)
            getDocument = GetDocument(list: listDocuments, chunks: chunks.records)
            removeDocument = RemoveDocument(list: listDocuments, documents: documents, chunks: chunks)
        }

        /// Keeps `bytes`, the file `fileName`, as a document called `title`, of `kind`, valid through `expires`.
        @discardableResult
        public func add(_ bytes: Data, fileName: String, title: String, kind: Document.Kind = .other,
                        expires: LocalDay? = nil) async throws -> Document {
            try await addDocument.execute(bytes, fileName: fileName, title: title, kind: kind, expires: expires)
        }

        /// Keeps what `source` holds (the file `fileName`), refusing one over 20 MB before reading it whole.
        @discardableResult
        public func add(from source: any ByteSource, fileName: String, title: String, kind: Document.Kind = .other,
                        expires: LocalDay? = nil) async throws -> Document {
            try await addDocument.execute(from: source, fileName: fileName, title: title, kind: kind, expires: expires)
        }

        /// Every document, oldest added first.
        public func list() async throws -> [Document] { try await listDocuments.execute() }

        /// The document `reference` (its id or the id's start) names, and its bytes.
        public func get(_ reference: String) async throws -> (document: Document, bytes: Data) {
            try await getDocument.execute(reference)
        }

        /// Removes the document `reference` names, and its bytes.
        @discardableResult
        public func remove(_ reference: String) async throws -> Document { try await removeDocument.execute(reference) }
    }
}
