import Foundation

/// Goals, by id, oldest first.
public enum GoalRecords: RecordKind {
    public static let collection: RecordCollection = "goals"

    public static func identity(of goal: Goal) -> Goal.ID { goal.id }

    public static func precedes(_ lhs: Goal, _ rhs: Goal) -> Bool {
        (lhs.createdAt, lhs.id.description) < (rhs.createdAt, rhs.id.description)
    }
}

/// The last tips generated for a goal, one set per goal, naming the goal.
///
/// The tips are kept as generated: whether a set was served stale is not part of the record.
public enum GoalTipsRecords: RecordKind {
    public static let collection: RecordCollection = "goalTips"

    public static func identity(of tips: GoalTips) -> Goal.ID { tips.goalID }

    /// By goal id; a backup writes them in the order of their goals.
    public static func precedes(_ lhs: GoalTips, _ rhs: GoalTips) -> Bool {
        lhs.goalID.description < rhs.goalID.description
    }

    public static func references(of tips: GoalTips) -> [RecordReference] {
        [RecordReference(to: GoalRecords.self, tips.goalID, noun: "goal \(tips.goalID)")]
    }
}

/// Mood entries, one per day.
public enum MoodRecords: RecordKind {
    public static let collection: RecordCollection = "moods"

    public static func identity(of entry: MoodEntry) -> LocalDay { entry.day }

    public static func validate(_ entry: MoodEntry) throws(RecordRejection) {
        do { try MoodEntry.checkScore(entry.score) } catch {
            throw RecordRejection("score \(entry.score) is not one of \(MoodEntry.scores)")
        }
    }

    public static func precedes(_ lhs: MoodEntry, _ rhs: MoodEntry) -> Bool { lhs.day < rhs.day }
}

extension RecordCollection {
    public static var goals: RecordCollection { GoalRecords.collection }
    public static var goalTips: RecordCollection { GoalTipsRecords.collection }
    public static var moods: RecordCollection { MoodRecords.collection }
}
