import WellnessApplication
import WellnessDomain

/// Daily journals in `journals.json`, one element per day.
public struct JSONFileJournalRepository: JournalRepository {
    private let store: JSONFileStore
    static let collection = JournalRecords.collection.rawValue

    /// Keeps its data in `store`'s `journals.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func journal(on day: LocalDay) async throws -> DailyJournal? {
        try await rows().first { $0.day == day }?.journal
    }

    public func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] {
        try await rows().filter { days.contains($0.day) }.map(\.journal).sorted { $0.day < $1.day }
    }

    public func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        try await store.update(Self.collection, as: [Row].self) { stored in
            var rows = stored ?? []
            var journal = rows.first { $0.day == day }?.journal
            let result = try change(&journal)
            try JournalRepositoryError.check(journal, isFor: day)
            rows.removeAll { $0.day == day }
            if let journal { rows.append(Row(journal)) }
            stored = rows.sorted { $0.day < $1.day }
            return result
        }
    }

    private func rows() async throws -> [Row] {
        try await store.read(Self.collection, as: [Row].self) ?? []
    }

    /// One day: `{"day", "notes"?, "tags", "consumedAlcohol", "caffeineAfter2PM", "ateLate",
    /// "highStress", "exercised"}` — the booleans written for older readers.
    struct Row: Codable, Equatable {
        var day: LocalDay
        var notes: String?
        var tags: [String]?
        var consumedAlcohol: Bool?
        var caffeineAfter2PM: Bool?
        var ateLate: Bool?
        var highStress: Bool?
        var exercised: Bool?

        init(_ journal: DailyJournal) {
            let legacy = journal.legacy
            day = journal.day
            notes = journal.notes
            tags = journal.tags
            consumedAlcohol = legacy.consumedAlcohol
            caffeineAfter2PM = legacy.caffeineAfter2PM
            ateLate = legacy.ateLate
            highStress = legacy.highStress
            exercised = legacy.exercised
        }

        var journal: DailyJournal {
            DailyJournal(day: day, notes: notes, tags: tags ?? [],
                         legacy: .init(consumedAlcohol: consumedAlcohol ?? false, caffeineAfter2PM: caffeineAfter2PM ?? false,
                                       ateLate: ateLate ?? false, highStress: highStress ?? false,
                                       exercised: exercised ?? false))
        }
    }
}
