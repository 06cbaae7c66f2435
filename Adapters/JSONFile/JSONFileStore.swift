#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

/// A directory of JSON files, one per collection, shared safely by several processes.
///
/// Every change is a read-modify-write under one advisory lock for the whole directory, and
/// each file is replaced atomically (temporary file, `fsync`, `rename`, `fsync` of the
/// directory), so a reader sees the old or the new file and concurrent writers lose nothing.
/// Files are created 0600. A file that does not decode is reported with its path and never
/// overwritten. A change of several files at once (``transaction(_:)``) goes through a journal,
/// so it is all or nothing even when the process dies half-way.
public struct JSONFileStore: Sendable {
    /// The directory holding the collections' files, the lock file and any journal.
    public let directory: URL
    private let lock: FileLock
    private let logger: Logger
    /// Where the store tells what was written to it: this process's writes once they are on
    /// disk, and (to each subscriber, by polling) what other processes wrote.
    public let changes: StoreChangeFeed
    /// What this process last wrote each file as, so that a watcher knows its own writes.
    let ownWrites: OwnWrites

    /// In the name of the store's own temporary files (`.<collection>.json.wellness-tmp-<uuid>`):
    /// its own, and not `AtomicFileWriter`'s `.tmp-`, so that a leftover is never the file of a
    /// `backup` or an export that another command is writing into the data directory.
    static let temporaryMarker = ".wellness-tmp-"

    /// Opens (creating if needed) the store in `directory` and removes temporary files left
    /// behind by a writer that died mid-write.
    public init(directory: URL, logger: Logger = Logger(label: "wellness.jsonfile")) throws {
        self.directory = directory
        self.logger = logger
        try PrivateFiles.ensureDirectory(directory)
        self.lock = FileLock(directory.appendingPathComponent(".wellness-json.lock"))
        let ownWrites = OwnWrites()
        self.ownWrites = ownWrites
        changes = StoreChangeFeed { JSONFileChangeWatcher(directory: directory, ownWrites: ownWrites) }
        try lock.withLock {
            try checkFormat()
            try removeStrayTemporaryFiles()
            try replayJournal()
        }
    }

    // MARK: - Format

    /// The format of the records this build writes. A build whose records gain a field (or
    /// change one) raises it, so that an older build refuses the directory instead of dropping
    /// what it does not know at its next write, as SQLite refuses a schema with unknown
    /// migrations. Stores written before the marker existed are format 1.
    public static let formatVersion = 1

    /// The marker naming the format of the directory's records: `{"format": "wellness-json-store", "version": 1}`.
    var formatMarker: URL { directory.appendingPathComponent(".wellness-format.json") }

    private struct FormatMarker: Codable {
        static let name = "wellness-json-store"
        var format: String
        var version: Int
    }

    /// Refuses a directory written by a newer format; marks one that has no marker yet (a new
    /// store, or one written before the marker existed) with this build's.
    private func checkFormat() throws {
        let data: Data
        do {
            data = try Data(contentsOf: formatMarker)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            try writeFormatMarker()
            return
        } catch {
            throw JSONFileStoreError.io(path: formatMarker.path, reason: error.localizedDescription)
        }
        guard let marker = try? JSONDecoder().decode(FormatMarker.self, from: data), marker.format == FormatMarker.name,
              marker.version >= 1 else {
            throw JSONFileStoreError.corruptFile(
                path: formatMarker.path, reason: "not the marker of a store's format ({\"format\": \"\(FormatMarker.name)\", \"version\": \(Self.formatVersion)})")
        }
        guard marker.version <= Self.formatVersion else {
            throw JSONFileStoreError.newerFormat(path: directory.path, found: marker.version, supported: Self.formatVersion)
        }
    }

    /// Writes this build's marker, durably. A directory nobody can write to is left unmarked:
    /// nothing can be written there, so nothing can be lost either.
    private func writeFormatMarker() throws {
        let marker = FormatMarker(format: FormatMarker.name, version: Self.formatVersion)
        let temporary = directory.appendingPathComponent("\(formatMarker.lastPathComponent)\(Self.temporaryMarker)\(UUID().uuidString)")
        do {
            try writeDurably(try JSONEncoder().encode(marker), to: temporary)
            guard rename(temporary.path, formatMarker.path) == 0 else {
                throw FileSystemError.posix(path: formatMarker.path, operation: "replace", errno: errno)
            }
            try syncDirectory()
        } catch {
            unlink(temporary.path)
            if access(directory.path, W_OK) != 0 { return }
            throw JSONFileStoreError.io(path: formatMarker.path, reason: error.localizedDescription)
        }
    }

    /// Where a transaction of several files keeps their new contents until all are written.
    var journal: URL { directory.appendingPathComponent(".wellness-journal.json") }

    /// The path of a collection's file.
    public func url(of collection: String) -> URL {
        directory.appendingPathComponent("\(collection).json")
    }

    /// The collection's stored value, or `nil` when its file does not exist yet. The file is
    /// read on a thread of its own, never on Swift's cooperative pool.
    public func read<Value: Decodable & Sendable>(_ collection: String, as type: Value.Type) async throws -> Value? {
        try await Self.offThePool {
            // A transaction left half-done by a writer that died is finished before anyone reads.
            if access(journal.path, F_OK) == 0 { try lock.withLock { try replayJournal() } }
            return try readNow(collection, as: type)
        }
    }

    /// Runs `body` under the store's lock, on a thread of its own, and then writes every
    /// collection it wrote, all or nothing: when more than one changed, their new contents go to
    /// a journal first (written durably), then to their files, and the journal is removed. A
    /// journal left behind by a writer that died is replayed by the next one to take the lock
    /// (or to read), so every reader sees all of a transaction or none of it. `body` reads
    /// through the transaction, seeing its own writes.
    public func transaction<Result: Sendable>(_ body: @Sendable (inout JSONFileTransaction) throws -> Result)
        async throws -> Result {
        try await withoutActuallyEscaping(body) { body in
            let (result, written) = try await Self.offThePool {
                try lock.withLock {
                    try replayJournal()
                    var transaction = JSONFileTransaction(store: self)
                    let result = try body(&transaction)
                    try commit(transaction.written)
                    return (result, Array(transaction.written.keys))
                }
            }
            report(files: written)
            return result
        }
    }

    /// Reads, lets `change` modify, and writes back (see ``update(_:as:_:)``), on a thread of
    /// its own: the lock wait, the reads and the `fsync`s never block Swift's cooperative pool.
    /// Once written, ``changes`` is told the file's collections changed, `records` (identities
    /// as their kind describes them) naming which records, where the caller knows.
    public func update<Value: Codable & Equatable & Sendable, Result: Sendable>(
        _ collection: String, as type: Value.Type, records: Set<String> = [],
        _ change: @Sendable (inout Value?) throws -> Result
    ) async throws -> Result {
        // `change` runs before this returns (the continuation waits for it), so it never escapes.
        let (result, changed) = try await withoutActuallyEscaping(change) { change in
            try await Self.offThePool { try updateNowTelling(collection, as: type, change) }
        }
        if changed { report(files: [collection], records: records) }
        return result
    }

    /// Runs blocking file work (a lock wait, reads, `fsync`) on a GCD thread and resumes when
    /// it is done, so that callers on Swift's cooperative pool (a handful of threads) are never
    /// stalled by the disk.
    static func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let job = Job(work)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: job.run()) }
        }
    }

    /// Work handed to another thread, dropped as soon as it ran: `update`'s `change` closure is
    /// lent without escaping, so nothing may hold it once the caller resumes.
    private final class Job<Result: Sendable>: @unchecked Sendable {
        private var work: (@Sendable () throws -> Result)?

        init(_ work: @escaping @Sendable () throws -> Result) {
            self.work = work
        }

        /// Runs the work once (on one thread; `offThePool` never runs a job twice) and lets it go.
        func run() -> Swift.Result<Result, any Error> {
            defer { work = nil }
            guard let work else { return .failure(CancellationError()) }
            return Swift.Result { try work() }
        }
    }

    /// The collection's stored value, read on the calling thread.
    func readNow<Value: Decodable>(_ collection: String, as type: Value.Type) throws -> Value? {
        let file = url(of: collection)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw JSONFileStoreError.io(path: file.path, reason: error.localizedDescription)
        }
        do {
            return try Self.decoder.decode(Value.self, from: data)
        } catch {
            if let rule = LocalizedText.rule(refusing: error) {
                throw JSONFileStoreError.invalidRecord(path: file.path, at: Self.place(of: error) ?? "", rule: rule)
            }
            let record = (Value.self as? any RecordList.Type)?.firstUndecodable(in: data)
            throw JSONFileStoreError.corruptFile(path: file.path, reason: Self.describe(error, record: record))
        }
    }

    /// Reads the collection, lets `change` modify it, and writes it back if it changed, all
    /// under the store's lock, on the calling thread. Setting the value to `nil` removes the file.
    /// Returns `change`'s result and whether the file was written.
    func updateNowTelling<Value: Codable & Equatable, Result>(
        _ collection: String, as type: Value.Type, _ change: (inout Value?) throws -> Result
    ) throws -> (Result, Bool) {
        try lock.withLock {
            try replayJournal()
            let original = try readNow(collection, as: Value.self)
            var value = original
            let result = try change(&value)
            guard value != original else { return (result, false) }
            if let value { try replaceFile(of: collection, with: value) } else { try removeFile(of: collection) }
            return (result, true)
        }
    }

    // MARK: - Writes

    private func replaceFile<Value: Encodable>(of collection: String, with value: Value) throws {
        try replaceFile(url(of: collection), with: try encode(value, for: collection))
    }

    /// `value` as a collection file's bytes.
    func encode<Value: Encodable>(_ value: Value, for collection: String) throws -> Data {
        do {
            if let list = value as? any ElementwiseEncodable { return try list.encodeElementwise(with: Self.encoder) }
            return try Self.encoder.encode(value)
        } catch {
            throw JSONFileStoreError.io(path: url(of: collection).path, reason: "cannot encode: \(error)")
        }
    }

    /// Writes `data` beside `file` and renames it over `file`, durably.
    private func replaceFile(_ file: URL, with data: Data) throws {
        let temporary = directory.appendingPathComponent(
            ".\(file.lastPathComponent)\(Self.temporaryMarker)\(UUID().uuidString)")
        do {
            try writeDurably(data, to: temporary)
            guard rename(temporary.path, file.path) == 0 else {
                throw FileSystemError.posix(path: file.path, operation: "replace", errno: errno)
            }
            ownWrites.wrote(file.deletingPathExtension().lastPathComponent, FileStamp(file))
            try syncDirectory()
        } catch {
            unlink(temporary.path)
            throw JSONFileStoreError.io(path: file.path, reason: error.localizedDescription)
        }
    }

    /// The new contents of a transaction's collections, as the journal keeps them: the files
    /// written, and the files removed (absent in journals written before).
    struct Journal: Codable {
        var files: [String: Data]
        var removed: [String]?
    }

    /// The collections of one person's data: every repository's but the accounts of a server,
    /// the login (`session`) and the AI tips consent, which belong to the machine, not the data.
    public static let personalCollections = [
        JSONFileModuleSettingsRepository.collection, JSONFileDogProfileRepository.collection,
        JSONFileNudgeSnoozeRepository.collection, JSONFileInterventionLogRepository.collection,
        JSONFileJournalRepository.collection, JSONFileSupplementRepository.stackCollection,
        JSONFileSupplementRepository.logCollection, JSONFileExerciseRepository.collection,
        JSONFileGoalRepository.collection, JSONFileMoodRepository.collection, JSONFileWeightRepository.collection,
        JSONFileHealthRepository.collection, JSONFileCheckinRepository.collection,
        JSONFileCheckinQueueRepository.collection, JSONFileTierRepository.collection,
        JSONFileDriftCacheRepository.collection, JSONFileIdempotencyRepository.collection,
    ]

    /// Replaces `collections` with `staged`'s, all or nothing (through the journal): a
    /// collection `staged` does not have is removed. For moving a store restored into a new
    /// directory into this one at once.
    public func replaceCollections(_ collections: [String], with staged: JSONFileStore) async throws {
        try await Self.offThePool {
            try lock.withLock {
                try replayJournal()
                var files: [String: Data] = [:], removed: [String] = []
                for collection in collections {
                    let file = staged.url(of: collection)
                    if FileManager.default.fileExists(atPath: file.path) {
                        do {
                            files[collection] = try Data(contentsOf: file)
                        } catch {
                            throw JSONFileStoreError.io(path: file.path, reason: error.localizedDescription)
                        }
                    } else if FileManager.default.fileExists(atPath: url(of: collection).path) {
                        removed.append(collection)
                    }
                }
                try commit(files, removing: removed)
            }
        }
        changes.reportEverything()
    }

    /// Writes a transaction's collections: one directly, several through the journal.
    private func commit(_ written: [String: Data], removing removed: [String] = []) throws {
        guard written.count + removed.count > 1 else {
            if let (collection, data) = written.first { try replaceFile(url(of: collection), with: data) }
            if let collection = removed.first { try removeFile(of: collection) }
            return
        }
        let data: Data
        do {
            data = try JSONEncoder().encode(Journal(files: written, removed: removed.isEmpty ? nil : removed))
        } catch {
            throw JSONFileStoreError.io(path: journal.path, reason: "cannot encode: \(error)")
        }
        try replaceFile(journal, with: data)
        try replayJournal()
    }

    /// Finishes a transaction whose journal is there: writes each of its files, then removes it.
    /// Run under the lock.
    private func replayJournal() throws {
        let data: Data
        do {
            data = try Data(contentsOf: journal)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return
        } catch {
            throw JSONFileStoreError.io(path: journal.path, reason: error.localizedDescription)
        }
        let entries: Journal
        do {
            entries = try JSONDecoder().decode(Journal.self, from: data)
        } catch {
            throw JSONFileStoreError.corruptFile(path: journal.path, reason: Self.describe(error))
        }
        // Every name must be a collection's file in this directory before anything is replayed.
        if let name = (Array(entries.files.keys) + (entries.removed ?? [])).first(where: { !Self.isCollectionName($0) }) {
            throw JSONFileStoreError.corruptFile(
                path: journal.path, reason: "it names \"\(name)\", which is not a collection of this store; nothing was replayed")
        }
        for (collection, contents) in entries.files.sorted(by: { $0.key < $1.key }) {
            try replaceFile(url(of: collection), with: contents)
        }
        for collection in entries.removed ?? [] { try removeFile(of: collection) }
        guard unlink(journal.path) == 0 || errno == ENOENT else {
            throw JSONFileStoreError.io(path: journal.path, reason: String(cString: strerror(errno)))
        }
        try syncDirectory()
    }

    /// Whether `name` can name a collection's file in the store's own directory: ASCII letters,
    /// digits, `_`, `-` and single dots inside (`goals`, `vetVisits.records`), so never a path
    /// separator, `..`, a hidden file or anything outside the directory.
    static func isCollectionName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128, !name.hasPrefix("."), !name.hasSuffix("."),
              !name.contains("..") else { return false }
        return name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x5F || byte == 0x2D || byte == 0x2E
        }
    }

    private func writeDurably(_ data: Data, to file: URL) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateFiles.fileMode)
        guard fd >= 0 else { throw FileSystemError.notWritable(file.path, operation: "create", errno: errno) }
        defer { close(fd) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError.posix(path: file.path, operation: "write", errno: errno)
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw FileSystemError.posix(path: file.path, operation: "fsync", errno: errno) }
    }

    private func syncDirectory() throws {
        let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = fsync(fd)
    }

    private func removeFile(of collection: String) throws {
        let file = url(of: collection)
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw JSONFileStoreError.io(path: file.path, reason: String(cString: strerror(errno)))
        }
        ownWrites.wrote(collection, nil)
    }

    /// Under the lock no write is in progress, so any temporary file is a leftover.
    private func removeStrayTemporaryFiles() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".") && name.contains(".json\(Self.temporaryMarker)") {
            let stray = directory.appendingPathComponent(name)
            logger.notice("removing an unfinished write left behind", metadata: ["file": "\(stray.path)"])
            unlink(stray.path)
        }
    }

    // MARK: - Coding

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .timestamp
        return decoder
    }

    /// `error` worded for a corrupt file; `record` (the index of the first record of a list that
    /// does not decode) is named when the error itself names no place: Foundation on Linux reports
    /// a fraction where a whole number is stored as "not valid JSON", with no path.
    static func describe(_ error: any Error, record: Int? = nil) -> String {
        let reason = describe(error)
        guard let record, !reason.hasPrefix("at ") else { return reason }
        return "at [\(record)]: the record does not decode (\(reason))"
    }

    /// Where in the file a decoding error happened (`[3].kilograms`), when it says.
    static func place(of error: any Error) -> String? {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? nil : path
        default:
            return nil
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context),
             DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return [place(of: error).map { "at \($0)" }, context.debugDescription, underlying]
                .compactMap { $0 }.joined(separator: ": ")
        default:
            return "\(error)"
        }
    }
}


/// A collection file holding a JSON array of records, which can name the first record that
/// does not decode.
private protocol RecordList {
    static func firstUndecodable(in data: Data) -> Int?
}

extension Array: RecordList where Element: Decodable {
    static func firstUndecodable(in data: Data) -> Int? {
        guard let records = try? JSONSerialization.jsonObject(with: data) as? [Any] else { return nil }
        return records.firstIndex { record in
            guard let bytes = try? JSONSerialization.data(withJSONObject: record, options: [.fragmentsAllowed]) else {
                return true
            }
            return (try? JSONFileStore.decoder.decode(Element.self, from: bytes)) == nil
        }
    }
}

/// A list written one element at a time: the encoder's tree of one record is all it holds
/// besides the bytes, where encoding the whole list at once builds the tree of every record
/// first (a million weigh-ins took 1 GB). The bytes are the encoder's own pretty-printed list,
/// each element indented as it would indent it.
protocol ElementwiseEncodable {
    func encodeElementwise(with encoder: JSONEncoder) throws -> Data
}

extension Array: ElementwiseEncodable where Element: Encodable {
    func encodeElementwise(with encoder: JSONEncoder) throws -> Data {
        guard !isEmpty, encoder.outputFormatting.contains(.prettyPrinted) else { return try encoder.encode(self) }
        var data = Data("[\n".utf8)
        for (index, element) in enumerated() {
            if index > 0 { data.append(contentsOf: ",\n".utf8) }
            // A raw line break is only ever formatting (one inside a string is escaped), so
            // indenting each line by two spaces nests the element as the whole list's encoding would.
            data.append(contentsOf: "  ".utf8)
            for byte in try encoder.encode(element) {
                data.append(byte)
                if byte == 0x0A { data.append(contentsOf: "  ".utf8) }
            }
        }
        data.append(contentsOf: "\n]".utf8)
        return data
    }
}
