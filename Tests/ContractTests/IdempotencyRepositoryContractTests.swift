import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `IdempotencyRepositoryContract`, each rule on a fresh store.
@Suite("IdempotencyRepository contract")
struct IdempotencyRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, IdempotencyRepositoryContract.cases)
    func idempotency(kind: AdapterKind, rule: ContractCase<SubmissionRepositories>) async throws {
        try await rule.run(kind.factory { store in
            SubmissionRepositories(idempotency: store.idempotency, checkins: store.checkins)
        })
    }
}
