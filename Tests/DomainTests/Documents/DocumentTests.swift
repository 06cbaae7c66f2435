import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A document's rules, how its bytes are cut into chunks of at most 1 MB and put back together,
/// and when it falls due.
@Suite("Documents: a document, its chunks, when it is due")
struct DocumentTests {
    static let added = Fixtures.instant("2026-01-05T12:00:00Z")

    /// `count` bytes that differ from chunk to chunk.
    static func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 20) })
    }

    static func document(_ count: Int) throws -> Document {
        try Document(title: "Scan", fileName: "scan.pdf", byteCount: count, added: added)
    }

    @Test("sizes cut into chunks of at most 1 MB and put back together byte for byte",
          arguments: [0, 1, Document.chunkBytes - 1, Document.chunkBytes, Document.chunkBytes + 1,
                      3 * Document.chunkBytes + 5, Document.maximumBytes])
    func chunking(count: Int) throws {
        let document = try Self.document(count)
        let bytes = Self.bytes(count)
        let chunks = document.chunks(of: bytes)
        #expect(document.chunkCount == (count + Document.chunkBytes - 1) / Document.chunkBytes)
        #expect(chunks.count == document.chunkCount)
        #expect(chunks.map(\.index) == Array(0..<document.chunkCount))
        #expect(chunks.allSatisfy { $0.bytes.count <= Document.chunkBytes && !$0.bytes.isEmpty && $0.document == document.id })
        for chunk in chunks { #expect(throws: Never.self) { try DocumentChunkRecords.validate(chunk) } }
        #expect(try document.assemble(chunks.reversed()) == bytes)
    }

    @Test("exactly 1 MB is one chunk; 1 MB + 1 is two, the second of one byte")
    func boundaries() throws {
        #expect(try Self.document(Document.chunkBytes).chunkCount == 1)
        let over = try Self.document(Document.chunkBytes + 1)
        #expect(over.chunks(of: Self.bytes(Document.chunkBytes + 1)).map(\.bytes.count) == [Document.chunkBytes, 1])
    }

    @Test("20 MB is accepted; 20 MB + 1 is refused naming the file")
    func limit() throws {
        #expect(try Self.document(Document.maximumBytes).chunkCount == 20)
        #expect(throws: DocumentError.tooLarge(file: "scan.pdf", bytes: Document.maximumBytes + 1)) {
            try Self.document(Document.maximumBytes + 1)
        }
    }

    @Test("a missing, repeated or foreign chunk is an incomplete document naming its title")
    func incomplete() throws {
        let document = try Self.document(2 * Document.chunkBytes + 3)
        let chunks = document.chunks(of: Self.bytes(2 * Document.chunkBytes + 3))
        #expect(throws: DocumentError.incomplete(title: "Scan", chunks: 2, expected: 3)) {
            try document.assemble([chunks[0], chunks[2]])
        }
        #expect(throws: DocumentError.incomplete(title: "Scan", chunks: 4, expected: 3)) {
            try document.assemble(chunks + [chunks[1]])
        }
        let short = DocumentChunk(document: document.id, index: 2, bytes: Data([1]))
        #expect(throws: DocumentError.incomplete(title: "Scan", chunks: 3, expected: 3)) {
            try document.assemble([chunks[0], chunks[1], short])
        }
    }

    @Test("title and file name: trimmed, not empty, not too long, no control character; the last path component is kept")
    func rules() throws {
        let document = try Document(title: "  Rabies  ", kind: .vaccination, fileName: "/tmp/scans/rabies.pdf",
                                    byteCount: 3, added: Self.added)
        #expect(document.title == "Rabies" && document.fileName == "rabies.pdf" && document.kind == .vaccination)
        #expect(throws: DocumentError.emptyTitle) { try Document(title: " \n", fileName: "a", byteCount: 1, added: Self.added) }
        #expect(throws: DocumentError.titleTooLong(201)) {
            try Document(title: String(repeating: "x", count: 201), fileName: "a", byteCount: 1, added: Self.added)
        }
        #expect(throws: DocumentError.controlCharacter(ControlCharacterError(field: .title, character: "\u{1B}"))) {
            try Document(title: "a\u{1B}[2J", fileName: "a", byteCount: 1, added: Self.added)
        }
        #expect(throws: DocumentError.invalidFileName("")) { try Document(title: "a", fileName: "/", byteCount: 1, added: Self.added) }
        #expect(throws: DocumentError.fileNameTooLong(256)) {
            try Document(title: "a", fileName: String(repeating: "f", count: 256), byteCount: 1, added: Self.added)
        }
        #expect(throws: DocumentError.controlCharacter(ControlCharacterError(field: .name, character: "\u{7}"))) {
            try Document(title: "a", fileName: "a\u{7}.pdf", byteCount: 1, added: Self.added)
        }
    }

    @Test("validate refuses what the initialiser refuses: a bad title, a size over the limit, a chunk count that does not fit")
    func validate() {
        func stored(title: String = "a", fileName: String = "a", bytes: Int = 1, chunks: Int = 1) -> Document {
            Document(stored: Document.ID(), title: title, kind: .other, expires: nil, fileName: fileName, byteCount: bytes,
                     added: Self.added, chunkCount: chunks)
        }
        #expect(throws: Never.self) { try DocumentRecords.validate(stored()) }
        for bad in [stored(title: ""), stored(title: "a\u{0}"), stored(fileName: "a/b"), stored(fileName: ""),
                    stored(bytes: Document.maximumBytes + 1, chunks: 21), stored(bytes: -1, chunks: 0), stored(chunks: 2),
                    stored(bytes: 0, chunks: 1)] {
            #expect(throws: RecordRejection.self) { try DocumentRecords.validate(bad) }
        }
    }

    @Test("a chunk: index within the 20 chunks of the largest document, 1 byte to 1 MB")
    func chunkRules() {
        let id = Document.ID()
        #expect(throws: Never.self) { try DocumentChunkRecords.validate(DocumentChunk(document: id, index: 19, bytes: Data([1]))) }
        for bad in [DocumentChunk(document: id, index: 20, bytes: Data([1])), DocumentChunk(document: id, index: -1, bytes: Data([1])),
                    DocumentChunk(document: id, index: 0, bytes: Data()),
                    DocumentChunk(document: id, index: 0, bytes: Data(count: Document.chunkBytes + 1))] {
            #expect(throws: RecordRejection.self) { try DocumentChunkRecords.validate(bad) }
        }
        #expect(DocumentChunkRecords.describe(DocumentChunk(document: id, index: 3, bytes: Data([1])).key) == "\(id)/3")
    }

    @Test("a document names each of its chunks, which a backup must hold")
    func references() throws {
        let document = try Self.document(Document.chunkBytes + 1)
        #expect(DocumentRecords.references(of: document).map(\.noun)
            == ["document chunk \(document.id)/0", "document chunk \(document.id)/1"])
    }

    @Test("kinds parse in any case; an unknown kind names itself and the kinds there are")
    func kinds() throws {
        #expect(try Document.Kind.parse(" Vet ") == .vet)
        #expect(throws: InvalidValue(kind: .documentKind, value: "passport",
                                     valid: ["vaccination", "vet", "insurance", "pedigree", "other"])) {
            try Document.Kind.parse("passport")
        }
    }

    @Test("due from the start of the local day 30 days before it expires; never without an expiry")
    func due() throws {
        let calendar = Fixtures.calendar("Europe/Amsterdam")
        let expiring = try Document(title: "a", expires: Fixtures.day("2026-04-10"), fileName: "a", byteCount: 1, added: Self.added)
        #expect(expiring.dueSince(in: calendar) == Fixtures.instant("2026-03-11T00:00:00+01:00"))
        #expect(try Self.document(1).dueSince(in: calendar) == nil)
    }
}
