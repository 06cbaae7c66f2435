import Foundation

/// Reads the `export.xml` of an Apple Health export (Health app → profile → Export All Health
/// Data), chunk by chunk, into the samples and weigh-ins Wellness keeps.
///
/// The root must be `HealthData`. Of its children, these are kept:
/// - `Record` of `HKQuantityTypeIdentifierStepCount` (count), `…DietaryWater` (mL, L, fl_oz_us),
///   `…RestingHeartRate` (count/min), `…ActiveEnergyBurned` (kcal, Cal, kJ),
///   `HKCategoryTypeIdentifierSleepAnalysis` (only the asleep values: `…Asleep`,
///   `…AsleepCore`, `…AsleepDeep`, `…AsleepREM`, `…AsleepUnspecified`) and
///   `HKCategoryTypeIdentifierMindfulSession`, as ``HealthSample``s;
/// - `Record` of `HKQuantityTypeIdentifierBodyMass` (kg, lb, g), as weigh-ins;
/// - every `Workout` (activity, start, end, duration; energy from its `totalEnergyBurned` or its
///   `WorkoutStatistics` of active energy).
///
/// Any other `Record`, an `ActivitySummary`, a `Correlation` and any other element is counted
/// as skipped; `ExportDate` and `Me` are not data. Children of a record (`MetadataEntry`,
/// heart-rate variability lists) and of a workout (`WorkoutEvent`, `WorkoutRoute`) are read
/// and passed over. Dates are `2024-03-01 08:00:00 +0100`.
public struct AppleHealthExportReader {
    /// What one element of the export gives.
    public enum Item {
        case sample(HealthSample)
        case weight(date: Date, kilograms: Double)
        /// Data Wellness does not keep.
        case skipped
    }

    private var xml = XMLStreamReader()
    private var depth = 0
    private var workout: Workout?

    public init() {}

    /// Bytes of XML read so far.
    public var bytesRead: Int { xml.bytesRead }

    /// The line of the tag being read.
    private var line = 1

    /// Reads `chunk`, calling `handle` with each item completed in it and the line it starts on.
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, _ handle: (Item, Int) throws -> Void) throws {
        var reader = xml
        xml = XMLStreamReader()
        defer { xml = reader }
        try reader.consume(chunk) { event in try self.handle(event, handle) }
    }

    /// Ends the export: throws when it is cut short or was not an export.
    public mutating func finish() throws {
        try xml.finish()
    }

    private func fail(_ problem: HealthExportProblem, element: String) -> HealthExportError {
        HealthExportError(line: line, element: element, problem: problem)
    }

    private mutating func handle(_ event: XMLStreamReader.Event, _ report: (Item, Int) throws -> Void) throws {
        switch event {
        case .start(let tag):
            depth += 1
            line = tag.line
            func handle(_ item: Item) throws { try report(item, tag.line) }
            switch depth {
            case 1:
                guard tag.isNamed("HealthData") else {
                    throw HealthExportError(line: tag.line, element: nil, problem: .wrongRoot(tag.name))
                }
            case 2:
                if tag.isNamed("Record") {
                    try handle(try record(tag))
                } else if tag.isNamed("Workout") {
                    workout = try Workout(tag, fail: { fail($0, element: "Workout") })
                } else if !tag.isNamed("ExportDate"), !tag.isNamed("Me") {
                    try handle(.skipped)
                }
            case 3 where workout != nil && tag.isNamed("WorkoutStatistics"):
                let error = { (problem: HealthExportProblem) in
                    HealthExportError(line: tag.line, element: "WorkoutStatistics", problem: problem)
                }
                try workout?.add(statistics: tag, fail: error)
            default:
                break
            }
        case .end:
            if depth == 2, let finished = workout {
                workout = nil
                let sample = finished.sample
                if let problem = sample.problem {
                    throw HealthExportError(line: finished.line, element: "Workout", problem: .sample(problem))
                }
                try report(.sample(sample), finished.line)
            }
            depth -= 1
        }
    }

    // MARK: - Records

    private static let quantityPrefix = "HKQuantityTypeIdentifier"
    private static let categoryPrefix = "HKCategoryTypeIdentifier"

    private func record(_ tag: XMLTag) throws -> Item {
        func fail(_ problem: HealthExportProblem) -> HealthExportError { self.fail(problem, element: "Record") }
        guard let type = tag.value(of: "type") else { throw fail(.missingAttribute("type")) }
        let kind: HealthSampleKind
        switch type {
        case "HKQuantityTypeIdentifierStepCount": kind = .steps
        case "HKQuantityTypeIdentifierDietaryWater": kind = .water
        case "HKQuantityTypeIdentifierRestingHeartRate": kind = .restingHeartRate
        case "HKQuantityTypeIdentifierActiveEnergyBurned": kind = .activeEnergy
        case "HKCategoryTypeIdentifierSleepAnalysis": kind = .sleep
        case "HKCategoryTypeIdentifierMindfulSession": kind = .mindfulness
        case "HKQuantityTypeIdentifierBodyMass":
            let date = try Self.date(tag, "startDate", fail: fail)
            let kilograms = try Self.number(tag, "value", fail: fail) * (try Self.unitFactor(tag, type, Self.massUnits, fail: fail))
            if let problem = WeightEntry.problem(kilograms: kilograms) { throw fail(.weight(problem)) }
            return .weight(date: date, kilograms: kilograms)
        default:
            return .skipped
        }
        guard let source = tag.value(of: "sourceName") else { throw fail(.missingAttribute("sourceName")) }
        let start = try Self.date(tag, "startDate", fail: fail)
        let end = try Self.date(tag, "endDate", fail: fail)
        let value: Double
        var category: String?
        switch kind {
        case .steps, .restingHeartRate:
            value = try Self.number(tag, "value", fail: fail)
            _ = try Self.unitFactor(tag, type, kind == .steps ? ["count": 1] : ["count/min": 1], fail: fail)
        case .water:
            value = try Self.number(tag, "value", fail: fail) * (try Self.unitFactor(tag, type, Self.volumeUnits, fail: fail))
        case .activeEnergy:
            value = try Self.number(tag, "value", fail: fail) * (try Self.unitFactor(tag, type, Self.energyUnits, fail: fail))
        case .sleep:
            guard let stage = tag.value(of: "value") else { throw fail(.missingAttribute("value")) }
            let prefix = "HKCategoryValueSleepAnalysis"
            guard stage.hasPrefix(prefix + "Asleep") else { return .skipped }
            category = String(stage.dropFirst(prefix.count))
            value = Self.minutes(start, end)
        case .mindfulness:
            value = Self.minutes(start, end)
        case .workout:
            return .skipped
        }
        let sample = HealthSample(kind: kind, source: source, start: start, end: end, value: value, category: category)
        if let problem = sample.problem { throw fail(.sample(problem)) }
        return .sample(sample)
    }

    static let massUnits: [String: Double] = ["kg": 1, "lb": WeightEntry.kilogramsPerPound, "g": 0.001]
    static let volumeUnits: [String: Double] = ["mL": 0.001, "L": 1, "fl_oz_us": 0.0295735295625]
    static let energyUnits: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184]
    static let durationUnits: [String: Double] = ["min": 1, "s": 1.0 / 60, "h": 60]

    static func minutes(_ start: Date, _ end: Date) -> Double {
        max(0, end.timeIntervalSince(start)) / 60
    }

    /// The factor from the tag's `unit` to the kind's unit.
    static func unitFactor(_ tag: XMLTag, _ type: String, _ units: [String: Double], attribute: StaticString = "unit",
                           fail: (HealthExportProblem) -> HealthExportError) throws -> Double {
        guard let unit = tag.value(of: attribute) else { throw fail(.missingAttribute("\(attribute)")) }
        guard let factor = units[unit] else { throw fail(.unknownUnit(unit, type: type)) }
        return factor
    }

    static func number(_ tag: XMLTag, _ attribute: StaticString,
                       fail: (HealthExportProblem) -> HealthExportError) throws -> Double {
        guard let value = tag.withRawValue(of: attribute, { WeightCSVNumber.parse($0, decimalComma: false) }) else {
            throw fail(.missingAttribute("\(attribute)"))
        }
        guard let value, value.isFinite else {
            throw fail(.notANumber(attribute: "\(attribute)", value: tag.value(of: attribute) ?? ""))
        }
        return value
    }

    static func date(_ tag: XMLTag, _ attribute: StaticString,
                     fail: (HealthExportProblem) -> HealthExportError) throws -> Date {
        guard let parsed = tag.withRawValue(of: attribute, parseDate) else { throw fail(.missingAttribute("\(attribute)")) }
        guard let parsed else { throw fail(.notADate(attribute: "\(attribute)", value: tag.value(of: attribute) ?? "")) }
        guard Timestamp.range.contains(parsed) else { throw fail(.time(.outOfRange(tag.value(of: attribute) ?? ""))) }
        return parsed
    }

    /// Reads `2024-03-01 08:00:00 +0100` exactly; `nil` for anything else.
    public static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 25 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A, bytes[16] == 0x3A,
              bytes[19] == 0x20, bytes[20] == 0x2B || bytes[20] == 0x2D,
              let year = digits(0, 4), let month = digits(5, 2), let dayOfMonth = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              let offsetHours = digits(21, 2), let offsetMinutes = digits(23, 2),
              hour < 24, minute < 60, second < 60, offsetHours < 24, offsetMinutes < 60,
              let day = LocalDay(year: year, month: month, day: dayOfMonth) else { return nil }
        let offset = (bytes[20] == 0x2D ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let seconds = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        return Timestamp.fromMilliseconds(seconds * 1000)
    }

    // MARK: - Workouts

    /// A workout read from its start tag, completed by its children.
    private struct Workout {
        let line: Int
        let activity: String
        let source: String
        let start: Date
        let end: Date
        let minutes: Double
        var energy: Double?

        init(_ tag: XMLTag, fail: (HealthExportProblem) -> HealthExportError) throws {
            guard let type = tag.value(of: "workoutActivityType") else { throw fail(.missingAttribute("workoutActivityType")) }
            guard let source = tag.value(of: "sourceName") else { throw fail(.missingAttribute("sourceName")) }
            let prefix = "HKWorkoutActivityType"
            activity = type.hasPrefix(prefix) && type.count > prefix.count ? String(type.dropFirst(prefix.count)) : type
            self.source = source
            line = tag.line
            start = try AppleHealthExportReader.date(tag, "startDate", fail: fail)
            end = try AppleHealthExportReader.date(tag, "endDate", fail: fail)
            if tag.value(of: "duration") != nil {
                minutes = try AppleHealthExportReader.number(tag, "duration", fail: fail)
                    * (try AppleHealthExportReader.unitFactor(tag, type, AppleHealthExportReader.durationUnits,
                                                              attribute: "durationUnit", fail: fail))
            } else {
                minutes = AppleHealthExportReader.minutes(start, end)
            }
            if tag.value(of: "totalEnergyBurned") != nil {
                energy = try AppleHealthExportReader.number(tag, "totalEnergyBurned", fail: fail)
                    * (try AppleHealthExportReader.unitFactor(tag, type, AppleHealthExportReader.energyUnits,
                                                              attribute: "totalEnergyBurnedUnit", fail: fail))
            }
        }

        /// Takes the active energy from a `WorkoutStatistics` child when the workout's own
        /// attributes had none (exports since iOS 16 keep it there).
        mutating func add(statistics tag: XMLTag, fail: (HealthExportProblem) -> HealthExportError) throws {
            guard energy == nil, tag.value(of: "type") == "HKQuantityTypeIdentifierActiveEnergyBurned",
                  tag.value(of: "sum") != nil else { return }
            energy = try AppleHealthExportReader.number(tag, "sum", fail: fail)
                * (try AppleHealthExportReader.unitFactor(tag, "HKQuantityTypeIdentifierActiveEnergyBurned",
                                                          AppleHealthExportReader.energyUnits, fail: fail))
        }

        var sample: HealthSample {
            HealthSample(kind: .workout, source: source, start: start, end: end, value: minutes,
                         category: activity, energyKilocalories: energy)
        }
    }
}
