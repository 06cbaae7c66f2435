import Foundation
import WellnessApplication
import WellnessDomain

/// Goals and their cached tips in `goals.json` (one file, so removing a goal removes its tips
/// in the same replacement).
public struct JSONFileGoalRepository: GoalRepository, TipsCacheRepository {
    private let store: JSONFileStore
    static let collection = GoalRecords.collection.rawValue

    /// Keeps its data in `store`'s `goals.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func all() async throws -> [Goal] {
        try await document().goals.sorted { ($0.createdAt, $0.id.description) < ($1.createdAt, $1.id.description) }
    }

    public func goal(_ id: Goal.ID) async throws -> Goal? { try await document().goals.first { $0.id == id } }

    public func save(_ goal: Goal) async throws {
        try await change { document in
            document.goals.removeAll { $0.id == goal.id }
            document.goals.append(goal)
        }
    }

    public func remove(_ id: Goal.ID) async throws -> Bool {
        try await change { document in
            let existed = document.goals.contains { $0.id == id }
            document.goals.removeAll { $0.id == id }
            document.tips.removeAll { $0.goalID == id }
            return existed
        }
    }

    /// A file written before the cache kept only what was generated may hold a set marked stale.
    public func cached(for goal: Goal.ID) async throws -> GoalTips? {
        try await document().tips.first { $0.goalID == goal }?.asGenerated
    }

    public func store(_ tips: GoalTips) async throws {
        try await change { document in
            document.tips.removeAll { $0.goalID == tips.goalID }
            document.tips.append(tips.asGenerated)
        }
    }

    private func document() async throws -> Document {
        try await store.read(Self.collection, as: Document.self) ?? Document()
    }

    private func change<Result: Sendable>(_ body: @Sendable (inout Document) -> Result) async throws -> Result {
        try await store.update(Self.collection, as: Document.self) { stored in
            var document = stored ?? Document()
            let result = body(&document)
            stored = document
            return result
        }
    }

    /// `{"goals": [...], "tips": [{"goalID", "generatedAt", "tips", "stale"}]}`.
    struct Document: Codable, Equatable {
        var goals: [Goal] = []
        var tips: [GoalTips] = []
    }
}

/// Mood entries in `moods.json`, one per day.
public struct JSONFileMoodRepository: MoodRepository {
    private let store: JSONFileStore
    static let collection = MoodRecords.collection.rawValue

    /// Keeps its data in `store`'s `moods.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] {
        (try await store.read(Self.collection, as: [Row].self) ?? []).filter { days.contains($0.day) }.map(\.entry)
            .sorted { $0.day < $1.day }
    }

    public func save(_ entry: MoodEntry) async throws {
        try await store.update(Self.collection, as: [Row].self) { stored in
            var rows = (stored ?? []).filter { $0.day != entry.day }
            rows.append(Row(day: entry.day, score: entry.score, note: entry.note))
            stored = rows.sorted { $0.day < $1.day }
        }
    }

    /// `{"day", "score", "note"?}`.
    struct Row: Codable, Equatable {
        var day: LocalDay
        var score: Int
        var note: String?

        var entry: MoodEntry { MoodEntry(storedDay: day, score: score, note: note) }
    }
}
