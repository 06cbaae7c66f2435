import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Documents and their chunks have no port of their own: every built-in store keeps them in its
/// record repositories, and keeps the `RecordRepositoryContract` for both, each rule on a fresh store.
@Suite("RecordRepository contract: documents and their chunks")
struct DocumentRecordsContractTests {
    static func id(_ last: Int) -> Document.ID {
        Document.ID(Fixtures.uuid(String(format: "00000000-0000-4000-8000-%012d", last)))
    }

    /// Three documents, out of order, one with every field.
    static let sampleDocuments = [
        Document(stored: id(2), title: "Rabiës ☀️ \"booster\"", kind: .vaccination, expires: LocalDay("2027-03-01"),
                 fileName: "rabies scan.pdf", byteCount: 1_048_577, added: Fixtures.instant("2026-11-21T17:30:00Z"),
                 chunkCount: 2),
        Document(stored: id(1), title: "Policy", kind: .insurance, expires: nil, fileName: "policy.pdf", byteCount: 0,
                 added: Fixtures.instant("2026-11-20T06:15:00.250Z"), chunkCount: 0),
        Document(stored: id(3), title: "a\tb\nc", kind: .other, expires: LocalDay("2026-12-01"), fileName: "x",
                 byteCount: 20 << 20, added: Fixtures.instant("2026-11-21T07:00:00Z"), chunkCount: 20),
    ]

    /// A chunk count that does not fit the size breaks the rules.
    static let invalidDocument = Document(stored: id(9), title: "Broken", kind: .vet, expires: nil, fileName: "b.pdf",
                                          byteCount: 10, added: Fixtures.instant("2026-11-22T08:00:00Z"), chunkCount: 2)

    /// The same document, renamed.
    @Sendable static func changed(_ document: Document) -> Document {
        Document(stored: document.id, title: document.title + " (changed)", kind: .pedigree, expires: LocalDay("2030-01-01"),
                 fileName: document.fileName, byteCount: document.byteCount, added: document.added,
                 chunkCount: document.chunkCount)
    }

    /// Three chunks, out of order: a full one of 1 MB, and two of a few bytes with every byte value.
    static let sampleChunks = [
        DocumentChunk(document: id(2), index: 1, bytes: Data([0, 255, 10, 13, 34, 92])),
        DocumentChunk(document: id(2), index: 0, bytes: Data((0..<Document.chunkBytes).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
        DocumentChunk(document: id(1), index: 19, bytes: Data((0...255).map { UInt8($0) })),
    ]

    /// A chunk of more than 1 MB breaks the rules.
    static let invalidChunk = DocumentChunk(document: id(9), index: 0, bytes: Data(count: Document.chunkBytes + 1))

    /// The same chunk, with other bytes.
    @Sendable static func changedChunk(_ chunk: DocumentChunk) -> DocumentChunk {
        DocumentChunk(document: chunk.document, index: chunk.index, bytes: Data([7, 7, 7]) + chunk.bytes.prefix(3))
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<DocumentRecords>.cases(samples: DocumentRecordsContractTests.sampleDocuments,
                                                          changed: DocumentRecordsContractTests.changed,
                                                          invalid: DocumentRecordsContractTests.invalidDocument))
    func documents(kind: AdapterKind, rule: ContractCase<any RecordRepository<DocumentRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: DocumentRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<DocumentRecords>.trackerCases(samples: DocumentRecordsContractTests.sampleDocuments,
                                                                 changed: DocumentRecordsContractTests.changed,
                                                                 invalid: DocumentRecordsContractTests.invalidDocument))
    func documentWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<DocumentRecords>>) async throws {
        try await rule.run(kind.trackerFactory(DocumentRecords.self))
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<DocumentChunkRecords>.cases(samples: DocumentRecordsContractTests.sampleChunks,
                                                               changed: DocumentRecordsContractTests.changedChunk,
                                                               invalid: DocumentRecordsContractTests.invalidChunk))
    func chunks(kind: AdapterKind, rule: ContractCase<any RecordRepository<DocumentChunkRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: DocumentChunkRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<DocumentChunkRecords>.trackerCases(samples: DocumentRecordsContractTests.sampleChunks,
                                                                      changed: DocumentRecordsContractTests.changedChunk,
                                                                      invalid: DocumentRecordsContractTests.invalidChunk))
    func chunkWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<DocumentChunkRecords>>) async throws {
        try await rule.run(kind.trackerFactory(DocumentChunkRecords.self))
    }

    @Test("a full chunk comes back byte for byte through another handle", arguments: AdapterKind.allCases)
    func fullChunkReopened(kind: AdapterKind) async throws {
        let store = try await kind.factory { $0.records.repository(for: DocumentChunkRecords.self) }.make()
        for chunk in Self.sampleChunks { try await store.subject.save(chunk) }
        let read = try await store.reopen().record(Self.sampleChunks[1].key)
        #expect(read == Self.sampleChunks[1])
    }
}
