import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `CheckinRepositoryContract`, each rule on a fresh store.
@Suite("CheckinRepository contract")
struct CheckinRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, CheckinRepositoryContract.cases)
    func checkins(kind: AdapterKind, rule: ContractCase<any CheckinRepository>) async throws {
        try await rule.run(kind.factory(\.checkins))
    }
}
