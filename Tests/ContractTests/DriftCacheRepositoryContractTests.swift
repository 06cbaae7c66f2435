import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `DriftCacheRepositoryContract`, each rule on a fresh store.
@Suite("DriftCacheRepository contract")
struct DriftCacheRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, DriftCacheRepositoryContract.cases)
    func driftCache(kind: AdapterKind, rule: ContractCase<any DriftCacheRepository>) async throws {
        try await rule.run(kind.factory(\.driftCache))
    }
}
