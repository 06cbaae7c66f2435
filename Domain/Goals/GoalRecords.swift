import Foundation

/// Goals, by id, oldest first.
public enum GoalRecords: RecordKind {
    public static let collection: RecordCollection = "goals"
    /// The title changed on one device and the description on another are both kept.
    public static var syncRule: SyncRule { .fields() }

    public static func identity(of goal: Goal) -> Goal.ID { goal.id }

    /// A goal's own rules, as the CLI and the API check them: a title of 1 to 200 characters,
    /// no control character in title or description.
    public static func validate(_ goal: Goal) throws(RecordRejection) {
        try RecordRejection.checking {
            _ = try Goal(id: goal.id, title: goal.title, description: goal.description, createdAt: goal.createdAt)
        }
    }

    public static func precedes(_ lhs: Goal, _ rhs: Goal) -> Bool {
        (lhs.createdAt, lhs.id.description) < (rhs.createdAt, rhs.id.description)
    }
}

/// The last tips generated for a goal, one set per goal, naming the goal.
///
/// The tips are kept as generated: whether a set was served stale is not part of the record.
public enum GoalTipsRecords: RecordKind {
    public static let collection: RecordCollection = "goalTips"
    /// A cache of what a tips service answered this device: it stays here.
    public static var syncRule: SyncRule { .deviceLocal }

    public static func identity(of tips: GoalTips) -> Goal.ID { tips.goalID }

    /// No control character in a tip's text (``PlainText``; a NUL included).
    public static func validate(_ tips: GoalTips) throws(RecordRejection) {
        try RecordRejection.checking {
            for tip in tips.tips { try PlainText.check(tip.tip, .description) }
        }
    }

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
        // The rest of a mood's own rules: a note of at most 1000 characters without control characters.
        try RecordRejection.checking { _ = try MoodEntry(day: entry.day, score: entry.score, note: entry.note) }
    }

    public static func precedes(_ lhs: MoodEntry, _ rhs: MoodEntry) -> Bool { lhs.day < rhs.day }
}

extension RecordCollection {
    public static var goals: RecordCollection { GoalRecords.collection }
    public static var goalTips: RecordCollection { GoalTipsRecords.collection }
    public static var moods: RecordCollection { MoodRecords.collection }
}
