import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// What a ``BackupArchiveReader`` gave for an input: the settings and records in the order it
/// handed them over, their places, the counts, and the error it stopped with.
struct BackupOutcome: Equatable, CustomStringConvertible {
    var settings: [BackupSettings] = []
    var records: [AnyRecord] = []
    var places: [BackupArchiveReader.Place] = []
    var counts = BackupCounts()
    var error: BackupError?

    var description: String {
        "\(settings.count) settings, \(records.count) records, error \(error.map { "\($0)" } ?? "none")"
    }
}

enum BackupReading {
    /// The chunk sizes every error is checked at: bytes, a few odd sizes, and the whole input.
    static let sizes: [Int?] = [1, 2, 3, 7, 64, nil]

    /// `bytes` cut into chunks of `chunkSize` (all at once when `nil`), each its own array.
    static func chunks(_ bytes: [UInt8], _ chunkSize: Int?) -> [[UInt8]] {
        let size = max(1, chunkSize ?? bytes.count)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    }

    /// Reads `bytes` in chunks of `chunkSize`, then finishes.
    static func read(_ bytes: [UInt8], chunkSize: Int? = nil) -> BackupOutcome {
        var reader = BackupArchiveReader()
        var outcome = BackupOutcome()
        do {
            for chunk in chunks(bytes, chunkSize) {
                try reader.consume(chunk) { content in
                    switch content {
                    case .settings(let settings): outcome.settings.append(settings)
                    case .record(let record, let place):
                        outcome.records.append(record)
                        outcome.places.append(place)
                    }
                }
            }
            try reader.finish()
        } catch let error as BackupError {
            outcome.error = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        outcome.counts = reader.counts
        return outcome
    }

    static func read(_ text: String, chunkSize: Int? = nil) -> BackupOutcome {
        read(Array(text.utf8), chunkSize: chunkSize)
    }

    /// The scanner's items for `bytes` in chunks of `chunkSize`, and the error it stopped with.
    static func scan(_ bytes: [UInt8], chunkSize: Int? = nil) -> (items: [BackupArchiveScanner.Item], error: BackupError?) {
        var scanner = BackupArchiveScanner()
        var items: [BackupArchiveScanner.Item] = []
        do {
            for chunk in chunks(bytes, chunkSize) { try scanner.consume(chunk) { items.append($0) } }
            try scanner.finish()
        } catch let error as BackupError {
            return (items, error)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return (items, nil)
    }

    /// The archive the writer makes of `settings` and `records`, and the chunks it handed over.
    static func write(_ settings: BackupSettings, _ records: [AnyRecord]) throws -> (bytes: [UInt8], chunks: Int) {
        let sink = ByteSink()
        var writer = BackupArchiveWriter(write: sink.append)
        try writer.begin(settings: settings)
        for record in records { try writer.append(record) }
        try writer.finish()
        #expect(writer.counts == BackupSample.counts(records))
        return (sink.bytes, sink.writes)
    }
}

/// A store's worth of settings and one or two records of every collection, with the strings a
/// JSON writer has to escape: quotes, backslashes, line breaks, and text beyond ASCII.
enum BackupSample {
    static let supplement = Supplement.ID(UUID(uuidString: "00000001-5E1F-4000-8000-000000000000")!)
    static let goal = Goal.ID(UUID(uuidString: "6A0C1F2E-1111-4A2B-8C3D-000000000001")!)
    static let weight = WeightEntry.ID(UUID(uuidString: "0193A1B2-0000-7000-8000-000000000001")!)

    static func instant(_ iso: String) -> Date { Fixtures.instant(iso) }
    static func day(_ text: String) -> LocalDay { Fixtures.day(text) }

    static let settings = BackupSettings()
        .with(TierSetting.self, .pro)
        .with(ModuleSettingsSetting.self, ModuleSettings.defaults(at: instant("2026-11-01T09:00:00Z")))
        .with(DogProfileSetting.self, DogProfile(storedName: "Rex \"the\" \\ dog 🐕", birthDate: day("2024-03-01")))
        .with(SupplementStackSetting.self, SupplementStack(supplements: [
            Supplement(id: supplement, name: "Vitamin D3", timeOfDay: .morning, dosage: "2000 IU"),
            Supplement(id: .init(UUID(uuidString: "00000005-5E1F-4000-8000-000000000000")!), name: "Magnésium",
                       timeOfDay: .evening, dosage: "300 mg", isActive: false, sortOrder: 1),
        ], isSeeded: true))
        .with(ExerciseLibrarySetting.self, ExerciseLibrary(exercises: [
            ExerciseDefinition(id: "squat", name: "Squat", muscleGroup: .quads, secondaryMuscles: [.glutes],
                               equipment: .barbell, category: .strength),
        ], isSeeded: false))
        .with(CheckinPauseSetting.self, instant("2026-11-22T12:00:00.250Z"))

    /// One or two records of every collection, in archive order.
    static let records: [AnyRecord] = {
        let checkin = try! Checkin(day: day("2026-11-20"), energy: 4, stress: 2, social: 5, keyContact: "Åsa \"A\"")
        return [
            SupplementLogRecords.record(SupplementLog(day: day("2026-11-20"), supplementID: supplement, taken: true,
                                         timestamp: instant("2026-11-20T08:00:00.123Z"))),
            SupplementLogRecords.record(SupplementLog(day: day("2026-11-21"), supplementID: supplement, taken: false,
                                         timestamp: instant("2026-11-21T08:00:00Z"))),
            GoalRecords.record(Goal(storedID: goal, title: "Run 5 km \"under 30\"", description: "back\\slash, ☃ and 🏃‍♀️\nsecond line",
                       createdAt: instant("2026-11-01T10:00:00Z"))),
            GoalTipsRecords.record(GoalTips(goalID: goal, generatedAt: instant("2026-11-02T10:00:00Z"), tips: [
                GoalTip(id: .init(UUID(uuidString: "11111111-2222-4333-8444-555555555555")!), tip: "Drink water 💧 \"often\"",
                        category: .nutrition, priority: .high),
            ], stale: true, source: .ai)),
            JournalRecords.record(DailyJournal(day: day("2026-11-20"), notes: "Zoë said \"hi\" \\ 日本語\r\n\ttabbed",
                                  tags: ["alcohol", "tag-from-a-newer-version"])),
            JournalRecords.record(DailyJournal(day: day("2026-11-21"), notes: nil, tags: [])),
            MoodRecords.record(MoodEntry(storedDay: day("2026-11-20"), score: 4, note: "été 😊")),
            CheckinRecords.record(checkin),
            QueuedCheckinRecords.record(QueuedCheckin(id: .init(UUID(uuidString: "22222222-3333-4444-8555-666666666666")!),
                                         checkin: checkin, queuedAt: instant("2026-11-20T21:00:00Z"), retryCount: 2,
                                         replaces: true)),
            CompletionRecords.record(InterventionCompletion(id: .init(UUID(uuidString: "33333333-4444-4555-8666-777777777777")!),
                                               interventionID: "morning_light", day: day("2026-11-20"),
                                               timestamp: instant("2026-11-20T07:30:00Z"), count: 1, source: .catchUp)),
            DecisionRecords.record(InterventionDecision(interventionID: "walk_after_lunch", day: day("2026-11-20"), status: .skipped,
                                           count: 0, updatedAt: instant("2026-11-20T13:00:00Z"))),
            NudgeSnoozeRecords.record(NudgeSnooze(nudgeID: "walks.reminder", until: instant("2026-11-27T00:00:00Z"))),
            WeightRecords.record(WeightEntry(unchecked: weight, date: instant("2026-11-20T06:10:00.001Z"), kilograms: 72.35,
                                note: "after the run \"fast\" \\o/", source: .manual)),
            WeightRecords.record(WeightEntry(unchecked: .init(UUID(uuidString: "0193A1B2-0000-7000-8000-000000000002")!),
                                date: instant("2026-11-21T06:10:00Z"), kilograms: 0.1 + 0.2, note: nil, source: .imported)),
            HealthRecords.record(HealthSample(kind: .steps, source: "Ann’s iPhone", start: instant("2026-11-20T08:00:00Z"),
                                 end: instant("2026-11-20T09:00:00Z"), value: 4200)),
            HealthRecords.record(HealthSample(kind: .workout, source: "Watch \\ \"Pro\"", start: instant("2026-11-20T18:00:00Z"),
                                 end: instant("2026-11-20T18:42:00Z"), value: 42, category: "Running",
                                 energyKilocalories: 402.5)),
        ]
    }()

    static func counts(_ records: [AnyRecord]) -> BackupCounts {
        var counts = BackupCounts()
        for record in records { counts[record.collection] += 1 }
        return counts
    }

    /// ``settings`` and ``records`` as the writer writes them.
    static let archive: [UInt8] = {
        do {
            return try BackupReading.write(settings, records).bytes
        } catch {
            preconditionFailure("the sample archive cannot be written: \(error)")
        }
    }()

    /// The same JSON in another layout: white space between every token of every value (line
    /// breaks and tabs after `{`, `[` and `,`, spaces around `:`), blank lines, CRLF line ends,
    /// optionally a byte-order mark, and `settings` after `collections` when `settingsLast`.
    static func relaidOut(bom: Bool = false, settingsLast: Bool = false) -> [UInt8] {
        // The writer's lines: the header, `"settings":{…},`, `"collections":{`, the collections, `}}`.
        let lines = String(decoding: archive, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let settings = lines[1].dropFirst(#""settings":"#.count).dropLast()
        let collections = "{" + lines[3..<lines.count - 2].joined(separator: "\n") + "}"
        let members = ["  \"settings\"\t:\n" + spread(settings), "  \"collections\" : " + spread(collections)]
        let text = "\n  {\n  \"format\" : \"wellness-backup\" ,\n  \"version\" : 1 ,\n\n"
            + (settingsLast ? members.reversed() : members).joined(separator: " ,\n\n") + "\n}\n\n"
        return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    /// `json` with white space between its tokens; its strings untouched.
    static func spread(_ json: some StringProtocol) -> String {
        var text = "", inString = false, escaped = false, depth = 1
        func indent() -> String { "\n" + String(repeating: "\t", count: depth) }
        for character in json {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                text.append(character)
                continue
            }
            switch character {
            case "\"":
                inString = true
                text.append(character)
            case "{", "[":
                depth += 1
                text += String(character) + indent()
            case "}", "]":
                depth -= 1
                text += indent() + String(character)
            case ",": text += " ," + indent()
            case ":": text += " : "
            case "\n": text += indent()
            default: text.append(character)
            }
        }
        return text
    }
}

/// Archives written by hand in the writer's layout, so every line is known: line 1 the format
/// and version, line 2 the settings, line 3 `"collections":{`, line 4 the first collection's
/// name, then a line per record and a line closing each collection; the collections not given
/// follow, empty.
enum HandArchive {
    /// The header of an archive of the current version (``BackupArchive/version``).
    static let head = #"{"format":"wellness-backup","version":\#(BackupArchive.version),"#
    static let supplementJSON = #"{"dosage":"2000 IU","id":"00000001-5e1f-4000-8000-000000000000","isActive":true,"#
        + #""name":"Vitamin D3","sortOrder":0,"timeOfDay":"morning"}"#
    static let settings = #""settings":{"exerciseLibrary":{"isSeeded":false,"items":[]},"#
        + #""supplementStack":{"isSeeded":true,"items":[\#(supplementJSON)]},"tier":"free"},"#

    /// The collections given, in order, then every other collection empty (the reader requires
    /// them all), unless `complete` is false.
    static func text(_ collections: [(String, [String])], head: String = head, settings: String = settings,
                     complete: Bool = true) -> String {
        let named = Set(collections.map(\.0))
        let rest = complete ? RecordRegistry.standard.collections.map(\.rawValue).filter { !named.contains($0) }.map { ($0, [String]()) } : []
        let body = (collections + rest).map { name, records in
            "\n\"\(name)\":[" + records.map { "\n" + $0 }.joined(separator: ",") + "\n]"
        }
        return head + "\n" + settings + "\n" + #""collections":{"# + body.joined(separator: ",") + "\n}}\n"
    }

    static let weightID = "0193a1b2-0000-7000-8000-000000000001"
    static let goalID = "6a0c1f2e-1111-4a2b-8c3d-000000000001"
    static let unknownID = "99999999-9999-4999-8999-999999999999"

    static func journal(_ day: String = "2026-11-20", notes: String = "a note") -> String {
        #"{"day":"\#(day)","notes":"\#(notes)","tags":["alcohol"]}"#
    }

    static func mood(_ score: Int, day: String = "2026-11-20") -> String {
        #"{"day":"\#(day)","note":null,"score":\#(score)}"#
    }

    static func weight(id: String = weightID, kilograms: String = "72.5", minute: Int = 10) -> String {
        #"{"date":"2026-11-20T07:\#(String(format: "%02d", minute)):00.000Z","id":"\#(id)","kilograms":\#(kilograms),"source":"manual"}"#
    }

    static func supplementLog(_ supplement: String = "00000001-5e1f-4000-8000-000000000000") -> String {
        #"{"day":"2026-11-20","supplementID":"\#(supplement)","taken":true,"timestamp":"2026-11-20T08:00:00.000Z"}"#
    }

    static func goal(_ id: String = goalID) -> String {
        #"{"createdAt":"2026-11-01T10:00:00.000Z","description":null,"id":"\#(id)","title":"Run"}"#
    }

    static func goalTips(_ goal: String = goalID) -> String {
        #"{"generatedAt":"2026-11-02T10:00:00.000Z","goalID":"\#(goal)","source":"rules","stale":false,"tips":[]}"#
    }

    /// A good archive: a journal (line 5) and a weigh-in (line 8); 10 lines and a line break.
    static let good = text([("journals", [journal()]), ("weights", [weight()])])
    /// How many lines end in ``good``.
    static let goodLines = good.utf8.count { $0 == 0x0A }
}
