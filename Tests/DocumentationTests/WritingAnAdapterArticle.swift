// The code of WellnessComposition.docc/WritingAnAdapter.md (its package manifest lines
// aside), compiled so the article stays true (`.ci/check-doc-snippets` checks that every block
// of it is here): the article's adapter runs the journal contract, as the article says yours can.
import Foundation
import Testing
import WellnessComposition
import WellnessContractTesting

/// The storage: encoded journals by day, changed only inside `transaction`.
final class JournalShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [LocalDay: Data] = [:]

    /// Runs `body` on the rows while holding the lock; keeps its changes only when it returns.
    func transaction<T>(_ body: (inout [LocalDay: Data]) throws -> T) rethrows -> T {
        try lock.withLock {
            var copy = rows
            let result = try body(&copy)
            rows = copy
            return result
        }
    }
}

/// Daily journals on a shelf, one per day.
struct ShelfJournalRepository: JournalRepository {
    let shelf: JournalShelf

    func journal(on day: LocalDay) async throws -> DailyJournal? {
        try shelf.transaction { rows in try rows[day].map(Self.decode) }
    }

    func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] {
        try shelf.transaction { rows in
            try rows.filter { days.contains($0.key) }.sorted { $0.key < $1.key }.map { try Self.decode($0.value) }
        }
    }

    func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        try shelf.transaction { rows in
            var journal = try rows[day].map(Self.decode)
            let result = try change(&journal)
            try JournalRepositoryError.check(journal, isFor: day)
            if let journal {
                rows[day] = try JSONEncoder().encode(journal)
            }
            return result
        }
    }

    private static func decode(_ data: Data) throws -> DailyJournal {
        try JSONDecoder().decode(DailyJournal.self, from: data)
    }
}

/// How a use case changes a journal: the article's first example.
func toggle(_ tag: JournalTag, on day: LocalDay, in journals: any JournalRepository) async throws -> DailyJournal {
    return try await journals.update(day) { stored in
        var journal = stored ?? DailyJournal(day: day)
        journal.toggle(tag)
        stored = journal
        return journal
    }
}

@Test(arguments: JournalRepositoryContract.cases)
func journalRepositoryContract(_ rule: ContractCase<any JournalRepository>) async throws {
    try await rule.run(AdapterFactory {
        let shelf = JournalShelf()
        return ContractStore(subject: ShelfJournalRepository(shelf: shelf)) {
            ShelfJournalRepository(shelf: shelf)
        }
    })
}

@Test("the article's toggle, on its adapter, keeps the tag on the day")
func toggleOnTheShelf() async throws {
    let journals = ShelfJournalRepository(shelf: JournalShelf())
    let day = LocalDay("2026-11-21")!
    #expect(try await toggle(.coffee, on: day, in: journals).tags.contains("coffee"))
    #expect(try await journals.journal(on: day)?.tags.contains("coffee") == true)
    #expect(try await !toggle(.coffee, on: day, in: journals).tags.contains("coffee"))
}
