import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `InterventionLogRepositoryContract`, each rule on a fresh store.
@Suite("InterventionLogRepository contract")
struct InterventionLogRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, InterventionLogRepositoryContract.cases)
    func interventionLog(kind: AdapterKind, rule: ContractCase<any InterventionLogRepository>) async throws {
        try await rule.run(kind.factory(\.interventionLog))
    }
}
