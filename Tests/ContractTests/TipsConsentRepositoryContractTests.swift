import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in tips consent store keeps the `TipsConsentRepositoryContract`, each rule on a fresh store.
@Suite("TipsConsentRepository contract")
struct TipsConsentRepositoryContractTests {
    @Test(arguments: TipsConsentKind.allCases, TipsConsentRepositoryContract.cases)
    func consents(kind: TipsConsentKind, rule: ContractCase<any TipsConsentRepository>) async throws {
        try await rule.run(kind.factory())
    }
}
