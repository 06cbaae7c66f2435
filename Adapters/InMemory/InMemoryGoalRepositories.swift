import WellnessApplication
import WellnessDomain

/// Goals and their cached tips held in memory (one actor, so removing a goal and its tips is
/// one step).
public actor InMemoryGoalRepository: GoalRepository, TipsCacheRepository {
    private var goals: [Goal] = []
    private var tips: [Goal.ID: GoalTips] = [:]

    /// No goals and no cached tips.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func all() -> [Goal] { goals.sorted { ($0.createdAt, $0.id.description) < ($1.createdAt, $1.id.description) } }

    public func goal(_ id: Goal.ID) -> Goal? { goals.first { $0.id == id } }

    public func save(_ goal: Goal) {
        goals.removeAll { $0.id == goal.id }
        goals.append(goal)
        changes?.report([GoalRecords.collection])
    }

    public func remove(_ id: Goal.ID) -> Bool {
        let existed = goals.contains { $0.id == id }
        goals.removeAll { $0.id == id }
        tips[id] = nil
        changes?.report([GoalRecords.collection, GoalTipsRecords.collection])
        return existed
    }

    public func cached(for goal: Goal.ID) -> GoalTips? { tips[goal] }

    public func store(_ tips: GoalTips) {
        self.tips[tips.goalID] = tips.asGenerated
        changes?.report([GoalTipsRecords.collection])
    }
}

/// Mood entries held in memory, one per day.
public actor InMemoryMoodRepository: MoodRepository {
    private var entries: [LocalDay: MoodEntry] = [:]

    /// No entries.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func moods(on days: ClosedRange<LocalDay>) -> [MoodEntry] {
        entries.values.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
    }

    public func save(_ entry: MoodEntry) {
        entries[entry.day] = entry
        changes?.report([MoodRecords.collection])
    }
}
