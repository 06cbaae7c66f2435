import Foundation
import Testing
import WellnessDomain
import WellnessJSONFile
import WellnessTestSupport

/// The JSON-file store's side of "corrupt rows are errors": a record of a collection file holding
/// a value of the wrong type, a non-integer rating, an impossible day or a non-boolean is an error
/// naming the file and the record (its index and key), never a crash, a misread or a silent drop;
/// the file is left as it was.
@Suite("JSON-file corrupt records")
struct JSONFileCorruptRecordTests {
    static let day = Fixtures.day("2026-03-10")
    static let month = Fixtures.day("2026-02-01")...Fixtures.day("2026-03-31")

    /// Replaces `old` by `new` in `file` (which must contain it); returns the new bytes.
    func replace(_ old: String, with new: String, in file: URL) throws -> Data {
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(old), "\(file.lastPathComponent) holds \(old): \(text)")
        let data = Data(text.replacingOccurrences(of: old, with: new).utf8)
        try data.write(to: file)
        return data
    }

    func isCorrupt(_ error: any Error, file: URL, record: String) -> Bool {
        guard case let .corruptFile(path, reason)? = error as? JSONFileStoreError else { return false }
        return path == file.path && reason.contains(record) && error.localizedDescription.contains("left untouched")
    }

    @Test("checkins.json: a non-integer or textual rating, a blob-like contact, an impossible day", arguments: [
        // Foundation on Linux names no place for a fraction in an Int; the store names the record.
        ("\"energy\" : 3", "\"energy\" : 3.5", "at [0]"),
        ("\"energy\" : 3", "\"energy\" : \"3\"", "[0].energy"),
        ("\"keyContact\" : \"Ann\"", "\"keyContact\" : 255", "[0].keyContact"),
        ("\"keyContact\" : \"Ann\"", "\"keyContact\" : [255]", "[0].keyContact"),
        ("\"day\" : \"2026-03-10\"", "\"day\" : \"2026-02-30\"", "[0].day"),
    ])
    func checkins(old: String, new: String, record: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let checkins = JSONFileCheckinRepository(store: store)
        _ = try await checkins.save(try Checkin(day: Self.day, energy: 3, stress: 2, social: 4, keyContact: "Ann"),
                                    replacing: false)
        let file = store.url(of: "checkins")
        let corrupt = try replace(old, with: new, in: file)
        await #expect { try await checkins.checkins(on: Self.month) } throws: { isCorrupt($0, file: file, record: record) }
        #expect(try Data(contentsOf: file) == corrupt)
    }

    @Test("supplement-logs.json: taken that is not a boolean", arguments: ["\"x\"", "1", "null"])
    func supplementTaken(value: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let supplements = JSONFileSupplementRepository(store: store)
        try await supplements.save(SupplementLog(day: Self.day, supplementID: .init(), taken: true,
                                                 timestamp: Fixtures.instant("2026-03-10T08:00:00Z")))
        let file = store.url(of: "supplement-logs")
        let corrupt = try replace("\"taken\" : true", with: "\"taken\" : \(value)", in: file)
        await #expect { try await supplements.logs(on: Self.month) } throws: { isCorrupt($0, file: file, record: "[0].taken") }
        #expect(try Data(contentsOf: file) == corrupt)
    }
}
