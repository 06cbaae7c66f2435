import Foundation

/// The kinds of health data Wellness keeps, each with the one unit its values are stored in.
public enum HealthSampleKind: String, CaseIterable, Codable, Sendable, Comparable {
    /// Steps, as a count.
    case steps
    /// Water drunk, in litres.
    case water
    /// Resting heart rate, in beats per minute.
    case restingHeartRate
    /// Active energy burned, in kilocalories.
    case activeEnergy
    /// Time asleep (any stage; not time in bed or awake), in minutes.
    case sleep
    /// A mindful session, in minutes.
    case mindfulness
    /// A workout: its duration in minutes, its activity and the energy it burned.
    case workout

    /// The unit of ``HealthSample/value`` for this kind.
    public var unit: String {
        switch self {
        case .steps: "count"
        case .water: "L"
        case .restingHeartRate: "count/min"
        case .activeEnergy: "kcal"
        case .sleep, .mindfulness, .workout: "min"
        }
    }

    public static func < (lhs: HealthSampleKind, rhs: HealthSampleKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One reading from a health platform (Apple Health), as the platform recorded it: its kind,
/// the app or device that recorded it, when, and its value in the kind's ``HealthSampleKind/unit``.
///
/// Instants are whole milliseconds. A sample is identified by ``key`` — kind, source, start,
/// end and value — so importing the same export twice stores each sample once.
public struct HealthSample: Sendable, Hashable, Codable {
    public let kind: HealthSampleKind
    /// The app or device that recorded it ("Ann's Apple Watch"), as the platform names it.
    public let source: String
    public let start: Date
    /// At or after ``start``.
    public let end: Date
    /// In ``unit``: a count, litres, beats per minute, kilocalories or minutes.
    public let value: Double
    /// For a workout, its activity (`Running`, `Yoga`); for sleep, its stage (`AsleepCore`);
    /// else `nil`.
    public let category: String?
    /// For a workout, the active energy it burned in kilocalories when recorded; else `nil`.
    public let energyKilocalories: Double?

    /// A sample; instants are rounded to whole milliseconds and an `end` before `start` is
    /// taken as `start`.
    public init(kind: HealthSampleKind, source: String, start: Date, end: Date, value: Double,
                category: String? = nil, energyKilocalories: Double? = nil) {
        self.kind = kind
        self.source = source
        self.start = Timestamp.fromMilliseconds(Timestamp.milliseconds(start))
        self.end = max(self.start, Timestamp.fromMilliseconds(Timestamp.milliseconds(end)))
        self.value = value
        self.category = category
        self.energyKilocalories = energyKilocalories
    }

    private enum CodingKeys: String, CodingKey { case kind, source, start, end, value, category, energyKilocalories }

    /// Decodes through ``init(kind:source:start:end:value:category:energyKilocalories:)``, so a
    /// stored sample obeys the same rules as a new one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(HealthSampleKind.self, forKey: .kind),
                  source: try container.decode(String.self, forKey: .source),
                  start: try container.decode(Date.self, forKey: .start),
                  end: try container.decode(Date.self, forKey: .end),
                  value: try container.decode(Double.self, forKey: .value),
                  category: try container.decodeIfPresent(String.self, forKey: .category),
                  energyKilocalories: try container.decodeIfPresent(Double.self, forKey: .energyKilocalories))
    }

    /// The unit of ``value``.
    public var unit: String { kind.unit }

    /// The interval it covers.
    public var interval: DateInterval { DateInterval(start: start, end: end) }

    /// What makes two samples the same sample.
    public struct Key: Sendable, Hashable {
        public let kind: HealthSampleKind
        public let source: String
        public let startMilliseconds: Int64
        public let endMilliseconds: Int64
        public let value: Double
    }

    public var key: Key {
        Key(kind: kind, source: source, startMilliseconds: Timestamp.milliseconds(start),
            endMilliseconds: Timestamp.milliseconds(end), value: value)
    }

    /// Earliest start first, then by kind, source, end and value: the order stores list in.
    public static func order(_ a: HealthSample, _ b: HealthSample) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.kind != b.kind { return a.kind < b.kind }
        if a.source != b.source { return a.source < b.source }
        if a.end != b.end { return a.end < b.end }
        return a.value < b.value
    }
}
