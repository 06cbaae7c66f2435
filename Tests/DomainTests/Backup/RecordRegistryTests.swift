import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// The archive follows its registry: a kind added later raises the version written, an older
/// archive reads that collection as empty, and a newer one must hold it.
@Suite("Record registry and the archive")
struct RecordRegistryTests {
    /// A kind that only the newer registry knows, added in archive version 3 (Wellness's own
    /// kinds reach version 2).
    enum Steps: RecordKind {
        struct Count: Codable, Equatable, Sendable {
            let day: LocalDay
            let steps: Int
        }

        static let collection: RecordCollection = "stepCounts"
        static var archiveVersion: Int { 3 }
        static func identity(of count: Count) -> LocalDay { count.day }
        static func precedes(_ lhs: Count, _ rhs: Count) -> Bool { lhs.day < rhs.day }

        static func validate(_ count: Count) throws(RecordRejection) {
            guard count.steps >= 0 else { throw RecordRejection("\(count.steps) steps is fewer than none") }
        }
    }

    static let newer = RecordRegistry.standard.adding(Steps.self)

    static func read(_ text: String, registry: RecordRegistry) -> (records: [AnyRecord], error: BackupError?) {
        var reader = BackupArchiveReader(registry: registry)
        var records: [AnyRecord] = []
        do {
            try reader.consume(Array(text.utf8)) { content in
                if case .record(let record, _) = content { records.append(record) }
            }
            try reader.finish()
        } catch let error as BackupError {
            return (records, error)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return (records, nil)
    }

    @Test("Wellness's own kinds are the archive's collections, in the order it writes them: version 1's twelve, then version 2's")
    func standardOrder() {
        #expect(RecordRegistry.standard.collections.map(\.rawValue) == [
            "supplementLogs", "goals", "goalTips", "journals", "moods", "checkins", "queuedCheckins",
            "completions", "decisions", "nudgeSnoozes", "weights", "health",
            "walks", "walkPlan", "training", "socialization", "milestones", "meals", "mealPlan", "medications", "medicationDoses",
            "documents", "documentChunks",
        ])
        #expect(RecordRegistry.standard.kinds.prefix(12).allSatisfy { $0.archiveVersion == 1 })
        #expect(RecordRegistry.standard.kinds.dropFirst(12).allSatisfy { $0.archiveVersion == 2 })
        #expect(RecordRegistry.standard.archiveVersion == 2)
        #expect(BackupArchive.version == 2)
    }

    @Test("a registry with a kind added later writes version 3, with the new collection last")
    func newerWritesVersion3() throws {
        var bytes: [UInt8] = []
        var writer = BackupArchiveWriter(registry: Self.newer) { bytes += $0 }
        try writer.begin(settings: BackupSettings())
        try writer.append(Steps.record(Steps.Count(day: Fixtures.day("2026-11-20"), steps: 8_000)))
        try writer.finish()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"wellness-backup","version":3,"#))
        #expect(text.hasSuffix("\"stepCounts\":[\n{\"day\":\"2026-11-20\",\"steps\":8000}\n]\n}}\n"))
        let read = Self.read(text, registry: Self.newer)
        #expect(read.error == nil)
        #expect(read.records == [Steps.record(Steps.Count(day: Fixtures.day("2026-11-20"), steps: 8_000))])
    }

    @Test("an archive of Wellness's version reads in a newer registry, the collection it lacks as empty")
    func olderReadsInNewer() {
        let read = Self.read(HandArchive.text([("journals", [HandArchive.journal()])]), registry: Self.newer)
        #expect(read.error == nil)
        #expect(read.records.map(\.collection) == [.journals])
    }

    @Test("a version-3 archive must hold the collection version 3 added")
    func version3NeedsItsCollection() {
        let text = HandArchive.text([("journals", [HandArchive.journal()])],
                                    head: #"{"format":"wellness-backup","version":3,"#)
        #expect(Self.read(text, registry: Self.newer).error == .missing("collections.stepCounts"))
    }

    @Test("a version-3 archive is newer than Wellness's own registry reads")
    func version3IsNewerForStandard() {
        let text = HandArchive.text([("stepCounts", [])], head: #"{"format":"wellness-backup","version":3,"#)
        #expect(Self.read(text, registry: .standard).error == .newerVersion(found: 3, supported: 2))
    }

    @Test("a collection the registry does not know is refused with its name")
    func unknownCollection() {
        let text = HandArchive.text([("stepCounts", [#"{"day":"2026-11-20","steps":1}"#])])
        guard case .unknownCollection(_, let name) = Self.read(text, registry: .standard).error else {
            Issue.record("not refused as unknown")
            return
        }
        #expect(name == "stepCounts")
    }

    @Test("a record is held to its kind's rules and identity")
    func kindRules() {
        let head = #"{"format":"wellness-backup","version":2,"#
        let refused = Self.read(HandArchive.text([("stepCounts", [#"{"day":"2026-11-20","steps":-1}"#])], head: head),
                                registry: Self.newer)
        guard case .invalidRecord(_, let collection, let index, let reason, _) = refused.error else {
            Issue.record("not refused: \(String(describing: refused.error))")
            return
        }
        #expect(collection == "stepCounts" && index == 1 && reason == "-1 steps is fewer than none")
        let twice = Self.read(HandArchive.text([("stepCounts", [#"{"day":"2026-11-20","steps":1}"#,
                                                                #"{"day":"2026-11-20","steps":2}"#])], head: head),
                              registry: Self.newer)
        guard case .duplicate(_, _, let second, let identity) = twice.error else {
            Issue.record("not refused: \(String(describing: twice.error))")
            return
        }
        #expect(second == 2 && identity == "2026-11-20")
    }

    /// A setting only an app's registry has, left out of archives written without it.
    enum Units: SettingKind {
        static let name = "units"
        static var unused: String { "kg" }

        static func encode(_ units: String, to container: inout KeyedEncodingContainer<SettingKey>) throws {
            try container.encode(units, forKey: key)
        }

        static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> String {
            try container.decodeIfPresent(String.self, forKey: key) ?? unused
        }
    }

    @Test("Wellness's own settings are the six version 1 writes")
    func standardSettings() {
        #expect(RecordRegistry.standard.settings.map { $0.name } == [
            "tier", "moduleSettings", "dogProfile", "supplementStack", "exerciseLibrary", "checkinsPausedUntil",
        ])
    }

    @Test("a setting the registry adds is written under its name and read back; an archive without it reads it unused")
    func addedSetting() throws {
        let registry = RecordRegistry.standard.adding(Units.self)
        var bytes: [UInt8] = []
        var writer = BackupArchiveWriter(registry: registry) { bytes += $0 }
        let settings = BackupSettings(registry: registry).with(Units.self, "lb")
        #expect(!settings.isUnused, "a setting that is data counts")
        try writer.begin(settings: settings)
        try writer.finish()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""units":"lb""#))

        var read: [BackupSettings] = []
        var reader = BackupArchiveReader(registry: registry)
        try reader.consume(bytes) { if case .settings(let settings) = $0 { read.append(settings) } }
        try reader.finish()
        #expect(read.map { $0[Units.self] } == ["lb"])
        #expect(read.first == settings)

        var older: [BackupSettings] = []
        var again = BackupArchiveReader(registry: registry)
        try again.consume(Array(HandArchive.text([]).utf8)) { if case .settings(let settings) = $0 { older.append(settings) } }
        try again.finish()
        #expect(older.map { $0[Units.self] } == ["kg"])
        #expect(older.first?[TierSetting.self] == .free)
    }
}
