import Foundation

/// When a change was made, by a hybrid logical clock (``HybridLogicalClock``): the device's
/// wall-clock milliseconds, a counter for changes within one millisecond (or made while the
/// device's clock lags one it heard from), and the device. Stamps are totally ordered in that
/// order, so two devices always agree which of two changes is the later.
///
/// Its text form is `MILLISECONDS.COUNTER.DEVICE` (`1764300000000.0.4f1c…`).
public struct SyncStamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970 by the clock of the device that made the change (or one it heard from).
    public let time: Int64
    /// Orders changes that share `time`.
    public let counter: UInt32
    /// The device that made the change (``SyncDevice``).
    public let device: String

    public init(time: Int64, counter: UInt32, device: String) {
        self.time = time
        self.counter = counter
        self.device = device
    }

    /// The latest time a stamp may have: the last millisecond of year 9999, as every instant a
    /// store keeps (a device whose clock is further ahead stamps with this).
    public static let latestTime: Int64 = 253_402_300_799_999

    /// The stamp before every change of `device`: what a store held before it first synced
    /// (so that anything another device changed since wins over it).
    public static func origin(of device: String) -> SyncStamp { SyncStamp(time: 0, counter: 0, device: device) }

    /// The one stamp of every change of a settled field (``SyncRule/fields(elements:settled:)``),
    /// on every device: of two values with one stamp the greater wins.
    public static let settled = SyncStamp(time: 0, counter: 0, device: "0")

    public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
        (lhs.time, lhs.counter, lhs.device) < (rhs.time, rhs.counter, rhs.device)
    }

    public var description: String { "\(time).\(counter).\(device)" }

    /// A stamp from its text form; `nil` when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        // Digits only, without leading zeros: one text for each stamp (`Int64("+1")` is 1).
        func isNumeral(_ part: Substring) -> Bool {
            !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (part == "0" || part.first != "0")
        }
        guard parts.count == 3, isNumeral(parts[0]), isNumeral(parts[1]), let time = Int64(parts[0]),
              time <= Self.latestTime, let counter = UInt32(parts[1]), SyncDevice.isValid(String(parts[2])) else {
            return nil
        }
        self.init(time: time, counter: counter, device: String(parts[2]))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let stamp = SyncStamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a sync stamp: \(text)")
        }
        self = stamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A device's name in sync stamps: 1 to 64 lowercase letters, digits and `-` (a UUID, as
/// ``SyncDevice/make()`` gives).
public enum SyncDevice {
    /// Whether `name` can name a device.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// A new device's name.
    public static func make() -> String { UUID().uuidString.lowercased() }
}

/// A hybrid logical clock (Kulkarni et al.): stamps that follow the wall clock where it moves
/// forward, never go back when it does not, and come after every stamp the device has seen from
/// others. So a change made after seeing another device's change is later than it, even when
/// this device's clock is behind.
public struct HybridLogicalClock: Sendable, Equatable, Codable {
    /// This device.
    public let device: String
    /// The latest stamp this clock gave or saw.
    public private(set) var latest: SyncStamp

    /// A clock for `device` that has given nothing yet.
    public init(device: String) {
        precondition(SyncDevice.isValid(device), "not a device name: \(device)")
        self.device = device
        latest = .origin(of: device)
    }

    /// A stamp for a change made now (`now` by the device's clock), later than every stamp given
    /// or seen before.
    public mutating func tick(now: Date) -> SyncStamp {
        let milliseconds = (now.timeIntervalSince1970 * 1000).rounded(.down)
        let wall = milliseconds.isFinite ? Int64(min(max(milliseconds, 0), Double(SyncStamp.latestTime))) : 0
        let stamp = if wall > latest.time {
            SyncStamp(time: wall, counter: 0, device: device)
        } else if latest.counter == .max, latest.time < SyncStamp.latestTime {
            SyncStamp(time: latest.time + 1, counter: 0, device: device)
        } else if latest.counter == .max {
            // Nothing is later than the latest stamp: the clock stays there.
            latest
        } else {
            SyncStamp(time: latest.time, counter: latest.counter + 1, device: device)
        }
        latest = stamp
        return stamp
    }

    /// Takes note of a stamp from another device, so that the next ``tick(now:)`` is later.
    public mutating func witness(_ stamp: SyncStamp) {
        if (stamp.time, stamp.counter) > (latest.time, latest.counter) {
            latest = SyncStamp(time: stamp.time, counter: stamp.counter, device: device)
        }
    }
}
