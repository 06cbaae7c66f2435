import WellnessDomain

extension GoalRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (Goal) throws -> Void) async throws {
        try forEach(sorted: try await stores.goals.all(), body)
    }

    public static func restore(_ goals: [Goal], into stores: WellnessRepositories) async throws {
        for goal in goals { try await stores.goals.save(goal) }
    }

    public static func save(synced goal: Goal, replacing old: Goal?, into stores: WellnessRepositories) async throws {
        try await stores.goals.save(goal)
    }

    public static func remove(synced goal: Goal, from stores: WellnessRepositories) async throws {
        _ = try await stores.goals.remove(goal.id)
    }
}

extension GoalTipsRecords: StoredRecordKind {
    /// In the order of their goals.
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (GoalTips) throws -> Void) async throws {
        for goal in try await GoalRecords.records(in: stores) {
            // The tips as kept: `stale` says how tips were served, and is not part of what is stored.
            if let tips = try await stores.tipsCache.cached(for: goal.id) {
                try body(GoalTips(goalID: tips.goalID, generatedAt: tips.generatedAt, tips: tips.tips, source: tips.source))
            }
        }
    }

    public static func restore(_ tips: [GoalTips], into stores: WellnessRepositories) async throws {
        for set in tips { try await stores.tipsCache.store(set) }
    }

    /// Never called: the tips cache stays on its device (``GoalTipsRecords/syncRule``).
    public static func save(synced tips: GoalTips, replacing old: GoalTips?, into stores: WellnessRepositories) async throws {
        try await stores.tipsCache.store(tips)
    }

    public static func remove(synced tips: GoalTips, from stores: WellnessRepositories) async throws {}

    public static var removalTravels: Bool { false }
}

extension MoodRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (MoodEntry) throws -> Void) async throws {
        try forEach(sorted: try await stores.moods.moods(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ entries: [MoodEntry], into stores: WellnessRepositories) async throws {
        for entry in entries { try await stores.moods.save(entry) }
    }

    public static func save(synced entry: MoodEntry, replacing old: MoodEntry?, into stores: WellnessRepositories) async throws {
        try await stores.moods.save(entry)
    }

    public static func remove(synced entry: MoodEntry, from stores: WellnessRepositories) async throws {}

    /// A day's mood is replaced, never removed.
    public static var removalTravels: Bool { false }
}
