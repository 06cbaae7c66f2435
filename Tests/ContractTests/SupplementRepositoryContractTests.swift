import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `SupplementRepositoryContract`, each rule on a fresh store.
@Suite("SupplementRepository contract")
struct SupplementRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, SupplementRepositoryContract.cases)
    func supplements(kind: AdapterKind, rule: ContractCase<any SupplementRepository>) async throws {
        try await rule.run(kind.factory(\.supplements))
    }
}
