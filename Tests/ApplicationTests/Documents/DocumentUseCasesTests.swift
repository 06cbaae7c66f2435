import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// The documents use cases on in-memory repositories, at a fixed now in Amsterdam.
@Suite("Documents: add, list, get, remove, due")
struct DocumentUseCasesTests {
    /// In-memory repositories with the documents use cases on them; now is Monday 5 January
    /// 2026, 13:00 in Amsterdam (12:00 UTC).
    struct World {
        let repositories = WellnessRepositories.inMemory()
        let clock = FixedWallClock(Fixtures.instant("2026-01-05T13:00:00+01:00"))
        var time: TimeContext { TimeContext(clock: clock, calendar: Fixtures.calendar("Europe/Amsterdam")) }

        var documents: any RecordRepository<DocumentRecords> { repositories.records.repository(for: DocumentRecords.self) }
        var chunks: any RecordRepository<DocumentChunkRecords> {
            repositories.records.repository(for: DocumentChunkRecords.self)
        }
        var add: AddDocument {
            AddDocument(documents: repositories.tracker(for: DocumentRecords.self),
                        chunks: repositories.tracker(for: DocumentChunkRecords.self), time: time)
        }
        var list: ListDocuments { ListDocuments(documents: documents, modules: repositories.moduleSettings, time: time) }
        var get: GetDocument { GetDocument(list: list, chunks: chunks) }
        var remove: RemoveDocument {
            RemoveDocument(list: list, documents: repositories.tracker(for: DocumentRecords.self),
                           chunks: repositories.tracker(for: DocumentChunkRecords.self))
        }
        var now: Date { clock.now() }

        func switchDocuments(on: Bool) async throws {
            _ = try await SetModulesEnabled(settings: repositories.moduleSettings, time: time).execute([.documents], enabled: on)
        }

        func lastUsed() async throws -> Date? {
            try await repositories.moduleSettings.load()?.entry(for: .documents).lastUsed
        }
    }

    /// A byte source of `bytes`, handed out in pieces of 64 KB, telling its size up front or not.
    final class Source: ByteSource, @unchecked Sendable {
        let bytes: [UInt8]
        let totalBytes: Int?
        private var offset = 0
        private(set) var read = 0

        init(_ bytes: Data, tellsSize: Bool = true, claims: Int? = nil) {
            self.bytes = [UInt8](bytes)
            totalBytes = claims ?? (tellsSize ? bytes.count : nil)
        }

        func nextChunk() throws -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let end = min(offset + 65_536, bytes.count)
            defer { offset = end }
            read = end
            return Array(bytes[offset..<end])
        }
    }

    static func bytes(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }) }

    @Test("add keeps the document and its chunks and records the module's use; get gives the exact bytes back",
          arguments: [0, Document.chunkBytes, Document.chunkBytes + 1, 3 * Document.chunkBytes + 17])
    func addAndGet(count: Int) async throws {
        let world = World()
        let bytes = Self.bytes(count)
        let document = try await world.add.execute(bytes, fileName: "/scans/rabies.pdf", title: " Rabies ", kind: .vaccination,
                                                   expires: Fixtures.day("2027-01-05"))
        #expect(document.title == "Rabies" && document.fileName == "rabies.pdf" && document.byteCount == count)
        #expect(document.added == world.now)
        #expect(try await world.documents.all() == [document])
        #expect(try await world.chunks.all().count == document.chunkCount)
        #expect(try await world.lastUsed() == world.now)
        let (got, read) = try await world.get.execute(String(document.id.description.prefix(8)))
        #expect(got == document && read == bytes)
    }

    @Test("from a source: 20 MB is kept; 20 MB + 1 is refused by its size before a byte is read, naming the file")
    func fromSource() async throws {
        let world = World()
        let kept = try await world.add.execute(from: Source(Self.bytes(Document.maximumBytes)), fileName: "big.pdf", title: "Big")
        #expect(kept.chunkCount == 20)
        let over = Source(Self.bytes(Document.maximumBytes + 1))
        await #expect(throws: DocumentError.tooLarge(file: "big.pdf", bytes: Document.maximumBytes + 1)) {
            try await world.add.execute(from: over, fileName: "big.pdf", title: "Too big")
        }
        #expect(over.read == 0, "refused by its size, not read")
        #expect(try await world.documents.all() == [kept])
        #expect(try await world.chunks.all().count == 20)
    }

    @Test("a source that does not tell its size (standard input) is refused once it passes 20 MB, and nothing is saved")
    func unknownSize() async throws {
        let world = World()
        let over = Source(Self.bytes(Document.maximumBytes + 1), tellsSize: false)
        await #expect(throws: DocumentError.tooLarge(file: "stdin", bytes: Document.maximumBytes + 1)) {
            try await world.add.execute(from: over, fileName: "stdin", title: "Piped")
        }
        #expect(try await world.documents.all().isEmpty)
        #expect(try await world.chunks.all().isEmpty)
        #expect(try await world.lastUsed() == nil)
    }

    @Test("an empty title is refused before the file is read, and nothing is saved")
    func emptyTitle() async throws {
        let world = World()
        let source = Source(Self.bytes(10))
        await #expect(throws: DocumentError.emptyTitle) {
            try await world.add.execute(from: source, fileName: "a.pdf", title: "  ")
        }
        #expect(source.read == 0)
        #expect(try await world.documents.all().isEmpty)
        #expect(try await world.chunks.all().isEmpty)
    }

    @Test("list is oldest added first")
    func listOrder() async throws {
        let world = World()
        let first = try await world.add.execute(Self.bytes(3), fileName: "a", title: "A")
        world.clock.set(world.now.addingTimeInterval(60))
        let second = try await world.add.execute(Self.bytes(3), fileName: "b", title: "B")
        #expect(try await world.list.execute() == [first, second])
    }

    @Test("remove takes the document and all its chunks away, and records the module's use")
    func remove() async throws {
        let world = World()
        let kept = try await world.add.execute(Self.bytes(5), fileName: "a", title: "Keep")
        let gone = try await world.add.execute(Self.bytes(2 * Document.chunkBytes + 1), fileName: "b", title: "Gone")
        world.clock.set(world.now.addingTimeInterval(3600))
        #expect(try await world.remove.execute(gone.id.description) == gone)
        #expect(try await world.documents.all() == [kept])
        #expect(try await world.chunks.all().map(\.document) == [kept.id])
        #expect(try await world.lastUsed() == world.now)
    }

    @Test("an unknown or malformed id names itself; nothing is removed")
    func unknownID() async throws {
        let world = World()
        let kept = try await world.add.execute(Self.bytes(5), fileName: "a", title: "Keep")
        let unknown = kept.id.description.hasPrefix("ffff") ? "eeee" : "ffff"
        await #expect(throws: DocumentError.notFound(unknown)) { try await world.get.execute(unknown) }
        await #expect(throws: DocumentError.notFound(unknown)) { try await world.remove.execute(unknown) }
        await #expect(throws: InvalidValue.self) { try await world.remove.execute("not-an-id") }
        #expect(try await world.documents.all() == [kept])
    }

    @Test("a missing chunk makes get fail naming the document")
    func missingChunk() async throws {
        let world = World()
        let document = try await world.add.execute(Self.bytes(Document.chunkBytes + 1), fileName: "a", title: "Torn")
        _ = try await world.chunks.remove(DocumentChunk.Key(document: document.id, index: 1))
        await #expect(throws: DocumentError.incomplete(title: "Torn", chunks: 1, expected: 2)) {
            try await world.get.execute(document.id.description)
        }
    }

    @Test("with the module off every call is refused and nothing changes; the documents come back with it")
    func moduleOff() async throws {
        let world = World()
        let kept = try await world.add.execute(Self.bytes(5), fileName: "a", title: "Keep")
        try await world.switchDocuments(on: false)
        let used = try await world.lastUsed()
        await #expect(throws: ModuleOffError.off(.documents)) { try await world.add.execute(Self.bytes(1), fileName: "b", title: "B") }
        await #expect(throws: ModuleOffError.off(.documents)) {
            try await world.add.execute(from: Source(Self.bytes(1)), fileName: "b", title: "B")
        }
        await #expect(throws: ModuleOffError.off(.documents)) { try await world.list.execute() }
        await #expect(throws: ModuleOffError.off(.documents)) { try await world.get.execute(kept.id.description) }
        await #expect(throws: ModuleOffError.off(.documents)) { try await world.remove.execute(kept.id.description) }
        #expect(try await world.documents.all() == [kept])
        #expect(try await world.lastUsed() == used)
        try await world.switchDocuments(on: true)
        #expect(try await world.list.execute() == [kept])
    }

    @Test("due: a document expiring within 30 days or expired, from the start of the day 30 days before, by title")
    func due() async throws {
        let world = World()
        // Today is 2026-01-05 in Amsterdam.
        try await world.add.execute(Self.bytes(1), fileName: "a", title: "Soon", expires: Fixtures.day("2026-02-04"))
        try await world.add.execute(Self.bytes(1), fileName: "b", title: "Later", expires: Fixtures.day("2026-02-05"))
        try await world.add.execute(Self.bytes(1), fileName: "c", title: "Expired", expires: Fixtures.day("2025-12-01"))
        try await world.add.execute(Self.bytes(1), fileName: "d", title: "Never")
        let source = world.list.dueSource
        #expect(source.module == .documents)
        let items = try await source.due(at: world.now, today: Fixtures.day("2026-01-05")).sorted(by: DueItem.order)
        #expect(items == [
            DueItem(kind: .document, name: "Expired", since: Fixtures.instant("2025-11-01T00:00:00+01:00")),
            DueItem(kind: .document, name: "Soon", since: Fixtures.instant("2026-01-05T00:00:00+01:00")),
        ])
    }
}
