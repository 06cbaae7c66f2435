import Foundation
import WellnessDomain

/// The real time, rounded to whole milliseconds so every store keeps it exactly.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Date {
        Timestamp.fromMilliseconds(Timestamp.milliseconds(Date()))
    }
}
