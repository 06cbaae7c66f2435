import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `HealthRepositoryContract`, each rule on a fresh store.
@Suite("HealthRepository contract")
struct HealthRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, HealthRepositoryContract.cases)
    func health(kind: AdapterKind, rule: ContractCase<HealthRepositories>) async throws {
        try await rule.run(kind.factory { store in HealthRepositories(health: store.health, weights: store.weights) })
    }
}
