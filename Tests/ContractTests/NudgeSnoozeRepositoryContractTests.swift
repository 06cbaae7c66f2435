import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `NudgeSnoozeRepositoryContract`, each rule on a fresh store.
@Suite("NudgeSnoozeRepository contract")
struct NudgeSnoozeRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, NudgeSnoozeRepositoryContract.cases)
    func nudgeSnoozes(kind: AdapterKind, rule: ContractCase<any NudgeSnoozeRepository>) async throws {
        try await rule.run(kind.factory(\.nudgeSnoozes))
    }
}
