import Foundation

/// A time of day on the person's local wall clock, to the minute (`07:30`): when a walk is
/// planned, a meal is given, a dose falls due. Written and stored as `HH:MM`.
public struct WallTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// 0 through 23.
    public let hour: Int
    /// 0 through 59.
    public let minute: Int

    /// `hour`:`minute`, or `nil` when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM` (or `H:MM`), 00:00 through 23:59; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Parses `text` (``init(_:)``), or throws an error that names it.
    public static func parse(_ text: String) throws(InvalidValue) -> WallTime {
        guard let time = WallTime(text.trimmingCharacters(in: .whitespaces)) else {
            throw InvalidValue(kind: .wallTime, value: text, valid: ["HH:MM, 00:00 to 23:59"])
        }
        return time
    }

    /// Minutes since midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// The instant `zone`'s clocks show this time on `day` (``CivilTime/instant(_:millisecondOfDay:in:)``:
    /// a time skipped by a change of clocks lands after it, one shown twice is the first).
    public func instant(on day: LocalDay, in zone: TimeZone) -> Date {
        CivilTime.instant(day, millisecondOfDay: minuteOfDay * 60_000, in: zone)
    }

    /// The wall time of `date` in `zone`, its seconds dropped.
    public init(_ date: Date, in zone: TimeZone) {
        let local = CivilTime.local(date, in: zone)
        hour = local.hour
        minute = local.minute
    }

    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = WallTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a time of day (HH:MM): \(text)")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
