import Foundation
import WellnessDomain

/// Keeps a copy of a file in the store: its chunks first, then the document that names them,
/// each write recording a use of the documents module. A document is listed only once all its
/// bytes are stored.
public struct AddDocument: Sendable {
    let documents: ModuleTracker<DocumentRecords>
    let chunks: ModuleTracker<DocumentChunkRecords>
    let time: TimeContext

    /// A use case writing through `documents` and `chunks` (``WellnessRepositories/tracker(for:)``),
    /// with now from `time`.
    public init(documents: ModuleTracker<DocumentRecords>, chunks: ModuleTracker<DocumentChunkRecords>,
                time: TimeContext) {
        self.documents = documents
        self.chunks = chunks
        self.time = time
    }

    /// Keeps `bytes`, the file named `fileName` (its last path component is kept), as a document
    /// called `title`, of `kind`, valid through `expires`. Throws `ModuleOffError` when the
    /// documents module is off and `DocumentError` for a bad title or name or a file over
    /// `Document.maximumBytes`; nothing is saved then.
    @discardableResult
    public func execute(_ bytes: Data, fileName: String, title: String, kind: Document.Kind = .other,
                        expires: LocalDay? = nil) async throws -> Document {
        let now = time.now()
        try await ModuleOffError.requireOn(.documents, in: documents.modules, now: now)
        let document = try Document(title: title, kind: kind, expires: expires, fileName: fileName,
                                    byteCount: bytes.count, added: now)
        try await chunks.write(document.chunks(of: bytes), removing: [], module: .documents, at: now)
        do {
            try await documents.write([document], removing: [], module: .documents, at: now)
        } catch {
            // The module switched off (or the store failed) between the two writes: the chunks
            // no document names go again, so nothing is kept half-way.
            for key in document.chunkKeys { _ = try? await chunks.records.remove(key) }
            throw error
        }
        return document
    }

    /// Keeps what `source` holds, as ``execute(_:fileName:title:kind:expires:)`` does. The title
    /// and name are checked before anything is read, and the size before the file is read
    /// whole: a source larger than `Document.maximumBytes` is refused as soon as that is known
    /// (its size up front, else once that many bytes came), naming `fileName`.
    @discardableResult
    public func execute(from source: any ByteSource, fileName: String, title: String, kind: Document.Kind = .other,
                        expires: LocalDay? = nil) async throws -> Document {
        let now = time.now()
        try await ModuleOffError.requireOn(.documents, in: documents.modules, now: now)
        let checked = try Document(title: title, kind: kind, expires: expires, fileName: fileName, byteCount: 0, added: now)
        if let total = source.totalBytes, total > Document.maximumBytes {
            throw DocumentError.tooLarge(file: checked.fileName, bytes: total)
        }
        var bytes = Data()
        while let chunk = try source.nextChunk() {
            bytes.append(contentsOf: chunk)
            if bytes.count > Document.maximumBytes {
                throw DocumentError.tooLarge(file: checked.fileName, bytes: max(source.totalBytes ?? 0, bytes.count))
            }
        }
        return try await execute(bytes, fileName: fileName, title: title, kind: kind, expires: expires)
    }
}
