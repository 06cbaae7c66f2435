import Foundation
import WellnessApplication
import WellnessDomain

/// Nudge snoozes in `nudge-snoozes.json`, one per nudge id.
public struct JSONFileNudgeSnoozeRepository: NudgeSnoozeRepository {
    private let store: JSONFileStore
    static let collection = "nudge-snoozes"

    /// Keeps its data in `store`'s `nudge-snoozes.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func all() async throws -> [NudgeSnooze] {
        let rows = try await store.read(Self.collection, as: [Row].self) ?? []
        return rows.map(\.snooze).sorted { $0.nudgeID < $1.nudgeID }
    }

    public func save(_ snooze: NudgeSnooze) async throws {
        try await store.update(Self.collection, as: [Row].self) { rows in
            var kept = (rows ?? []).filter { $0.nudgeId != snooze.nudgeID }
            kept.append(Row(nudgeId: snooze.nudgeID, until: snooze.until))
            rows = kept.sorted { $0.nudgeId < $1.nudgeId }
        }
    }

    /// One element of the file's array: `{"nudgeId", "until"}`.
    struct Row: Codable, Equatable {
        var nudgeId: String
        var until: Date

        var snooze: NudgeSnooze { NudgeSnooze(nudgeID: nudgeId, until: until) }
    }
}
