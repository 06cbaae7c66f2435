// The code of WellnessContractTesting.docc/WellnessContractTesting.md, compiled and run so the
// article stays true (`.ci/check-doc-snippets` checks that every block of it is here).
import Testing
import WellnessApplication
import WellnessDomain
import WellnessContractTesting

/// "Your" repository in the article: here the one the WritingAnAdapter article builds, on a
/// shelf of its own.
struct MyJournalRepository: JournalRepository {
    private let shelf = ShelfJournalRepository(shelf: JournalShelf())

    func journal(on day: LocalDay) async throws -> DailyJournal? { try await shelf.journal(on: day) }

    func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] { try await shelf.journals(on: days) }

    func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        try await shelf.update(day, change)
    }
}

@Test(arguments: JournalRepositoryContract.cases)
func journalRepository(_ rule: ContractCase<any JournalRepository>) async throws {
    try await rule.run(AdapterFactory { .inMemory(MyJournalRepository()) })
}
