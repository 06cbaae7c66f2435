import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `AccountRepositoryContract`, each rule on a fresh store.
@Suite("AccountRepository contract")
struct AccountRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, AccountRepositoryContract.cases)
    func accounts(kind: AdapterKind, rule: ContractCase<any AccountRepository>) async throws {
        try await rule.run(kind.serverFactory(\.accounts))
    }
}
