import Foundation
import WellnessDomain

/// The real time, rounded to whole milliseconds so every store keeps it exactly.
public struct SystemWallClock: WallClock {
    /// The system's clock.
    public init() {}

    /// The current time, rounded to whole milliseconds.
    public func now() -> Date {
        Timestamp.fromMilliseconds(Timestamp.milliseconds(Date()))
    }
}
