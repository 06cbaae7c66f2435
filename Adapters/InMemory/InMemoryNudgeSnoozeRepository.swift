import WellnessApplication
import WellnessDomain

/// Nudge snoozes held in memory, one per nudge id.
public actor InMemoryNudgeSnoozeRepository: NudgeSnoozeRepository {
    private var snoozes: [String: NudgeSnooze] = [:]

    /// Holding `snoozes`, one per nudge id (of two for one id, the later in the list).
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(_ snoozes: [NudgeSnooze] = [], changes: StoreChangeFeed? = nil) {
        for snooze in snoozes { self.snoozes[snooze.nudgeID] = snooze }
        self.changes = changes
    }

    public func all() -> [NudgeSnooze] {
        snoozes.values.sorted { $0.nudgeID < $1.nudgeID }
    }

    public func save(_ snooze: NudgeSnooze) {
        snoozes[snooze.nudgeID] = snooze
        changes?.report([NudgeSnoozeRecords.collection])
    }
}
