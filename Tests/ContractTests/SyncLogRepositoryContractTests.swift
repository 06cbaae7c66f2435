import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `SyncLogRepositoryContract`, each rule on a fresh store.
@Suite("SyncLogRepository contract")
struct SyncLogRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, SyncLogRepositoryContract.cases)
    func syncLog(kind: AdapterKind, rule: ContractCase<any SyncLogRepository>) async throws {
        try await rule.run(kind.factory { store in
            guard let log = store.repositories.syncLog else { preconditionFailure("a built-in store without a sync log") }
            return log
        })
    }
}
