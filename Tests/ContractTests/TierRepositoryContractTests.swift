import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `TierRepositoryContract`, each rule on a fresh store.
@Suite("TierRepository contract")
struct TierRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, TierRepositoryContract.cases)
    func tier(kind: AdapterKind, rule: ContractCase<DriftRepositories>) async throws {
        try await rule.run(kind.factory { store in
            DriftRepositories(tier: store.tier, checkins: store.checkins, driftCache: store.driftCache)
        })
    }
}
