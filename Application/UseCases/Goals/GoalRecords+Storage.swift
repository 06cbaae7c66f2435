import WellnessDomain

extension GoalRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (Goal) throws -> Void) async throws {
        try forEach(sorted: try await stores.goals.all(), body)
    }

    public static func restore(_ goals: [Goal], into stores: WellnessRepositories) async throws {
        for goal in goals { try await stores.goals.save(goal) }
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
}

extension MoodRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (MoodEntry) throws -> Void) async throws {
        try forEach(sorted: try await stores.moods.moods(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ entries: [MoodEntry], into stores: WellnessRepositories) async throws {
        for entry in entries { try await stores.moods.save(entry) }
    }
}
