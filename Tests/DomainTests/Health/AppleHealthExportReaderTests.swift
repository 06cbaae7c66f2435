import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// Apple Health `export.xml` files for the domain tests, written the way the Health app writes them.
enum HealthExports {
    /// The XML declaration, the inline DOCTYPE (with its comment), `HealthData`, `ExportDate`
    /// and `Me`: 29 lines, so the first line after it is ``firstLine``.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT ExportDate EMPTY>
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        >
        <!ELEMENT Me EMPTY>
        <!ATTLIST Me
          HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
          HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-15 09:00:00 +0200"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

        """

    static let firstLine = 30

    /// `elements` (each may span lines), one after the other, in a whole export.
    static func export(_ elements: [String]) -> String {
        header + elements.map { " " + $0 + "\n" }.joined() + "</HealthData>\n"
    }

    /// A `Record` as the Health app writes it; `nil` leaves an attribute out.
    static func record(_ type: String, unit: String? = "count", value: String? = "100",
                       source: String? = "Ann&#8217;s iPhone", start: String? = "2024-06-14 09:00:00 +0200",
                       end: String? = "2024-06-14 09:10:00 +0200", children: [String] = []) -> String {
        var text = "<Record"
        text += " type=\"\(type)\""
        if let source { text += " sourceName=\"\(source)\" sourceVersion=\"17.4\"" }
        if let unit { text += " unit=\"\(unit)\"" }
        if let end { text += " creationDate=\"\(end)\"" }
        if let start { text += " startDate=\"\(start)\"" }
        if let end { text += " endDate=\"\(end)\"" }
        if let value { text += " value=\"\(value)\"" }
        guard !children.isEmpty else { return text + "/>" }
        return text + ">\n" + children.map { "  " + $0 + "\n" }.joined() + " </Record>"
    }

    static func steps(_ value: String, source: String = "Ann&#8217;s iPhone", start: String = "2024-06-14 09:00:00 +0200",
                      end: String = "2024-06-14 09:10:00 +0200") -> String {
        record("HKQuantityTypeIdentifierStepCount", value: value, source: source, start: start, end: end)
    }

    static func bodyMass(_ value: String, unit: String = "kg", at date: String = "2024-06-14 07:30:00 +0200") -> String {
        record("HKQuantityTypeIdentifierBodyMass", unit: unit, value: value, source: "Withings", start: date, end: date)
    }

    static func sleep(_ stage: String, _ start: String, _ end: String, source: String = "Ann&#8217;s Apple Watch") -> String {
        record("HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: "HKCategoryValueSleepAnalysis" + stage,
               source: source, start: start, end: end)
    }

    /// A real-looking export with one of everything: 18 samples, 3 weigh-ins, 7 skipped.
    static let everything = header + #"""
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s iPhone" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x283e2a800&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.4&gt;" unit="count" creationDate="2024-06-14 09:12:00 +0200" startDate="2024-06-14 09:00:00 +0200" endDate="2024-06-14 09:10:00 +0200" value="1200"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="count" creationDate="2024-06-14 09:06:00 +0200" startDate="2024-06-14 09:00:00 +0200" endDate="2024-06-14 09:05:00 +0200" value="1100">
          <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
          <MetadataEntry key="HKMetadataKeySyncIdentifier" value="1:E2A4F1B0-0C2D-4C8A-9D0B-7F7E6F1A2B3C"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="ms" creationDate="2024-06-14 07:02:00 +0200" startDate="2024-06-14 07:00:00 +0200" endDate="2024-06-14 07:01:00 +0200" value="45.2">
          <HeartRateVariabilityMetadataList>
           <InstantaneousBeatsPerMinute bpm="62" time="7:00:02.55 AM"/>
           <InstantaneousBeatsPerMinute bpm="64" time="7:00:03.48 AM"/>
          </HeartRateVariabilityMetadataList>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="count/min" creationDate="2024-06-14 07:05:00 +0200" startDate="2024-06-14 07:05:00 +0200" endDate="2024-06-14 07:05:00 +0200" value="72"/>
         <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="count/min" creationDate="2024-06-14 23:59:00 +0200" startDate="2024-06-14 00:00:00 +0200" endDate="2024-06-14 23:59:00 +0200" value="58"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder &amp; Co" sourceVersion="5.2" unit="mL" creationDate="2024-06-14 10:00:00 +0200" startDate="2024-06-14 10:00:00 +0200" endDate="2024-06-14 10:00:00 +0200" value="250"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Ann&#8217;s iPhone" sourceVersion="17.4" unit="L" creationDate="2024-06-14 12:00:00 +0200" startDate="2024-06-14 12:00:00 +0200" endDate="2024-06-14 12:00:00 +0200" value="0.5"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Ann&#8217;s iPhone" sourceVersion="17.4" unit="fl_oz_us" creationDate="2024-06-14 15:00:00 +0200" startDate="2024-06-14 15:00:00 +0200" endDate="2024-06-14 15:00:00 +0200" value="8"/>
         <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="kcal" creationDate="2024-06-14 09:10:00 +0200" startDate="2024-06-14 09:00:00 +0200" endDate="2024-06-14 09:10:00 +0200" value="120"/>
         <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="Cal" creationDate="2024-06-14 09:20:00 +0200" startDate="2024-06-14 09:10:00 +0200" endDate="2024-06-14 09:20:00 +0200" value="80"/>
         <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" unit="kJ" creationDate="2024-06-14 09:30:00 +0200" startDate="2024-06-14 09:20:00 +0200" endDate="2024-06-14 09:30:00 +0200" value="418.4"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 06:50:00 +0200" startDate="2024-06-13 22:45:00 +0200" endDate="2024-06-14 06:45:00 +0200" value="HKCategoryValueSleepAnalysisInBed"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 06:50:00 +0200" startDate="2024-06-13 23:00:00 +0200" endDate="2024-06-14 01:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 06:50:00 +0200" startDate="2024-06-14 01:00:00 +0200" endDate="2024-06-14 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepDeep"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 06:50:00 +0200" startDate="2024-06-14 02:00:00 +0200" endDate="2024-06-14 02:10:00 +0200" value="HKCategoryValueSleepAnalysisAwake"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 06:50:00 +0200" startDate="2024-06-14 02:10:00 +0200" endDate="2024-06-14 03:40:00 +0200" value="HKCategoryValueSleepAnalysisAsleepREM"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep Cycle" sourceVersion="6.2" creationDate="2024-06-14 06:31:00 +0200" startDate="2024-06-13 23:30:00 +0200" endDate="2024-06-14 06:30:00 +0200" value="HKCategoryValueSleepAnalysisAsleepUnspecified"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ann&#8217;s iPhone" sourceVersion="15.1" creationDate="2024-06-14 14:31:00 +0200" startDate="2024-06-14 14:00:00 +0200" endDate="2024-06-14 14:30:00 +0200" value="HKCategoryValueSleepAnalysisAsleep"/>
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe &lt;3" sourceVersion="2.0" creationDate="2024-06-14 08:10:00 +0200" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:10:00 +0200" value="HKCategoryValueNotApplicable"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.1" unit="lb" creationDate="2024-06-14 07:30:00 +0200" startDate="2024-06-14 07:30:00 +0200" endDate="2024-06-14 07:30:00 +0200" value="154.32"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.1" unit="kg" creationDate="2024-06-13 07:30:00 +0200" startDate="2024-06-13 07:30:00 +0200" endDate="2024-06-13 07:30:00 +0200" value="70.1"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.1" unit="g" creationDate="2024-06-12 07:30:00 +0200" startDate="2024-06-12 07:30:00 +0200" endDate="2024-06-12 07:30:00 +0200" value="70250"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="5.2" totalDistanceUnit="km" totalEnergyBurned="310" totalEnergyBurnedUnit="kcal" sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x283e2a900&gt;, name:Apple Watch&gt;" creationDate="2024-06-14 18:32:00 +0200" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:31:00 +0200">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
          <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-06-14 18:00:00 +0200" duration="10" durationUnit="min"/>
          <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-06-14 18:12:00 +0200"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:31:00 +0200" sum="999" unit="kcal"/>
          <WorkoutRoute sourceName="Ann&#8217;s Apple Watch" sourceVersion="10.4" creationDate="2024-06-14 18:32:00 +0200" startDate="2024-06-14 18:00:00 +0200" endDate="2024-06-14 18:31:00 +0200">
           <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
           <FileReference path="/workout-routes/route_2024-06-14_6.31pm.gpx"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="1800" durationUnit="s" sourceName="Down Dog" sourceVersion="7.1" creationDate="2024-06-14 20:31:00 +0200" startDate="2024-06-14 20:00:00 +0200" endDate="2024-06-14 20:30:00 +0200">
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-06-14 20:00:00 +0200" endDate="2024-06-14 20:30:00 +0200" average="95" minimum="70" maximum="120" unit="count/min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-06-14 20:00:00 +0200" endDate="2024-06-14 20:30:00 +0200" sum="418.4" unit="kJ"/>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Ann&#8217;s iPhone" sourceVersion="17.4" creationDate="2024-06-14 12:46:00 +0200" startDate="2024-06-14 12:00:00 +0200" endDate="2024-06-14 12:45:30 +0200"/>
         <ActivitySummary dateComponents="2024-06-14" activeEnergyBurned="450" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="35" appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="1" creationDate="2024-06-14 08:00:00 +0200" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" sourceVersion="1" unit="mmHg" creationDate="2024-06-14 08:00:00 +0200" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200" value="80"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" sourceVersion="1" unit="mmHg" creationDate="2024-06-14 08:00:00 +0200" startDate="2024-06-14 08:00:00 +0200" endDate="2024-06-14 08:00:00 +0200" value="120"/>
         </Correlation>
         <ClinicalRecord type="HKClinicalTypeIdentifierAllergyRecord" identifier="a1" sourceName="Hospital" fhirVersion="4.0.1" receivedDate="2024-06-01 10:00:00 +0200" resourceFilePath="/clinical-records/a1.json"/>
        </HealthData>

        """#
}

/// What an ``AppleHealthExportReader`` made of an export.
struct ExportOutcome: Equatable, CustomStringConvertible {
    enum Read: Equatable, CustomStringConvertible {
        case sample(HealthSample, line: Int)
        case weight(Date, kilograms: Double, line: Int)
        case skipped(line: Int)

        var line: Int {
            switch self {
            case .sample(_, let line), .weight(_, _, let line), .skipped(let line): line
            }
        }

        var description: String {
            switch self {
            case .sample(let sample, let line):
                "\(line): \(sample.kind) \(sample.source) \(Timestamp.format(sample.start))–\(Timestamp.format(sample.end)) "
                    + "\(sample.value) \(sample.category ?? "-") \(sample.energyKilocalories.map { "\($0)" } ?? "-")"
            case .weight(let date, let kilograms, let line): "\(line): weight \(Timestamp.format(date)) \(kilograms)"
            case .skipped(let line): "\(line): skipped"
            }
        }
    }

    var items: [Read] = []
    var error: HealthExportError?
    var bytesRead = 0

    var samples: [HealthSample] {
        items.compactMap { if case .sample(let sample, _) = $0 { sample } else { nil } }
    }

    var skipped: [Int] {
        items.compactMap { if case .skipped(let line) = $0 { line } else { nil } }
    }

    var description: String {
        items.map(\.description).joined(separator: "\n") + "\nerror: " + (error.map(\.description) ?? "none")
    }

    /// Reads `text` in chunks of `chunkSize` bytes (all at once when `nil`), then finishes.
    static func read(_ text: String, chunkSize: Int? = nil) -> ExportOutcome {
        let bytes = Array(text.utf8)
        var reader = AppleHealthExportReader()
        var outcome = ExportOutcome()
        let size = max(1, chunkSize ?? bytes.count)
        do {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                let chunk = Array(bytes[offset..<end])
                try chunk.withUnsafeBufferPointer { buffer in
                    try reader.consume(buffer) { item, line in
                        switch item {
                        case .sample(let sample): outcome.items.append(.sample(sample, line: line))
                        case .weight(let date, let kilograms): outcome.items.append(.weight(date, kilograms: kilograms, line: line))
                        case .skipped: outcome.items.append(.skipped(line: line))
                        }
                    }
                }
                offset = end
            }
            try reader.finish()
        } catch let error as HealthExportError {
            outcome.error = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        outcome.bytesRead = reader.bytesRead
        return outcome
    }
}

/// Whether `a` is within `tolerance` of `b`.
func isClose(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite("AppleHealthExportReader: export.xml into samples and weigh-ins")
struct AppleHealthExportReaderTests {
    static func at(_ iso: String) -> Date { Fixtures.instant(iso) }

    static let phone = "Ann\u{2019}s iPhone"
    static let watch = "Ann\u{2019}s Apple Watch"

    /// Checks `read` is `expected`, with values (and workout energy) compared to 1e-9.
    func expectMatch(_ read: ExportOutcome.Read?, _ expected: ExportOutcome.Read,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        switch (read, expected) {
        case (.sample(let got, let gotLine), .sample(let want, let wantLine)):
            #expect(gotLine == wantLine, sourceLocation: sourceLocation)
            #expect(got.kind == want.kind, sourceLocation: sourceLocation)
            #expect(got.source == want.source, sourceLocation: sourceLocation)
            #expect(got.start == want.start, sourceLocation: sourceLocation)
            #expect(got.end == want.end, sourceLocation: sourceLocation)
            #expect(isClose(got.value, want.value), "\(got.value) ≠ \(want.value)", sourceLocation: sourceLocation)
            #expect(got.category == want.category, sourceLocation: sourceLocation)
            #expect((got.energyKilocalories == nil) == (want.energyKilocalories == nil), sourceLocation: sourceLocation)
            if let energy = want.energyKilocalories {
                #expect(isClose(got.energyKilocalories, energy), sourceLocation: sourceLocation)
            }
        case (.weight(let gotDate, let gotKilograms, let gotLine), .weight(let wantDate, let wantKilograms, let wantLine)):
            #expect(gotLine == wantLine, sourceLocation: sourceLocation)
            #expect(gotDate == wantDate, sourceLocation: sourceLocation)
            #expect(isClose(gotKilograms, wantKilograms), "\(gotKilograms) ≠ \(wantKilograms)", sourceLocation: sourceLocation)
        default:
            #expect(read == expected, sourceLocation: sourceLocation)
        }
    }

    static func sample(_ line: Int, _ kind: HealthSampleKind, _ source: String, _ start: String, _ end: String,
                       _ value: Double, _ category: String? = nil, energy: Double? = nil) -> ExportOutcome.Read {
        .sample(HealthSample(kind: kind, source: source, start: at(start), end: at(end), value: value,
                             category: category, energyKilocalories: energy), line: line)
    }

    /// What ``HealthExports/everything`` holds, in document order, with each item's line.
    static let everythingItems: [ExportOutcome.Read] = [
        sample(30, .steps, phone, "2024-06-14T09:00:00+02:00", "2024-06-14T09:10:00+02:00", 1200),
        sample(31, .steps, watch, "2024-06-14T09:00:00+02:00", "2024-06-14T09:05:00+02:00", 1100),
        .skipped(line: 35), // heart-rate variability, with its beats-per-minute list
        .skipped(line: 41), // heart rate
        sample(42, .restingHeartRate, watch, "2024-06-14T00:00:00+02:00", "2024-06-14T23:59:00+02:00", 58),
        sample(43, .water, "WaterMinder & Co", "2024-06-14T10:00:00+02:00", "2024-06-14T10:00:00+02:00", 0.25),
        sample(44, .water, phone, "2024-06-14T12:00:00+02:00", "2024-06-14T12:00:00+02:00", 0.5),
        // A US fluid ounce is 29.5735295625 mL exactly.
        sample(45, .water, phone, "2024-06-14T15:00:00+02:00", "2024-06-14T15:00:00+02:00", 0.2365882365),
        sample(46, .activeEnergy, watch, "2024-06-14T09:00:00+02:00", "2024-06-14T09:10:00+02:00", 120),
        sample(47, .activeEnergy, watch, "2024-06-14T09:10:00+02:00", "2024-06-14T09:20:00+02:00", 80),
        sample(48, .activeEnergy, watch, "2024-06-14T09:20:00+02:00", "2024-06-14T09:30:00+02:00", 100),
        .skipped(line: 49), // in bed
        sample(50, .sleep, watch, "2024-06-13T23:00:00+02:00", "2024-06-14T01:00:00+02:00", 120, "AsleepCore"),
        sample(51, .sleep, watch, "2024-06-14T01:00:00+02:00", "2024-06-14T02:00:00+02:00", 60, "AsleepDeep"),
        .skipped(line: 52), // awake
        sample(53, .sleep, watch, "2024-06-14T02:10:00+02:00", "2024-06-14T03:40:00+02:00", 90, "AsleepREM"),
        sample(54, .sleep, "Sleep Cycle", "2024-06-13T23:30:00+02:00", "2024-06-14T06:30:00+02:00", 420, "AsleepUnspecified"),
        sample(55, .sleep, phone, "2024-06-14T14:00:00+02:00", "2024-06-14T14:30:00+02:00", 30, "Asleep"),
        sample(56, .mindfulness, "Breathe <3", "2024-06-14T08:00:00+02:00", "2024-06-14T08:10:00+02:00", 10),
        .weight(at("2024-06-14T07:30:00+02:00"), kilograms: 154.32 * 0.45359237, line: 57),
        .weight(at("2024-06-13T07:30:00+02:00"), kilograms: 70.1, line: 58),
        .weight(at("2024-06-12T07:30:00+02:00"), kilograms: 70.25, line: 59),
        // The energy of the workout's own attributes wins over its statistics.
        sample(60, .workout, watch, "2024-06-14T18:00:00+02:00", "2024-06-14T18:31:00+02:00", 30.5, "Running", energy: 310),
        // Since iOS 16 the energy is only in a WorkoutStatistics child.
        sample(70, .workout, "Down Dog", "2024-06-14T20:00:00+02:00", "2024-06-14T20:30:00+02:00", 30, "Yoga", energy: 100),
        // Without a duration, the minutes between start and end.
        sample(74, .workout, phone, "2024-06-14T12:00:00+02:00", "2024-06-14T12:45:30+02:00", 45.5, "Walking"),
        .skipped(line: 75), // ActivitySummary
        .skipped(line: 76), // Correlation (its Records are not read on their own)
        .skipped(line: 81), // ClinicalRecord
    ]

    // MARK: - What is kept

    @Test("the header is 29 lines, so an export's first element is on line 30")
    func header() {
        #expect(HealthExports.header.filter { $0 == "\n" }.count == HealthExports.firstLine - 1)
        #expect(HealthExports.everything.filter { $0 == "\n" }.count == 82)
    }

    @Test("a realistic export: each kind in its unit, sources with entities decoded, the line of each item")
    func everything() {
        let outcome = ExportOutcome.read(HealthExports.everything)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == Self.everythingItems.count, "\(outcome)")
        for (index, expected) in Self.everythingItems.enumerated() {
            expectMatch(index < outcome.items.count ? outcome.items[index] : nil, expected)
        }
        #expect(outcome.samples.count == 18)
        #expect(outcome.skipped.count == 7)
        #expect(outcome.bytesRead == HealthExports.everything.utf8.count)
    }

    @Test("chunk sizes from one byte up to the whole file read the same items")
    func everyChunkSize() {
        let whole = ExportOutcome.read(HealthExports.everything)
        #expect(whole.items.count == Self.everythingItems.count)
        let count = HealthExports.everything.utf8.count
        // Every size up to 96 bytes (so every byte of the file ends a chunk at some size), then
        // sizes spread up to the whole file.
        for size in Array(1...96) + Array(stride(from: 97, to: count, by: 89)) + [count - 1] {
            let outcome = ExportOutcome.read(HealthExports.everything, chunkSize: size)
            #expect(outcome == whole, "chunk size \(size)")
        }
    }

    @Test("ExportDate and Me are not data; an unknown element is skipped")
    func exportDateAndMe() {
        #expect(ExportOutcome.read(HealthExports.export([])).items.isEmpty)
        #expect(ExportOutcome.read(HealthExports.export([])).error == nil)
        let outcome = ExportOutcome.read(HealthExports.export(["<Audiogram type=\"x\"/>", "<VisionPrescription/>"]))
        #expect(outcome.items == [.skipped(line: 30), .skipped(line: 31)])
    }

    @Test("units: water in litres, energy in kilocalories, body mass in kilograms",
          arguments: [
              ("HKQuantityTypeIdentifierDietaryWater", "mL", "250", 0.25),
              ("HKQuantityTypeIdentifierDietaryWater", "L", "1.5", 1.5),
              ("HKQuantityTypeIdentifierDietaryWater", "fl_oz_us", "10", 0.295735295625),
              ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", "250", 250),
              ("HKQuantityTypeIdentifierActiveEnergyBurned", "Cal", "250", 250),
              ("HKQuantityTypeIdentifierActiveEnergyBurned", "kJ", "1046", 250),
              ("HKQuantityTypeIdentifierStepCount", "count", "4321", 4321),
              ("HKQuantityTypeIdentifierRestingHeartRate", "count/min", "61", 61),
          ])
    func units(type: String, unit: String, value: String, expected: Double) throws {
        let outcome = ExportOutcome.read(HealthExports.export([HealthExports.record(type, unit: unit, value: value)]))
        #expect(outcome.error == nil)
        let sample = try #require(outcome.samples.first)
        #expect(isClose(sample.value, expected), "\(sample.value)")
        #expect(sample.source == Self.phone)
    }

    @Test("body mass in kg, lb and g becomes a weigh-in in kilograms",
          arguments: [("kg", "70.5", 70.5), ("lb", "150", 68.0388555), ("lb", "154.32", 69.9983745384),
                      ("g", "70250", 70.25)])
    func bodyMass(unit: String, value: String, kilograms: Double) throws {
        let outcome = ExportOutcome.read(HealthExports.export([HealthExports.bodyMass(value, unit: unit)]))
        #expect(outcome.error == nil)
        guard case .weight(let date, let read, let line) = try #require(outcome.items.first) else {
            Issue.record("not a weigh-in: \(outcome)")
            return
        }
        #expect(isClose(read, kilograms, within: 1e-9), "\(read)")
        #expect(date == Self.at("2024-06-14T05:30:00Z"))
        #expect(line == 30)
        #expect(outcome.items.count == 1)
    }

    @Test("sleep: every asleep stage kept with its stage, in bed and awake skipped")
    func sleepStages() {
        let stages = ["InBed", "Asleep", "AsleepCore", "AsleepDeep", "AsleepREM", "AsleepUnspecified", "Awake"]
        let outcome = ExportOutcome.read(HealthExports.export(stages.enumerated().map { index, stage in
            HealthExports.sleep(stage, "2024-06-14 0\(index):00:00 +0200", "2024-06-14 0\(index):45:00 +0200")
        }))
        #expect(outcome.error == nil)
        #expect(outcome.samples.map(\.category) == ["Asleep", "AsleepCore", "AsleepDeep", "AsleepREM", "AsleepUnspecified"])
        #expect(outcome.samples.allSatisfy { $0.kind == .sleep && $0.value == 45 && $0.source == Self.watch })
        #expect(outcome.skipped == [30, 36])
    }

    @Test("a record that ends before it starts is a moment: its end is its start")
    func endBeforeStart() throws {
        let outcome = ExportOutcome.read(HealthExports.export([
            HealthExports.sleep("AsleepCore", "2024-06-14 03:00:00 +0200", "2024-06-14 02:00:00 +0200"),
        ]))
        let sample = try #require(outcome.samples.first)
        #expect(sample.end == sample.start)
        #expect(sample.value == 0)
    }

    @Test("a workout with children reports when it ends, at the line it starts on")
    func workoutLine() {
        let outcome = ExportOutcome.read(HealthExports.export([
            HealthExports.steps("10"),
            "<Workout workoutActivityType=\"HKWorkoutActivityTypeCycling\" duration=\"1\" durationUnit=\"h\" "
                + "sourceName=\"Strava\" startDate=\"2024-06-14 07:00:00 +0200\" endDate=\"2024-06-14 08:00:00 +0200\">\n"
                + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" sum=\"500\" unit=\"Cal\"/>\n"
                + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" sum=\"900\" unit=\"Cal\"/>\n"
                + " </Workout>",
            HealthExports.steps("20"),
        ]))
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.line) == [30, 31, 35])
        let workout = outcome.samples[1]
        #expect(workout.kind == .workout)
        #expect(workout.category == "Cycling")
        #expect(workout.value == 60)
        #expect(workout.energyKilocalories == 500) // the first statistics of active energy
        #expect(outcome.samples.map(\.value) == [10, 60, 20])
    }

    // MARK: - Errors

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let error: HealthExportError
        var testDescription: String { name }

        init(_ name: String, _ text: String, line: Int, element: String?, _ problem: HealthExportProblem) {
            self.name = name
            self.text = text
            error = HealthExportError(line: line, element: element, problem: problem)
        }

        /// `element` after a good record, so the problem is on line 31.
        init(_ name: String, after element: String, element name2: String?, _ problem: HealthExportProblem) {
            self.init(name, HealthExports.export([HealthExports.steps("5"), element]), line: 31, element: name2, problem)
        }
    }

    static let lines = HealthExports.everything.split(separator: "\n", omittingEmptySubsequences: false)

    /// The first `count` lines of ``HealthExports/everything``, then `partial` of the next.
    static func cut(afterLines count: Int, partial: Int = 0) -> String {
        lines.prefix(count).joined(separator: "\n") + "\n" + lines[count].prefix(partial)
    }

    static let broken: [Broken] = [
        Broken("the file ends inside HealthData, after every record", cut(afterLines: 81),
               line: 82, element: "HealthData", .truncated("HealthData")),
        Broken("the file ends inside a tag", cut(afterLines: 56, partial: 120),
               line: 57, element: "HealthData", .truncated("HealthData")),
        Broken("the file ends inside a workout's route", cut(afterLines: 66),
               line: 67, element: "WorkoutRoute", .truncated("WorkoutRoute")),
        Broken("an HTML page", "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Export</title></head>\n<body></body>\n</html>\n",
               line: 2, element: nil, .wrongRoot("html")),
        Broken("a property list",
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                   + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict/>\n</plist>\n",
               line: 3, element: nil, .wrongRoot("plist")),
        Broken("a value that is not a number", after: HealthExports.steps("12a"), element: "Record",
               .notANumber(attribute: "value", value: "12a")),
        Broken("a decimal comma", after: HealthExports.bodyMass("70,5"), element: "Record",
               .notANumber(attribute: "value", value: "70,5")),
        Broken("an empty value", after: HealthExports.steps(""), element: "Record",
               .notANumber(attribute: "value", value: "")),
        Broken("body mass in stone", after: HealthExports.bodyMass("11", unit: "st"), element: "Record",
               .unknownUnit("st", type: "HKQuantityTypeIdentifierBodyMass")),
        Broken("steps in kilometres", after: HealthExports.record("HKQuantityTypeIdentifierStepCount", unit: "km"),
               element: "Record", .unknownUnit("km", type: "HKQuantityTypeIdentifierStepCount")),
        Broken("water in cups", after: HealthExports.record("HKQuantityTypeIdentifierDietaryWater", unit: "cup_us"),
               element: "Record", .unknownUnit("cup_us", type: "HKQuantityTypeIdentifierDietaryWater")),
        Broken("a date in ISO 8601 form", after: HealthExports.steps("5", start: "2024-06-14T09:00:00+02:00"),
               element: "Record", .notADate(attribute: "startDate", value: "2024-06-14T09:00:00+02:00")),
        Broken("an impossible end date", after: HealthExports.steps("5", end: "2024-02-30 09:00:00 +0100"),
               element: "Record", .notADate(attribute: "endDate", value: "2024-02-30 09:00:00 +0100")),
        Broken("a date before the year 1 in UTC", after: HealthExports.steps("5", start: "0001-01-01 00:30:00 +0100"),
               element: "Record", .time(.outOfRange("0001-01-01 00:30:00 +0100"))),
        Broken("a record without a type", after: "<Record sourceName=\"x\" value=\"1\"/>", element: "Record",
               .missingAttribute("type")),
        Broken("steps without a source", after: HealthExports.record("HKQuantityTypeIdentifierStepCount", source: nil),
               element: "Record", .missingAttribute("sourceName")),
        Broken("steps without a value", after: HealthExports.record("HKQuantityTypeIdentifierStepCount", value: nil),
               element: "Record", .missingAttribute("value")),
        Broken("steps without a unit", after: HealthExports.record("HKQuantityTypeIdentifierStepCount", unit: nil),
               element: "Record", .missingAttribute("unit")),
        Broken("body mass without a unit", after: HealthExports.record("HKQuantityTypeIdentifierBodyMass", unit: nil),
               element: "Record", .missingAttribute("unit")),
        Broken("sleep without a stage", after: HealthExports.record("HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: nil),
               element: "Record", .missingAttribute("value")),
        Broken("a weight of nothing", after: HealthExports.bodyMass("0"), element: "Record",
               .weight(WeightEntry.problem(kilograms: 0)!)),
        Broken("a weight above the maximum", after: HealthExports.bodyMass("1600", unit: "lb"), element: "Record",
               .weight(WeightEntry.problem(kilograms: 1600 * 0.45359237)!)),
        Broken("a workout without a start",
               after: "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"x\" endDate=\"2024-06-14 09:00:00 +0200\"/>",
               element: "Workout", .missingAttribute("startDate")),
        Broken("a workout without an activity",
               after: "<Workout sourceName=\"x\" startDate=\"2024-06-14 09:00:00 +0200\" endDate=\"2024-06-14 09:00:00 +0200\"/>",
               element: "Workout", .missingAttribute("workoutActivityType")),
        Broken("a workout in fortnights",
               after: "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"1\" durationUnit=\"fortnight\" "
                   + "sourceName=\"x\" startDate=\"2024-06-14 09:00:00 +0200\" endDate=\"2024-06-14 09:00:00 +0200\"/>",
               element: "Workout", .unknownUnit("fortnight", type: "HKWorkoutActivityTypeRunning")),
        Broken("a workout's energy without a unit",
               after: "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" totalEnergyBurned=\"200\" "
                   + "sourceName=\"x\" startDate=\"2024-06-14 09:00:00 +0200\" endDate=\"2024-06-14 09:30:00 +0200\"/>",
               element: "Workout", .missingAttribute("totalEnergyBurnedUnit")),
        Broken("workout statistics that are not a number",
               HealthExports.export(["<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"x\" "
                   + "startDate=\"2024-06-14 09:00:00 +0200\" endDate=\"2024-06-14 09:30:00 +0200\">\n"
                   + "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"2024-06-14 09:00:00 +0200\"/>\n"
                   + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" sum=\"lots\" unit=\"kcal\"/>\n"
                   + " </Workout>"]),
               line: 32, element: "WorkoutStatistics", .notANumber(attribute: "sum", value: "lots")),
        Broken("an end tag that closes another element",
               HealthExports.export([HealthExports.steps("5"),
                                     HealthExports.record("HKQuantityTypeIdentifierStepCount", children: ["<MetadataEntry key=\"a\" value=\"b\"/>"])
                                         .replacingOccurrences(of: "</Record>", with: "</Workout>")]),
               line: 33, element: "Record", .mismatchedEnd(expected: "Record", found: "Workout")),
    ]

    @Test("a broken export names the line, the element and the problem, at every chunk size", arguments: broken)
    func brokenExports(_ broken: Broken) {
        for size in XMLReading.sizes {
            let outcome = ExportOutcome.read(broken.text, chunkSize: size)
            #expect(outcome.error == broken.error, "chunk size \(String(describing: size))\n\(outcome)")
        }
    }

    @Test("the items before a problem are read; the one with the problem is not")
    func itemsBeforeTheProblem() {
        let outcome = ExportOutcome.read(HealthExports.export([HealthExports.steps("5"), HealthExports.steps("6"),
                                                               HealthExports.bodyMass("11", unit: "st"),
                                                               HealthExports.steps("7")]))
        #expect(outcome.samples.map(\.value) == [5, 6])
        #expect(outcome.items.count == 2)
        #expect(outcome.error?.line == 32)
        // Truncated: everything was read, then the end was missing.
        let truncated = ExportOutcome.read(Self.cut(afterLines: 81))
        #expect(truncated.items.count == Self.everythingItems.count)
    }

    @Test("an unknown entity in a source name names its line", arguments: ["&nbsp;", "&rsquo;"])
    func unknownEntity(entity: String) {
        let text = HealthExports.export([HealthExports.steps("5"), HealthExports.steps("6", source: "Ann\(entity)s iPhone")])
        for size in XMLReading.sizes {
            let outcome = ExportOutcome.read(text, chunkSize: size)
            #expect(outcome.error?.line == 31, "chunk size \(String(describing: size))")
            #expect(outcome.error?.problem == .unknownEntity(entity))
            #expect(outcome.samples.map(\.value) == [5])
        }
    }

    @Test("a CSV file is not an export")
    func csv() {
        let csv = "date,weight_kg,note\n2024-03-05T08:30:00+01:00,70.5,morning\n"
        for size in XMLReading.sizes {
            let outcome = ExportOutcome.read(csv, chunkSize: size)
            #expect(outcome.error?.problem == .notAnExport, "chunk size \(String(describing: size))")
            #expect(outcome.error?.element == nil)
            #expect(outcome.items.isEmpty)
        }
        // It names line 1, where the text starts, however it is chunked.
        #expect(ExportOutcome.read(csv, chunkSize: 16).error?.line == 1)
    }

    // MARK: - Dates

    @Test("dates are read exactly in the export's form, with their offset",
          arguments: [("2024-03-01 08:00:00 +0100", "2024-03-01T07:00:00Z"),
                      ("2024-02-29 23:59:59 -0530", "2024-03-01T05:29:59Z"),
                      ("2024-10-27 02:30:00 +0200", "2024-10-27T00:30:00Z"),
                      ("2024-10-27 02:30:00 +0100", "2024-10-27T01:30:00Z"),
                      ("1970-01-01 00:00:00 +0000", "1970-01-01T00:00:00Z"),
                      ("1969-12-31 23:59:59 +0000", "1969-12-31T23:59:59Z")])
    func dates(text: String, iso: String) {
        let parsed = Array(text.utf8).withUnsafeBufferPointer(AppleHealthExportReader.parseDate)
        #expect(parsed == Fixtures.instant(iso))
    }

    @Test("anything else is not a date",
          arguments: ["2024-03-01T08:00:00+01:00", "2024-03-01 08:00:00 +01:00", "2024-03-01 08:00:00", "2024-02-30 08:00:00 +0100",
                      "2023-02-29 08:00:00 +0100", "2024-03-01 24:00:00 +0100", "2024-03-01 08:60:00 +0100",
                      "2024-03-01 08:00:60 +0100", "2024-03-01 08:00:00 +2400", "2024-03-01 08:00:00 *0100",
                      "2024/03/01 08:00:00 +0100", "2024-03-01 08:00:00 +0100 ", " 2024-03-01 08:00:00 +010", ""])
    func notDates(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(AppleHealthExportReader.parseDate) == nil)
    }
}
