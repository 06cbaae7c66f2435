import Foundation

/// "Not now": a nudge hidden until a moment, after which it returns if it still applies.
///
/// The nudge id is stored as text so a snooze written by a newer version is kept.
public struct NudgeSnooze: Sendable, Equatable, Codable {
    public var nudgeID: String
    public var until: Date

    public init(nudgeID: String, until: Date) {
        self.nudgeID = nudgeID
        self.until = until
    }

    /// How long "Not now" hides a nudge.
    public static let days = 30

    /// A snooze of `id` for 30 local calendar days from `now`.
    public static func notNow(_ id: NudgeID, now: Date, calendar: Calendar) -> NudgeSnooze {
        let until = CivilTime.adding(days: days, to: now, in: calendar.timeZone)
        return NudgeSnooze(nudgeID: id.description, until: until)
    }

    public func hides(_ id: NudgeID, at now: Date) -> Bool {
        nudgeID == id.description && now < until
    }
}
