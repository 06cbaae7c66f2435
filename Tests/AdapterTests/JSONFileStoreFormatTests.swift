import Foundation
import Testing
import WellnessDomain
import WellnessFileSystem
import WellnessJSONFile
import WellnessTestSupport

/// The JSON store refuses what it does not know, as SQLite does: a directory whose format marker
/// is newer than this build's is refused before anything is read or written, so a field that a
/// newer version added (`"bodyFatPercent"` on a weigh-in) is never dropped by an older one's
/// rewrite.
@Suite("JSON-file store: the format marker")
struct JSONFileStoreFormatTests {
    static let marker = ".wellness-format.json"

    static func markerVersion(in directory: URL) throws -> Int? {
        let data = try Data(contentsOf: directory.appendingPathComponent(marker))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["version"] as? Int
    }

    @Test("a new store, and one written before the marker existed, are marked with this build's format, 0600")
    func marksUnmarked() throws {
        let fresh = try TemporaryDirectory()
        _ = try JSONFileStore(directory: fresh.url)
        #expect(try Self.markerVersion(in: fresh.url) == JSONFileStore.formatVersion)
        #expect(try PrivateFiles.mode(of: fresh.file(Self.marker)) == 0o600)

        let old = try TemporaryDirectory()
        let weights = Data(#"[{"date":"2026-11-21T07:30:00.000Z","id":"1e4c2b1a-8f3d-4c5e-9a7b-112233445566","kilograms":70,"source":"manual"}]"#.utf8)
        try weights.write(to: old.file("weights.json"))
        _ = try JSONFileStore(directory: old.url)
        #expect(try Self.markerVersion(in: old.url) == 1)
        #expect(try Data(contentsOf: old.file("weights.json")) == weights)
    }

    @Test("a store of a newer format is refused, naming the directory and both versions, and nothing in it changes")
    func refusesNewer() async throws {
        let directory = try TemporaryDirectory()
        let newer = Data(#"{"format":"wellness-json-store","version":2}"#.utf8)
        try newer.write(to: directory.file(Self.marker))
        let weights = Data(#"[{"bodyFatPercent":21.5,"date":"2026-11-21T07:30:00.000Z","id":"1e4c2b1a-8f3d-4c5e-9a7b-112233445566","kilograms":70,"source":"manual"}]"#.utf8)
        try weights.write(to: directory.file("weights.json"))
        #expect(throws: JSONFileStoreError.newerFormat(path: directory.url.path, found: 2, supported: JSONFileStore.formatVersion)) {
            try JSONFileStore(directory: directory.url)
        }
        #expect(try Data(contentsOf: directory.file("weights.json")) == weights)
        #expect(try Data(contentsOf: directory.file(Self.marker)) == newer)
    }

    @Test("a marker that is not one is a corrupt file, left untouched", arguments: [
        "", "{}", #"{"format":"something-else","version":1}"#, #"{"format":"wellness-json-store","version":0}"#, "[1]",
    ])
    func refusesGarbage(text: String) throws {
        let directory = try TemporaryDirectory()
        try Data(text.utf8).write(to: directory.file(Self.marker))
        #expect {
            try JSONFileStore(directory: directory.url)
        } throws: { error in
            guard case let .corruptFile(path, _)? = error as? JSONFileStoreError else { return false }
            return path == directory.file(Self.marker).path
        }
        #expect(try Data(contentsOf: directory.file(Self.marker)) == Data(text.utf8))
    }
}
