import Foundation
import WellnessDomain

/// The documents kept, oldest added first, and each one found by its id or the id's start.
public struct ListDocuments: Sendable {
    let documents: any RecordRepository<DocumentRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's `documents` and its `modules`, with now from `time`.
    public init(documents: any RecordRepository<DocumentRecords>, modules: any ModuleSettingsRepository,
                time: TimeContext) {
        self.documents = documents
        self.modules = modules
        self.time = time
    }

    /// Every document, oldest added first. Throws `ModuleOffError` when the documents module is off.
    public func execute() async throws -> [Document] {
        try await ModuleOffError.requireOn(.documents, in: modules, now: time.now())
        return try await documents.all()
    }

    /// The one document whose id is `reference` or starts with it (4+ characters), whether the
    /// module is on or not (the caller checks). Throws `InvalidValue` for a reference that is
    /// no id's start and `DocumentError` when it names no document, or several.
    func find(_ reference: String) async throws -> Document {
        let key = try IDReference.uuidPrefix(reference)
        let matches = try await documents.all().filter { $0.id.description.hasPrefix(key) }
        guard matches.count == 1 else {
            throw matches.isEmpty ? DocumentError.notFound(reference) : DocumentError.ambiguous(reference)
        }
        return matches[0]
    }
}
