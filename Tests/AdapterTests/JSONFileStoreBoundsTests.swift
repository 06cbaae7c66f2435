import Foundation
import Testing
@testable import WellnessJSONFile
import WellnessFileSystem
import WellnessSQLite
import WellnessTestSupport

/// Issue 37, finding 4: a JSON store stays inside its directory — a journal naming anything but
/// a collection's file is refused and never replayed — and a data directory others can write is
/// refused before anything is read or written in it.
@Suite("JSON-file store: stays inside its directory; a directory others can write is refused")
struct JSONFileStoreBoundsTests {
    @Test("collection names: letters, digits, _, - and inner dots; never a separator, .., a hidden or an empty name")
    func collectionNames() {
        for name in ["goals", "dog-profile", "supplement-logs", "vetVisits.records", "a_b9"] {
            #expect(JSONFileStore.isCollectionName(name), "\(name)")
        }
        for name in ["", ".", "..", "../elsewhere/planted", "a/b", "/etc/passwd", ".wellness-journal", "a\\b", "x.",
                     "a..b", "a\u{0}b", "caf\u{E9}", String(repeating: "x", count: 129)] {
            #expect(!JSONFileStore.isCollectionName(name), "\(name)")
        }
    }

    @Test("a planted journal naming ../elsewhere is refused and reported, and nothing outside is created or removed")
    func plantedJournal() throws {
        let root = try TemporaryDirectory()
        let data = root.file("data"), elsewhere = root.file("elsewhere")
        for directory in [data, elsewhere] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        try Data("{}".utf8).write(to: elsewhere.appendingPathComponent("precious.json"))
        let journal = data.appendingPathComponent(".wellness-journal.json")
        try Data(#"{"files":{"../elsewhere/planted":"e30=","tier":"InBybyI="},"removed":["../elsewhere/precious"]}"#.utf8)
            .write(to: journal)

        #expect(throws: JSONFileStoreError.self) { _ = try JSONFileStore(directory: data) }
        do {
            _ = try JSONFileStore(directory: data)
        } catch let error as JSONFileStoreError {
            guard case .corruptFile(let path, let reason) = error else { throw error }
            #expect(path == journal.path)
            #expect(reason.contains("../elsewhere/"), "\(reason)")
        }
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("precious.json").path))
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("planted.json").path))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("tier.json").path),
                "not even the journal's good file is written")
        #expect(FileManager.default.fileExists(atPath: journal.path), "the journal is kept to be looked at")
    }

    @Test("a data directory others can write (0777, 0773, sticky 1777) is refused by both stores, naming it and chmod 700",
          arguments: [0o777, 0o773, 0o1777])
    func writableByOthers(mode: Int) throws {
        let root = try TemporaryDirectory()
        let data = root.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: data.path)
        #expect(throws: FileSystemError.writableByOthers(data.path)) { _ = try JSONFileStore(directory: data) }
        #expect(throws: FileSystemError.writableByOthers(data.path)) {
            _ = try SQLiteDatabase(file: data.appendingPathComponent("wellness.sqlite"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [], "nothing created in it")
        #expect(FileSystemError.writableByOthers(data.path).errorDescription?.contains("chmod 700 \(data.path)") == true)

        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
        _ = try JSONFileStore(directory: data)
    }
}
