import Foundation

extension HealthSampleKind {
    /// The values one sample of this kind may hold, in its ``unit``: what a real body, watch or
    /// app can record in one reading, with room to spare. Anything else is refused where samples
    /// enter (a health import, a restore, a store's record repository), so a summary's totals
    /// stay far from what a number can hold.
    public var valueRange: ClosedRange<Double> {
        switch self {
        case .steps: 0...250_000
        case .water: 0...10
        case .restingHeartRate: 20...250
        case .activeEnergy: 0...20_000
        case .sleep: 0...2_880
        case .mindfulness: 0...1_440
        case .workout: 0...10_080
        }
    }
}

extension HealthSample {
    /// The most active energy one workout may record, in kilocalories.
    public static let maximumWorkoutKilocalories: Double = 50_000
    /// The longest time one sample may cover: a week (a multi-day event's workout).
    public static let maximumSpan: TimeInterval = 7 * 24 * 3600

    /// Why this sample cannot be kept, or `nil` when it can: a value (or a workout's energy)
    /// that is not finite or outside its kind's ``HealthSampleKind/valueRange``, an interval
    /// longer than ``maximumSpan``, or a source or category holding a control character
    /// (``PlainText``; a NUL included).
    public var problem: Problem? {
        if let problem = Self.problem(value: value, kind: kind, range: kind.valueRange) { return problem }
        if let energy = energyKilocalories,
           let problem = Self.problem(value: energy, kind: kind, range: 0...Self.maximumWorkoutKilocalories, energy: true) {
            return problem
        }
        if end.timeIntervalSince(start) > Self.maximumSpan {
            return .tooLong(kind, hours: Int(end.timeIntervalSince(start) / 3600), maximumHours: Int(Self.maximumSpan / 3600))
        }
        if let scalar = PlainText.firstControlCharacter(in: source) {
            return .controlCharacter(ControlCharacterError(field: .source, character: scalar))
        }
        if let category, let scalar = PlainText.firstControlCharacter(in: category) {
            return .controlCharacter(ControlCharacterError(field: .category, character: scalar))
        }
        return nil
    }

    private static func problem(value: Double, kind: HealthSampleKind, range: ClosedRange<Double>,
                                energy: Bool = false) -> Problem? {
        guard value.isFinite else { return energy ? .energyNotFinite : .notFinite(kind) }
        guard range.contains(value) else {
            let shown = number(value), low = number(range.lowerBound), high = number(range.upperBound)
            return energy ? .energyOutOfRange(shown, minimum: low, maximum: high)
                : .outOfRange(kind, shown, minimum: low, maximum: high, unit: kind.unit)
        }
        return nil
    }

    /// Every digit needed to tell the number apart (`250001`, `0.5`, `1e+19`), for messages.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Why a health sample cannot be kept (see ``HealthSample/problem``).
    public enum Problem: WellnessError, Hashable, CustomStringConvertible {
        /// The value (of the kind named) is infinite or not a number.
        case notFinite(HealthSampleKind)
        /// The value (every digit of it) is outside what one sample of the kind may hold.
        case outOfRange(HealthSampleKind, String, minimum: String, maximum: String, unit: String)
        /// A workout's energy is infinite or not a number.
        case energyNotFinite
        /// A workout's energy in kilocalories (every digit of it) is outside what one workout may burn.
        case energyOutOfRange(String, minimum: String, maximum: String)
        /// The sample covers more hours than one sample may.
        case tooLong(HealthSampleKind, hours: Int, maximumHours: Int)
        /// The source or category holds a control character.
        case controlCharacter(ControlCharacterError)

        public enum Code: String, CaseIterable, Sendable {
            case notFinite, outOfRange, energyNotFinite, energyOutOfRange, tooLong, controlCharacter
        }

        public static let family = "healthValue"

        public var code: Code {
            switch self {
            case .notFinite: .notFinite
            case .outOfRange: .outOfRange
            case .energyNotFinite: .energyNotFinite
            case .energyOutOfRange: .energyOutOfRange
            case .tooLong: .tooLong
            case .controlCharacter: .controlCharacter
            }
        }

        public var details: [LocalizedText.Argument] {
            switch self {
            case .notFinite(let kind): [.verbatim(kind.rawValue)]
            case .outOfRange(let kind, let value, let minimum, let maximum, let unit):
                [.verbatim(kind.rawValue), .verbatim(value), .verbatim(minimum), .verbatim(maximum), .verbatim(unit)]
            case .energyNotFinite: []
            case .energyOutOfRange(let value, let minimum, let maximum):
                [.verbatim(value), .verbatim(minimum), .verbatim(maximum)]
            case .tooLong(let kind, let hours, let maximum): [.verbatim(kind.rawValue), .number(hours), .number(maximum)]
            case .controlCharacter(let error): [.text(error.message)]
            }
        }

        /// In English, for a record refused by a store or a restore.
        public var description: String {
            switch self {
            case .notFinite(let kind): "\(kind.rawValue) value is not a finite number"
            case .outOfRange(let kind, let value, let minimum, let maximum, let unit):
                "\(kind.rawValue) value \(value) \(unit) is outside \(minimum)…\(maximum) \(unit)"
            case .energyNotFinite: "workout energy is not a finite number"
            case .energyOutOfRange(let value, let minimum, let maximum):
                "workout energy \(value) kcal is outside \(minimum)…\(maximum) kcal"
            case .tooLong(let kind, let hours, let maximum): "\(kind.rawValue) sample covers \(hours) h, more than \(maximum) h"
            case .controlCharacter(let error):
                "\(error.field.rawValue) contains a control character (\(PlainText.codePoint(error.character)))"
            }
        }
    }
}

/// A stored health sample that no import would accept (written by an older version, or by hand),
/// met while adding up a day: it names the sample and what is wrong with it, where arithmetic on
/// it could otherwise trap or print `inf`. `wellness health remove` takes it out.
public struct UnusableHealthSampleError: WellnessError, Equatable {
    public let kind: HealthSampleKind
    public let source: String
    public let start: Date
    public let problem: HealthSample.Problem

    public init(_ sample: HealthSample, _ problem: HealthSample.Problem) {
        kind = sample.kind
        source = sample.source
        start = sample.start
        self.problem = problem
    }

    /// Refuses the first of `samples` that has a ``HealthSample/problem``.
    public static func check(_ samples: [HealthSample]) throws(UnusableHealthSampleError) {
        for sample in samples {
            if let problem = sample.problem { throw UnusableHealthSampleError(sample, problem) }
        }
    }

    public enum Code: String, CaseIterable, Sendable { case stored }

    public static let family = "healthSample"

    public var code: Code { .stored }

    public var details: [LocalizedText.Argument] {
        [.verbatim(kind.rawValue), .verbatim(PlainText.visible(source)), .verbatim(Timestamp.format(start)),
         .text(problem.message)]
    }
}
