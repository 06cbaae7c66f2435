import WellnessApplication
import WellnessDomain

/// Nudge snoozes held in memory, one per nudge id.
public actor InMemoryNudgeSnoozeRepository: NudgeSnoozeRepository {
    private var snoozes: [String: NudgeSnooze] = [:]

    /// Holding `snoozes`, one per nudge id (of two for one id, the later in the list).
    public init(_ snoozes: [NudgeSnooze] = []) {
        for snooze in snoozes { self.snoozes[snooze.nudgeID] = snooze }
    }

    public func all() -> [NudgeSnooze] {
        snoozes.values.sorted { $0.nudgeID < $1.nudgeID }
    }

    public func save(_ snooze: NudgeSnooze) {
        snoozes[snooze.nudgeID] = snooze
    }
}
