import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `JournalRepositoryContract`, each rule on a fresh store.
@Suite("JournalRepository contract")
struct JournalRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, JournalRepositoryContract.cases)
    func journals(kind: AdapterKind, rule: ContractCase<any JournalRepository>) async throws {
        try await rule.run(kind.factory(\.journals))
    }
}
