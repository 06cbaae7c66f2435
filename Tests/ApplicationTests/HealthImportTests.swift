import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// An export held in memory, handed over in chunks of `chunkSize` bytes (all at once when
/// `nil`), each chunk in its own buffer; optionally failing after `failAfter` chunks, as a
/// damaged zip would.
struct InMemoryHealthExport: HealthExportSource {
    struct Failure: Error, Equatable {}

    let bytes: [UInt8]
    let chunkSize: Int
    let failAfter: Int?

    init(_ text: String, chunkSize: Int? = nil, failAfter: Int? = nil) {
        bytes = Array(text.utf8)
        self.chunkSize = max(1, chunkSize ?? bytes.count)
        self.failAfter = failAfter
    }

    var totalBytes: Int? { bytes.count }

    func read(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var offset = 0
        var chunks = 0
        while offset < bytes.count {
            if let failAfter, chunks == failAfter { throw Failure() }
            let end = min(bytes.count, offset + chunkSize)
            let chunk = Array(bytes[offset..<end])
            try chunk.withUnsafeBufferPointer(body)
            offset = end
            chunks += 1
        }
    }
}

/// Apple Health exports for the application tests.
enum HealthImportXML {
    /// Declaration, DOCTYPE with a comment, `HealthData`, `ExportDate`, `Me`: 11 lines.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-15 09:00:00 +0200"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>

        """

    /// The line of the first element after ``header``.
    static let firstLine = 12

    static let phone = "Ann&#8217;s iPhone"
    static let watch = "Ann&#8217;s Apple Watch"

    static func export(_ elements: [String]) -> String {
        header + elements.map { " " + $0 + "\n" }.joined() + "</HealthData>\n"
    }

    static func record(_ type: String, unit: String?, value: String?, source: String, start: String, end: String? = nil,
                       children: [String] = []) -> String {
        var text = "<Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"17.4\""
        if let unit { text += " unit=\"\(unit)\"" }
        text += " creationDate=\"\(end ?? start)\" startDate=\"\(start)\" endDate=\"\(end ?? start)\""
        if let value { text += " value=\"\(value)\"" }
        guard !children.isEmpty else { return text + "/>" }
        return text + ">\n" + children.map { "  " + $0 + "\n" }.joined() + " </Record>"
    }

    static func steps(_ value: Int, _ start: String, _ end: String, source: String = phone, children: [String] = []) -> String {
        record("HKQuantityTypeIdentifierStepCount", unit: "count", value: "\(value)", source: source, start: start, end: end,
               children: children)
    }

    static func water(_ value: String, _ unit: String, at date: String, source: String = phone) -> String {
        record("HKQuantityTypeIdentifierDietaryWater", unit: unit, value: value, source: source, start: date)
    }

    static func sleep(_ stage: String, _ start: String, _ end: String, source: String = watch) -> String {
        record("HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: "HKCategoryValueSleepAnalysis" + stage,
               source: source, start: start, end: end)
    }

    static func mindful(_ start: String, _ end: String, source: String = phone) -> String {
        record("HKCategoryTypeIdentifierMindfulSession", unit: nil, value: "HKCategoryValueNotApplicable",
               source: source, start: start, end: end)
    }

    static func bodyMass(_ value: String, _ unit: String = "kg", at date: String) -> String {
        record("HKQuantityTypeIdentifierBodyMass", unit: unit, value: value, source: "Withings", start: date)
    }

    static func workout(_ activity: String, _ start: String, _ end: String, duration: String? = nil,
                        energy: String? = nil, source: String = watch, children: [String] = []) -> String {
        var text = "<Workout workoutActivityType=\"HKWorkoutActivityType\(activity)\""
        if let duration { text += " duration=\"\(duration)\" durationUnit=\"min\"" }
        if let energy { text += " totalEnergyBurned=\"\(energy)\" totalEnergyBurnedUnit=\"kcal\"" }
        text += " sourceName=\"\(source)\" sourceVersion=\"10.4\" creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\""
        guard !children.isEmpty else { return text + "/>" }
        return text + ">\n" + children.map { "  " + $0 + "\n" }.joined() + " </Workout>"
    }

    /// The elements of one day, 14 June 2024 (and the night before): 14 samples, 3 weigh-ins,
    /// 5 skipped.
    static let dayElements: [String] = [
        steps(2000, "2024-06-14 09:00:00 +0200", "2024-06-14 09:30:00 +0200"),
        steps(3000, "2024-06-14 17:00:00 +0200", "2024-06-14 17:30:00 +0200"),
        steps(6000, "2024-06-14 09:00:00 +0200", "2024-06-14 17:30:00 +0200", source: watch,
              children: [#"<MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>"#]),
        record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", unit: "ms", value: "45.2", source: watch,
               start: "2024-06-14 07:00:00 +0200", end: "2024-06-14 07:01:00 +0200",
               children: ["<HeartRateVariabilityMetadataList>",
                          #" <InstantaneousBeatsPerMinute bpm="62" time="7:00:02.55 AM"/>"#,
                          #" <InstantaneousBeatsPerMinute bpm="64" time="7:00:03.48 AM"/>"#,
                          "</HeartRateVariabilityMetadataList>"]),
        sleep("InBed", "2024-06-13 22:45:00 +0200", "2024-06-14 06:45:00 +0200"),
        sleep("AsleepCore", "2024-06-13 23:00:00 +0200", "2024-06-14 03:00:00 +0200"),
        sleep("Awake", "2024-06-14 03:00:00 +0200", "2024-06-14 03:05:00 +0200"),
        sleep("AsleepUnspecified", "2024-06-14 02:00:00 +0200", "2024-06-14 06:30:00 +0200", source: "Sleep Cycle"),
        mindful("2024-06-14 08:00:00 +0200", "2024-06-14 08:10:00 +0200"),
        water("250", "mL", at: "2024-06-14 10:00:00 +0200"),
        water("0.5", "L", at: "2024-06-14 12:00:00 +0200"),
        water("8", "fl_oz_us", at: "2024-06-14 13:00:00 +0200", source: "WaterMinder &amp; Co"),
        record("HKQuantityTypeIdentifierRestingHeartRate", unit: "count/min", value: "58", source: watch,
               start: "2024-06-14 00:00:00 +0200", end: "2024-06-14 23:59:00 +0200"),
        record("HKQuantityTypeIdentifierActiveEnergyBurned", unit: "kJ", value: "418.4", source: watch,
               start: "2024-06-14 09:00:00 +0200", end: "2024-06-14 09:10:00 +0200"),
        record("HKQuantityTypeIdentifierActiveEnergyBurned", unit: "kcal", value: "150", source: watch,
               start: "2024-06-14 10:00:00 +0200", end: "2024-06-14 10:10:00 +0200"),
        bodyMass("154.32", "lb", at: "2024-06-14 07:30:00 +0200"),
        bodyMass("70.1", at: "2024-06-13 07:30:00 +0200"),
        bodyMass("70250", "g", at: "2024-06-12 07:30:00 +0200"),
        workout("Running", "2024-06-14 18:00:00 +0200", "2024-06-14 18:31:00 +0200", duration: "30.5", energy: "310",
                children: [#"<WorkoutEvent type="HKWorkoutEventTypePause" date="2024-06-14 18:12:00 +0200"/>"#,
                           #"<WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:31:00 +0200" sum="999" unit="kcal"/>"#,
                           #"<WorkoutRoute sourceName="Ann&#8217;s Apple Watch" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:31:00 +0200">"#,
                           #" <FileReference path="/workout-routes/route_2024-06-14_6.31pm.gpx"/>"#,
                           "</WorkoutRoute>"]),
        workout("Yoga", "2024-06-14 20:00:00 +0200", "2024-06-14 20:30:00 +0200", duration: "30", source: "Down Dog",
                children: [#"<WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-06-14 20:00:00 +0200" endDate="2024-06-14 20:30:00 +0200" sum="418.4" unit="kJ"/>"#]),
        #"<ActivitySummary dateComponents="2024-06-14" activeEnergyBurned="450" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleExerciseTime="35" appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>"#,
        #"<Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200">"# + "\n"
            + #"  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200" value="120"/>"# + "\n"
            + #"  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200" value="80"/>"# + "\n"
            + " </Correlation>",
    ]

    static let day = export(dayElements)

    static var dayReport: HealthImportReport {
        var report = HealthImportReport()
        report.samples = 14
        report.skipped = 5
        report.weightsImported = 3
        return report
    }
}

/// An in-memory health store kept with an in-memory weight store, a fixed clock (15 June 2024,
/// 10:00 in Amsterdam unless told) and the health use cases on them.
struct HealthWorld {
    let clock: FixedWallClock
    let calendar: Calendar
    let time: TimeContext
    let weights = InMemoryWeightRepository()
    let health: any HealthRepository

    init(now: String = "2024-06-15T10:00:00+02:00", zone: String = "Europe/Amsterdam") {
        clock = FixedWallClock(Fixtures.instant(now))
        calendar = Fixtures.calendar(zone)
        time = TimeContext(clock: clock, calendar: calendar)
        health = InMemoryHealthRepository(keptWith: weights)
    }

    var importer: ImportHealthExport { ImportHealthExport(health: health, time: time) }
    var summary: GetHealthSummary { GetHealthSummary(health: health, time: time) }
    var recorded: RecordedHealthData { RecordedHealthData(health: health) }

    @discardableResult
    func importing(_ text: String, chunkSize: Int? = nil) async throws -> HealthImportReport {
        try await importer.execute(InMemoryHealthExport(text, chunkSize: chunkSize))
    }

    /// Runs the import of `text` expecting a ``HealthExportError``, and returns it.
    func failing(_ text: String, chunkSize: Int? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) async -> HealthExportError? {
        do {
            let report = try await importing(text, chunkSize: chunkSize)
            Issue.record("the import succeeded: \(report)", sourceLocation: sourceLocation)
        } catch let error as HealthExportError {
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Every stored sample, in store order.
    func samples() async throws -> [HealthSample] {
        try await health.samples(of: Set(HealthSampleKind.allCases),
                                 startingIn: DateInterval(start: .distantPast, end: .distantFuture))
    }

    /// Every stored weigh-in, oldest first.
    func weighIns() async -> [WeightEntry] { await weights.entries(since: nil) }

    /// The local day `day` as a window.
    func window(_ day: String) -> DateInterval {
        let local = Fixtures.day(day)
        return DateInterval(start: local.start(in: calendar), end: local.adding(days: 1).start(in: calendar))
    }

    static func window(_ start: String, _ end: String) -> DateInterval {
        DateInterval(start: Fixtures.instant(start), end: Fixtures.instant(end))
    }
}

@Suite("Health import, summary and the recorded health data")
struct HealthImportTests {
    typealias XML = HealthImportXML

    static func summary(_ day: String, steps: Int? = nil, sleep: Int? = nil, water: Double? = nil, mindful: Int? = nil,
                        workouts: Int? = nil, workoutMinutes: Int? = nil, energy: Int? = nil,
                        restingHeartRate: Int? = nil) -> HealthDaySummary {
        var summary = HealthDaySummary(day: Fixtures.day(day))
        summary.steps = steps
        summary.sleepMinutes = sleep
        summary.waterLiters = water
        summary.mindfulMinutes = mindful
        summary.workouts = workouts
        summary.workoutMinutes = workoutMinutes
        summary.activeEnergyKilocalories = energy
        summary.restingHeartRate = restingHeartRate
        return summary
    }

    /// 14 June 2024 from ``HealthImportXML/day``.
    static let day14 = summary("2024-06-14", steps: 6000, sleep: 450, water: 0.75, mindful: 10, workouts: 2,
                               workoutMinutes: 61, energy: 250, restingHeartRate: 58)

    // MARK: - Importing

    @Test("an export is imported the same at every chunk size", arguments: [1, 2, 3, 7, 64, 4096, nil] as [Int?])
    func chunkSizes(chunkSize: Int?) async throws {
        let whole = HealthWorld()
        #expect(try await whole.importing(XML.day) == XML.dayReport)

        let world = HealthWorld()
        #expect(try await world.importing(XML.day, chunkSize: chunkSize) == XML.dayReport)
        let samples = try await world.samples()
        #expect(samples.count == 14)
        #expect(samples == (try await whole.samples()))
        let weighIns = await world.weighIns()
        #expect(weighIns.map(\.date) == (await whole.weighIns()).map(\.date))
        #expect(weighIns.map(\.kilograms) == (await whole.weighIns()).map(\.kilograms))
    }

    @Test("what is stored: sources decoded, values in their units, weigh-ins in kilograms from the import")
    func stored() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let samples = try await world.samples()
        #expect(Set(samples.map(\.source)) == ["Ann\u{2019}s iPhone", "Ann\u{2019}s Apple Watch", "Sleep Cycle",
                                               "WaterMinder & Co", "Down Dog"])
        #expect(samples.filter { $0.kind == .sleep }.map(\.category) == ["AsleepCore", "AsleepUnspecified"])
        let water = samples.filter { $0.kind == .water }.map(\.value)
        #expect(water.count == 3)
        #expect(abs(water[0] - 0.25) < 1e-12 && abs(water[1] - 0.5) < 1e-12 && abs(water[2] - 0.2365882365) < 1e-12)
        let workouts = samples.filter { $0.kind == .workout }
        #expect(workouts.map(\.category) == ["Running", "Yoga"])
        #expect(workouts.map(\.value) == [30.5, 30])
        #expect(workouts[0].energyKilocalories == 310)
        #expect(abs((workouts[1].energyKilocalories ?? 0) - 100) < 1e-9)
        #expect(samples == samples.sorted(by: HealthSample.order))

        let weighIns = await world.weighIns()
        #expect(weighIns.map(\.date) == ["2024-06-12T07:30:00+02:00", "2024-06-13T07:30:00+02:00", "2024-06-14T07:30:00+02:00"]
            .map(Fixtures.instant))
        let kilograms = weighIns.map(\.kilograms)
        #expect(abs(kilograms[0] - 70.25) < 1e-9 && kilograms[1] == 70.1 && abs(kilograms[2] - 154.32 * 0.45359237) < 1e-9)
        #expect(weighIns.allSatisfy { $0.source == .imported && $0.note == nil })
        #expect(Set(weighIns.map(\.id)).count == 3)
    }

    @Test("progress is reported after each chunk with the bytes read so far")
    func progress() async throws {
        let world = HealthWorld()
        let log = ProgressLog()
        let total = XML.day.utf8.count
        _ = try await world.importer.execute(InMemoryHealthExport(XML.day, chunkSize: 1000)) { log.append($0) }
        let expected = Array(stride(from: 1000, to: total, by: 1000)) + [total]
        #expect(log.values == expected)
    }

    // MARK: - Nothing saved when anything fails

    @Test("a file cut short after valid records saves nothing, neither samples nor weigh-ins")
    func truncatedSavesNothing() async throws {
        let world = HealthWorld()
        let cut = String(XML.day.dropLast("</HealthData>\n".count))
        let lines = cut.filter { $0 == "\n" }.count + 1
        for size in [7, 64, nil] as [Int?] {
            let error = await world.failing(cut, chunkSize: size)
            #expect(error == HealthExportError(line: lines, element: "HealthData", problem: .truncated("HealthData")))
        }
        #expect(try await world.samples().isEmpty)
        #expect(await world.weighIns().isEmpty)
        #expect(try await world.health.hasSamples() == false)
        // The store is not left in a state that refuses the good file.
        #expect(try await world.importing(XML.day) == XML.dayReport)
    }

    @Test("an error after many batches were inserted still saves nothing, and keeps what was there")
    func lateErrorSavesNothing() async throws {
        let world = HealthWorld()
        let existing = try await AddWeight(weights: world.weights, time: world.time)
            .execute(kilograms: 80, at: Fixtures.instant("2024-01-01T08:00:00+01:00"))
        try await world.importing(XML.export([XML.steps(1, "2023-12-01 08:00:00 +0100", "2023-12-01 08:01:00 +0100")]))
        let before = try await world.samples()

        var elements: [String] = []
        for index in 0..<150 {
            let minute = String(format: "%02d:%02d", 8 + index / 60, index % 60)
            elements.append(XML.steps(100 + index, "2024-05-01 \(minute):00 +0200", "2024-05-01 \(minute):30 +0200"))
        }
        for index in 0..<70 {
            elements.append(XML.bodyMass("\(70 + Double(index) / 10)", at: String(format: "2024-03-%02d 07:30:00 +0100", 1 + index % 28)
                .replacingOccurrences(of: "07:30", with: String(format: "07:%02d", index / 28))))
        }
        elements.append(XML.bodyMass("11", "st", at: "2024-06-01 07:30:00 +0200"))
        let error = await world.failing(XML.export(elements), chunkSize: 4096)
        #expect(error == HealthExportError(line: XML.firstLine + 220, element: "Record",
                                           problem: .unknownUnit("st", type: "HKQuantityTypeIdentifierBodyMass")))
        #expect(try await world.samples() == before)
        #expect(await world.weighIns().map(\.id) == [existing.id])
    }

    @Test("a source that fails while being read saves nothing, and its error comes through")
    func sourceFailure() async throws {
        let world = HealthWorld()
        await #expect(throws: InMemoryHealthExport.Failure()) {
            try await world.importer.execute(InMemoryHealthExport(XML.day, chunkSize: 512, failAfter: 5))
        }
        #expect(try await world.samples().isEmpty)
        #expect(await world.weighIns().isEmpty)
    }

    @Test("problems in the file name the line and the element",
          arguments: [
              (XML.bodyMass("11", "st", at: "2024-06-01 07:30:00 +0200"), "Record",
               HealthExportProblem.unknownUnit("st", type: "HKQuantityTypeIdentifierBodyMass")),
              (XML.steps(5, "2024-06-01 07:30:00 +0200", "2024-06-01 07:30:00 +0200").replacingOccurrences(of: "\"5\"", with: "\"five\""),
               "Record", .notANumber(attribute: "value", value: "five")),
              (XML.water("1", "L", at: "2024-06-01T07:30:00+02:00"), "Record",
               .notADate(attribute: "startDate", value: "2024-06-01T07:30:00+02:00")),
              (#"<Record type="HKQuantityTypeIdentifierStepCount" unit="count" value="5"/>"#, "Record",
               .missingAttribute("sourceName")),
          ] as [(String, String, HealthExportProblem)])
    func fileProblems(element: String, name: String, problem: HealthExportProblem) async throws {
        let world = HealthWorld()
        let text = XML.export([XML.steps(5, "2024-06-01 07:00:00 +0200", "2024-06-01 07:10:00 +0200"), element])
        let error = await world.failing(text, chunkSize: 3)
        #expect(error == HealthExportError(line: XML.firstLine + 1, element: name, problem: problem))
        #expect(try await world.samples().isEmpty)
    }

    @Test("not an export: wrong root, CSV text, an unknown entity")
    func notAnExport() async throws {
        let world = HealthWorld()
        #expect(await world.failing("<!DOCTYPE html>\n<html>\n<body/>\n</html>\n")
                == HealthExportError(line: 2, element: nil, problem: .wrongRoot("html")))
        let csv = await world.failing("date,weight_kg\n2024-03-05T08:30:00+01:00,70.5\n", chunkSize: 8)
        #expect(csv == HealthExportError(line: 1, element: nil, problem: .notAnExport))
        let entity = await world.failing(XML.export([XML.steps(5, "2024-06-01 07:00:00 +0200", "2024-06-01 07:10:00 +0200",
                                                               source: "Ann&nbsp;iPhone")]))
        #expect(entity?.line == XML.firstLine)
        #expect(entity?.problem == .unknownEntity("&nbsp;"))
        #expect(try await world.samples().isEmpty)
    }

    // MARK: - The future

    @Test("a reading more than five minutes after now stops the import, naming its line and time",
          arguments: [
              (XML.steps(5, "2024-06-15 10:05:01 +0200", "2024-06-15 10:06:00 +0200"), "Record", "2024-06-15T10:05:01+02:00"),
              (XML.bodyMass("70", at: "2024-06-16 07:30:00 +0200"), "Record", "2024-06-16T07:30:00+02:00"),
              (XML.workout("Running", "2024-06-15 11:00:00 +0200", "2024-06-15 11:30:00 +0200",
                           children: [#"<WorkoutEvent type="HKWorkoutEventTypePause" date="2024-06-15 11:10:00 +0200"/>"#]),
               "Workout", "2024-06-15T11:00:00+02:00"),
          ])
    func future(element: String, name: String, shown: String) async throws {
        let world = HealthWorld()
        let text = XML.export([XML.steps(5, "2024-06-15 10:00:00 +0200", "2024-06-15 10:05:00 +0200"), element])
        let error = await world.failing(text)
        #expect(error == HealthExportError(line: XML.firstLine + 1, element: name, problem: .time(.inFuture(shown))))
        #expect(try await world.samples().isEmpty)
        #expect(await world.weighIns().isEmpty)
    }

    @Test("a reading up to five minutes after now is accepted (clocks differ)")
    func withinSkew() async throws {
        let world = HealthWorld()
        let report = try await world.importing(XML.export([
            XML.steps(5, "2024-06-15 10:05:00 +0200", "2024-06-15 10:10:00 +0200"),
            XML.bodyMass("70", at: "2024-06-15 10:04:59 +0200"),
        ]))
        #expect(report.samples == 1)
        #expect(report.weightsImported == 1)
    }

    // MARK: - Duplicates

    @Test("importing the same export again adds nothing and counts every duplicate")
    func reimport() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let second = try await world.importing(XML.day, chunkSize: 64)
        var expected = HealthImportReport()
        expected.duplicates = 14
        expected.skipped = 5
        expected.weightDuplicates = 3
        #expect(second == expected)
        #expect(try await world.samples().count == 14)
        #expect(await world.weighIns().count == 3)
    }

    @Test("a sample or weigh-in repeated in one export is stored once and counted as a duplicate")
    func repeatedInOneExport() async throws {
        let world = HealthWorld()
        let steps = XML.steps(5, "2024-06-14 07:00:00 +0200", "2024-06-14 07:10:00 +0200")
        let weight = XML.bodyMass("70", at: "2024-06-14 07:30:00 +0200")
        let report = try await world.importing(XML.export([steps, weight, steps, weight,
                                                           XML.bodyMass("70.004", at: "2024-06-14 07:30:59 +0200")]))
        var expected = HealthImportReport()
        expected.samples = 1
        expected.duplicates = 1
        expected.weightsImported = 1
        expected.weightDuplicates = 2
        #expect(report == expected)
    }

    @Test("a newer export adds only what is new")
    func newerExport() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let newer = XML.export(XML.dayElements + [
            XML.steps(800, "2024-06-15 08:00:00 +0200", "2024-06-15 08:20:00 +0200"),
            XML.bodyMass("69.9", at: "2024-06-15 07:30:00 +0200"),
        ])
        var expected = HealthImportReport()
        expected.samples = 1
        expected.duplicates = 14
        expected.skipped = 5
        expected.weightsImported = 1
        expected.weightDuplicates = 3
        #expect(try await world.importing(newer, chunkSize: 7) == expected)
        #expect(try await world.samples().count == 15)
        #expect(await world.weighIns().count == 4)
    }

    @Test("a weigh-in typed in (same minute, same weight to 0.01 kg) is a duplicate; another minute or weight is not")
    func duplicateOfTypedWeighIn() async throws {
        let world = HealthWorld()
        let typed = try await AddWeight(weights: world.weights, time: world.time)
            .execute(kilograms: 70, at: Fixtures.instant("2024-06-14T07:30:00+02:00"))
        let report = try await world.importing(XML.export([
            XML.bodyMass("154.32", "lb", at: "2024-06-14 07:30:45 +0200"), // 69.998 kg, same minute
            XML.bodyMass("70.02", at: "2024-06-14 07:30:10 +0200"), // another weight
            XML.bodyMass("70", at: "2024-06-14 07:31:00 +0200"), // another minute
        ]))
        #expect(report.weightsImported == 2)
        #expect(report.weightDuplicates == 1)
        let stored = await world.weighIns()
        #expect(stored.count == 3)
        #expect(stored.first == typed)
        #expect(stored.filter { $0.source == .imported }.map(\.kilograms) == [70.02, 70])
    }

    @Test("a weigh-in imported from a CSV file before is a duplicate")
    func duplicateOfCSVWeighIn() async throws {
        let world = HealthWorld()
        let csv = try await ImportWeightCSV(weights: world.weights, time: world.time)
            .execute(InMemoryByteSource("date,weight_kg,note\n2024-06-13T07:00:00+02:00,71.3,\n"))
        #expect(csv.imported == 1)
        let report = try await world.importing(XML.export([
            XML.bodyMass("71300", "g", at: "2024-06-13 07:00:20 +0200"),
            XML.bodyMass("157.19", "lb", at: "2024-06-13 07:00:40 +0200"), // 71.30 kg
        ]))
        #expect(report.weightsImported == 0)
        #expect(report.weightDuplicates == 2)
        #expect(await world.weighIns().map(\.kilograms) == [71.3])
    }

    // MARK: - GetHealthSummary

    @Test("the last days, newest first: two sources never added, a night on its morning, nil where nothing was recorded")
    func summaryOfDays() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        #expect(try await world.summary.execute(days: 3)
                == [Self.summary("2024-06-15"), Self.day14, Self.summary("2024-06-13")])
        #expect(try await world.summary.execute(days: 1) == [Self.summary("2024-06-15")])
        #expect(try await world.summary.execute(days: 10).count == 10)
        await #expect(throws: InvalidValue.self) { try await world.summary.execute(days: 0) }
    }

    @Test("a nap adds to the night; the phone's and the app's water are compared, not added")
    func napAndWater() async throws {
        let world = HealthWorld()
        try await world.importing(XML.export(XML.dayElements + [
            XML.sleep("Asleep", "2024-06-14 14:00:00 +0200", "2024-06-14 14:40:00 +0200", source: XML.phone),
            XML.water("1", "L", at: "2024-06-14 16:00:00 +0200", source: "WaterMinder &amp; Co"),
        ]))
        let day = try await world.summary.execute(days: 2).last
        #expect(day?.sleepMinutes == 490)
        #expect(day?.waterLiters == 1.24)
        #expect(day?.steps == 6000)
    }

    @Test("a long window is read a month at a time without losing or doubling a day")
    func longWindow() async throws {
        let world = HealthWorld()
        try await world.importing(XML.export([
            XML.steps(1, "2024-05-01 12:00:00 +0200", "2024-05-01 12:00:00 +0200"), // before the window
            XML.steps(2, "2024-05-02 00:00:00 +0200", "2024-05-02 00:10:00 +0200"), // its first day
            XML.steps(777, "2024-05-15 23:30:00 +0200", "2024-05-15 23:40:00 +0200"),
            XML.sleep("AsleepCore", "2024-05-15 23:00:00 +0200", "2024-05-16 07:00:00 +0200"),
            XML.steps(9, "2024-06-15 09:00:00 +0200", "2024-06-15 09:10:00 +0200"),
        ]))
        let result = try await world.summary.execute(days: 45)
        #expect(result.count == 45)
        #expect(result.first?.day == Fixtures.day("2024-06-15"))
        #expect(result.last?.day == Fixtures.day("2024-05-02"))
        #expect(zip(result, result.dropFirst()).allSatisfy { $0.day == $1.day.adding(days: 1) })
        let byDay = Dictionary(uniqueKeysWithValues: result.map { ($0.day.description, $0) })
        #expect(byDay["2024-05-02"] == Self.summary("2024-05-02", steps: 2))
        #expect(byDay["2024-05-15"] == Self.summary("2024-05-15", steps: 777))
        #expect(byDay["2024-05-16"] == Self.summary("2024-05-16", sleep: 480))
        #expect(byDay["2024-06-15"] == Self.summary("2024-06-15", steps: 9))
        #expect(result.filter { $0 != HealthDaySummary(day: $0.day) }.count == 4)
    }

    @Test("spring forward in Amsterdam: the night is seven hours, 23:30 belongs to its own day")
    func springForward() async throws {
        let world = HealthWorld(now: "2024-04-01T12:00:00+02:00")
        try await world.importing(XML.export([
            XML.sleep("AsleepCore", "2024-03-30 23:00:00 +0100", "2024-03-31 07:00:00 +0200"),
            XML.steps(300, "2024-03-31 23:30:00 +0200", "2024-03-31 23:40:00 +0200"),
            XML.steps(20, "2024-03-31 00:30:00 +0100", "2024-03-31 00:40:00 +0100"),
            XML.steps(1, "2024-03-30 23:30:00 +0100", "2024-03-30 23:40:00 +0100"),
        ]))
        #expect(try await world.summary.execute(days: 3) == [
            Self.summary("2024-04-01"),
            Self.summary("2024-03-31", steps: 320, sleep: 420),
            Self.summary("2024-03-30", steps: 1),
        ])
        #expect(try await world.recorded.sleepMinutes(in: world.window("2024-03-31")) == 420)
    }

    @Test("fall back in Amsterdam: the night is nine hours, 23:30 belongs to its own day")
    func fallBack() async throws {
        let world = HealthWorld(now: "2024-10-28T12:00:00+01:00")
        try await world.importing(XML.export([
            XML.sleep("AsleepDeep", "2024-10-26 23:00:00 +0200", "2024-10-27 03:00:00 +0200"),
            XML.sleep("AsleepCore", "2024-10-27 02:00:00 +0100", "2024-10-27 07:00:00 +0100"),
            XML.steps(300, "2024-10-27 23:30:00 +0100", "2024-10-27 23:40:00 +0100"),
            XML.mindful("2024-10-27 23:50:00 +0100", "2024-10-28 00:05:00 +0100"),
        ]))
        #expect(try await world.summary.execute(days: 3) == [
            Self.summary("2024-10-28"),
            Self.summary("2024-10-27", steps: 300, sleep: 540, mindful: 15),
            Self.summary("2024-10-26"),
        ])
        #expect(try await world.recorded.sleepMinutes(in: world.window("2024-10-27")) == 540)
        #expect(try await world.recorded.mindfulMinutes(in: world.window("2024-10-27")) == 15)
    }

    // MARK: - RecordedHealthData

    @Test("not authorized before any import (nor after a failed one), authorized for every kind after one")
    func authorization() async throws {
        let world = HealthWorld()
        for type in HealthHintType.allCases { #expect(await world.recorded.isAuthorized(type) == false) }
        _ = await world.failing(String(XML.day.dropLast(5)))
        for type in HealthHintType.allCases { #expect(await world.recorded.isAuthorized(type) == false) }
        // Weigh-ins alone are not health samples.
        try await world.importing(XML.export([XML.bodyMass("70", at: "2024-06-14 07:30:00 +0200")]))
        for type in HealthHintType.allCases { #expect(await world.recorded.isAuthorized(type) == false) }
        try await world.importing(XML.export([XML.mindful("2024-06-14 08:00:00 +0200", "2024-06-14 08:10:00 +0200")]))
        for type in HealthHintType.allCases { #expect(await world.recorded.isAuthorized(type), "\(type)") }
    }

    @Test("workouts that start in a window: a window is half-open")
    func workoutSummary() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let recorded = world.recorded
        let day = try await recorded.workoutSummary(in: world.window("2024-06-14"))
        #expect(day.count == 2 && day.minutes == 61)
        let running = try await recorded.workoutSummary(in: HealthWorld.window("2024-06-14T18:00:00+02:00", "2024-06-14T20:00:00+02:00"))
        #expect(running.count == 1 && running.minutes == 31) // 30.5 rounded
        let yoga = try await recorded.workoutSummary(in: HealthWorld.window("2024-06-14T20:00:00+02:00", "2024-06-14T21:00:00+02:00"))
        #expect(yoga.count == 1 && yoga.minutes == 30)
        let before = try await recorded.workoutSummary(in: HealthWorld.window("2024-06-14T00:00:00+02:00", "2024-06-14T18:00:00+02:00"))
        #expect(before.count == 0 && before.minutes == 0)
        let next = try await recorded.workoutSummary(in: world.window("2024-06-15"))
        #expect(next.count == 0)
    }

    @Test("water in a window: the largest source's total of what starts in it")
    func waterInWindow() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let recorded = world.recorded
        #expect(abs(try await recorded.waterLiters(in: world.window("2024-06-14")) - 0.75) < 1e-12)
        // The half litre at 12:00 starts at the window's end: not in it.
        #expect(abs(try await recorded.waterLiters(in: HealthWorld.window("2024-06-14T00:00:00+02:00", "2024-06-14T12:00:00+02:00")) - 0.25)
                < 1e-12)
        // From 12:00 on: the phone's half litre beats the app's 0.237 L.
        #expect(abs(try await recorded.waterLiters(in: HealthWorld.window("2024-06-14T12:00:00+02:00", "2024-06-14T14:00:00+02:00")) - 0.5)
                < 1e-12)
        #expect(try await recorded.waterLiters(in: world.window("2024-06-13")) == 0)
    }

    @Test("mindful minutes in a window: the union of the sessions that start in it")
    func mindfulInWindow() async throws {
        let world = HealthWorld()
        try await world.importing(XML.export([
            XML.mindful("2024-06-14 08:00:00 +0200", "2024-06-14 08:10:00 +0200"),
            XML.mindful("2024-06-14 08:05:00 +0200", "2024-06-14 08:20:00 +0200", source: XML.watch),
            XML.mindful("2024-06-14 21:00:00 +0200", "2024-06-14 21:05:00 +0200"),
        ]))
        let recorded = world.recorded
        #expect(try await recorded.mindfulMinutes(in: world.window("2024-06-14")) == 25)
        #expect(try await recorded.mindfulMinutes(in: HealthWorld.window("2024-06-14T08:05:00+02:00", "2024-06-14T21:00:00+02:00")) == 15)
        #expect(try await recorded.mindfulMinutes(in: world.window("2024-06-15")) == 0)
    }

    @Test("sleep in a window: stretches that end in it, each minute once")
    func sleepInWindow() async throws {
        let world = HealthWorld()
        try await world.importing(XML.day)
        let recorded = world.recorded
        #expect(try await recorded.sleepMinutes(in: world.window("2024-06-14")) == 450)
        #expect(try await recorded.sleepMinutes(in: world.window("2024-06-13")) == 0)
        // The morning's window holds the end of the night.
        #expect(try await recorded.sleepMinutes(in: HealthWorld.window("2024-06-14T06:00:00+02:00", "2024-06-14T12:00:00+02:00")) == 450)
        #expect(try await recorded.sleepMinutes(in: HealthWorld.window("2024-06-14T07:00:00+02:00", "2024-06-14T12:00:00+02:00")) == 0)
    }

    @Test("a stretch of sleep that ends at midnight counts on the same day for the summary and the recorded data")
    func sleepEndingAtMidnight() async throws {
        let world = HealthWorld()
        try await world.importing(XML.export([
            XML.sleep("Asleep", "2024-06-13 23:00:00 +0200", "2024-06-14 00:00:00 +0200"),
        ]))
        let summaries = try await world.summary.execute(days: 3)
        #expect(summaries.map(\.sleepMinutes) == [nil, 60, nil]) // 15, 14, 13 June: the day it ends
        let recorded = world.recorded
        do {
            #expect(try await recorded.sleepMinutes(in: world.window("2024-06-14")) == 60)
            #expect(try await recorded.sleepMinutes(in: world.window("2024-06-13")) == 0)
        }
    }
}
