import Foundation
import Testing
import WellnessTestSupport

/// `wellness health import|summary`, and the deck's hints from the imported data, on each
/// persistent store.
@Suite("CLI: health")
struct HealthCLITests {
    typealias F = DeckFixture

    /// Monday 5 January 2026 in Amsterdam (UTC+1): steps from phone and watch, water in the
    /// morning, a run in the evening, a wind-down at night; the night before's sleep from two
    /// sources; a weigh-in from a scale in pounds; a heart-rate record (not kept).
    static let records = [
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s iPhone" unit="count" creationDate="2026-01-05 09:00:00 +0100" startDate="2026-01-05 08:00:00 +0100" endDate="2026-01-05 09:00:00 +0100" value="4200"/>"#,
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s Apple Watch" unit="count" startDate="2026-01-05 08:00:00 +0100" endDate="2026-01-05 09:00:00 +0100" value="4800"><MetadataEntry key="HKMetadataKeySyncVersion" value="2"/></Record>"#,
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder" unit="mL" startDate="2026-01-05 08:30:00 +0100" endDate="2026-01-05 08:30:00 +0100" value="500"/>"#,
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder" unit="fl_oz_us" startDate="2026-01-05 10:00:00 +0100" endDate="2026-01-05 10:00:00 +0100" value="8"/>"#,
        #"<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" startDate="2026-01-04 23:00:00 +0100" endDate="2026-01-05 03:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore"/>"#,
        #"<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep &amp; Co" startDate="2026-01-05 02:00:00 +0100" endDate="2026-01-05 06:30:00 +0100" value="HKCategoryValueSleepAnalysisAsleepUnspecified"/>"#,
        #"<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" startDate="2026-01-04 22:30:00 +0100" endDate="2026-01-05 07:00:00 +0100" value="HKCategoryValueSleepAnalysisInBed"/>"#,
        #"<Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Calm" startDate="2026-01-05 21:30:00 +0100" endDate="2026-01-05 21:42:00 +0100"/>"#,
        #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="lb" startDate="2026-01-05 07:10:00 +0100" endDate="2026-01-05 07:10:00 +0100" value="160.5"/>"#,
        #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ann&#8217;s Apple Watch" unit="count/min" startDate="2026-01-05 07:10:00 +0100" endDate="2026-01-05 07:10:00 +0100" value="61"/>"#,
        #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="42" durationUnit="min" sourceName="Ann&#8217;s Apple Watch" startDate="2026-01-05 18:00:00 +0100" endDate="2026-01-05 18:42:00 +0100"><WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-01-05 18:00:00 +0100" endDate="2026-01-05 18:42:00 +0100" sum="402" unit="kcal"/></Workout>"#,
    ]

    static func zip(_ cli: Sandbox, _ records: [String] = records, name: String = "export.zip") throws -> String {
        let url = cli.root.url.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try HealthExportFixtures.exportZip(HealthExportFixtures.xml(records), at: url)
        return url.path
    }

    func summary(_ cli: Sandbox, days: Int = 2) async throws -> [[String: Any]] {
        let result = try await cli.ok(["health", "summary", "--days", "\(days)", "--json"], now: F.tenAM)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    @Test("import an export.zip, then summary --json: one entry per day, newest first, null where there is no data",
          arguments: persistentStores)
    func importAndSummary(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let file = try Self.zip(cli)
        let imported = try await cli.ok(["health", "import", file, "--json"], now: F.tenAM)
        let report = try #require(try imported.json() as? [String: Int], "\(imported)")
        #expect(report == ["samples": 8, "duplicates": 0, "skipped": 2, "weightsImported": 1, "weightDuplicates": 0])

        let days = try await summary(cli)
        #expect(days.map { $0["day"] as? String } == ["2026-01-06", "2026-01-05"])
        let keys: Set = ["day", "steps", "sleepMinutes", "waterLiters", "mindfulMinutes", "workouts", "workoutMinutes",
                         "activeEnergyKcal", "restingHeartRate"]
        #expect(days.allSatisfy { Set($0.keys) == keys })
        #expect(days[0].filter { $0.key != "day" }.allSatisfy { $0.value is NSNull }, "\(days[0])")
        let monday = days[1]
        #expect(monday["steps"] as? Int == 4800, "the watch's count, not phone and watch added")
        #expect(monday["sleepMinutes"] as? Int == 450, "23:00 to 06:30 from two sources, in bed not counted")
        #expect(monday["waterLiters"] as? Double == 0.74)
        #expect(monday["mindfulMinutes"] as? Int == 12)
        #expect(monday["workouts"] as? Int == 1)
        #expect(monday["workoutMinutes"] as? Int == 42)
        #expect(monday["activeEnergyKcal"] is NSNull)
        #expect(monday["restingHeartRate"] is NSNull)

        let text = try await cli.ok(["health", "summary", "--days", "2"], now: F.tenAM)
        #expect(text.stdout.contains("2026-01-05  4800 steps · 7 h 30 min asleep · 740 mL water · 12 min mindful · 1 workout (42 min)"),
                "\(text)")
        #expect(text.stdout.contains("2026-01-06  –"), "\(text)")
    }

    @Test("importing the same export again adds nothing; a newer one adds only what is new", arguments: persistentStores)
    func reimport(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["health", "import", try Self.zip(cli)], now: F.tenAM)
        let again = try await cli.ok(["health", "import", try Self.zip(cli), "--json"], now: F.tenAM)
        #expect(try again.json() as? [String: Int]
            == ["samples": 0, "duplicates": 8, "skipped": 2, "weightsImported": 0, "weightDuplicates": 1])
        let newer = Self.records + [
            #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s iPhone" unit="count" startDate="2026-01-06 08:00:00 +0100" endDate="2026-01-06 09:00:00 +0100" value="300"/>"#,
        ]
        let text = try await cli.ok(["health", "import", try Self.zip(cli, newer, name: "newer.zip")], now: F.tenAM)
        #expect(text.stdout.contains("Imported 1 health sample."), "\(text)")
        #expect(text.stdout.contains("8 samples were already stored"), "\(text)")
        #expect(text.stdout.contains("1 weigh-in was already recorded"), "\(text)")
        #expect(try await summary(cli).first?["steps"] as? Int == 300)
    }

    @Test("a Health weigh-in lands in the weight list in kilograms; the same weigh-in from a CSV file is a duplicate")
    func weighIns() async throws {
        let cli = try await Sandbox(store: "sqlite").started()
        try await cli.ok(["health", "import", try Self.zip(cli)], now: F.tenAM)
        let list = try await cli.ok(["weight", "list", "--json"], now: F.tenAM)
        let entries = try #require(try list.json() as? [[String: Any]], "\(list)")
        #expect(entries.map { $0["weightKg"] as? Double } == [160.5 * 0.45359237])
        #expect(entries.first?["date"] as? String == "2026-01-05T06:10:00.000Z")
        let csv = cli.root.url.appendingPathComponent("scale.csv")
        try Data("date,weight_kg\n2026-01-05T07:10:30+01:00,72.80\n".utf8).write(to: csv)
        let imported = try await cli.ok(["weight", "import", csv.path, "--json"], now: F.tenAM)
        let report = try #require(try imported.json() as? [String: Any])
        #expect(report["imported"] as? Int == 0 && report["duplicates"] as? Int == 1, "\(report)")
    }

    @Test("after an import the deck's hints show what the health data says; before it, they ask to connect")
    func deckHints() async throws {
        let cli = try await Sandbox(store: "sqlite").started()
        func hints() async throws -> [String: [String: Any]] {
            let cards = try await cli.cards(now: F.tenAM)
            var result: [String: [String: Any]] = [:]
            for card in cards {
                if let id = card["interventionId"] as? String, let hint = card["healthHint"] as? [String: Any] {
                    result[id] = hint
                }
            }
            return result
        }
        let before = try await hints()
        #expect(before["hydration_morning"]?["authorized"] as? Bool == false)
        try await cli.ok(["health", "import", try Self.zip(cli)], now: F.tenAM)
        let after = try await hints()
        let water = try #require(after["hydration_morning"])
        #expect(water["authorized"] as? Bool == true)
        #expect(water["liters"] as? Double == 0.5 + 8 * 0.0295735295625, "the morning section's water, 05:00–12:00")
        #expect(water["message"] as? String == "Health data: 737 mL of water in this section")
        let exercise = try #require(after["exercise_timing"])
        #expect(exercise["workouts"] as? Int == 1 && exercise["minutes"] as? Int == 42, "\(exercise)")
        let mindful = try #require(after["mindfulness_prebed"])
        #expect(mindful["minutes"] as? Int == 12, "\(mindful)")
        #expect(mindful["message"] as? String == "Health data: 12 mindful minutes in this section")
    }

    @Test("a truncated export: exit 1 naming the file, the line and the element; nothing saved", arguments: persistentStores)
    func truncated(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let xml = HealthExportFixtures.xml(Self.records)
        let url = cli.root.url.appendingPathComponent("export.xml")
        let cut = xml.utf8.count - 40
        try Data(Array(xml.utf8)[..<cut]).write(to: url)
        let result = try await cli.run(["health", "import", url.path], now: F.tenAM)
        #expect(result.status == 1, "\(result)")
        let lines = xml.prefix(cut).split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(result.stderr.contains("\(url.path): line \(lines)"), "\(result)")
        #expect(result.stderr.contains("nothing was imported"), "\(result)")
        #expect(try await summary(cli).allSatisfy { $0["steps"] is NSNull })
        let weights = try await cli.ok(["weight", "list", "--json"], now: F.tenAM)
        #expect(try weights.json() as? [Any] != nil && (try weights.json() as? [Any])?.isEmpty == true, "\(weights)")
    }

    @Test("bad files: not an export, a zip without export.xml, a missing file, an unknown unit — exit 1, named",
          arguments: [
            ("notes.csv", "not an Apple Health export"),
            ("photos.zip", "the zip holds no apple_health_export/export.xml"),
            ("missing.zip", "missing.zip"),
            ("stones.xml", "line 18, <Record>: unit 'st' is not one HKQuantityTypeIdentifierBodyMass is measured in"),
          ])
    func badFiles(name: String, message: String) async throws {
        let cli = try await Sandbox(store: "sqlite").started()
        let url = cli.root.url.appendingPathComponent(name)
        switch name {
        case "notes.csv": try Data("date,weight\n2026-01-05,72\n".utf8).write(to: url)
        case "photos.zip": try HealthExportFixtures.zip([(path: "IMG_0001.txt", contents: Data("x".utf8))], at: url)
        case "stones.xml":
            try Data(HealthExportFixtures.xml([
                #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="st" startDate="2026-01-05 07:10:00 +0100" endDate="2026-01-05 07:10:00 +0100" value="11.5"/>"#,
            ]).utf8).write(to: url)
        default: break
        }
        let result = try await cli.run(["health", "import", url.path], now: F.tenAM)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(!result.stderr.contains("Fatal"), "\(result)")
    }

    @Test("summary with nothing imported says how to import; --days out of range is a usage error")
    func emptySummary() async throws {
        let cli = try await Sandbox(store: "sqlite").started()
        let text = try await cli.ok(["health", "summary"], now: F.tenAM)
        #expect(text.stdout.contains("wellness health import export.zip"), "\(text)")
        let bad = try await cli.run(["health", "summary", "--days", "0"], now: F.tenAM)
        #expect(bad.status == 64, "\(bad)")
    }
}
