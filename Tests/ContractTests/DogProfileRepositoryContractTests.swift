import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `DogProfileRepositoryContract`, each rule on a fresh store.
@Suite("DogProfileRepository contract")
struct DogProfileRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, DogProfileRepositoryContract.cases)
    func dogProfile(kind: AdapterKind, rule: ContractCase<any DogProfileRepository>) async throws {
        try await rule.run(kind.factory(\.dogProfile))
    }
}
