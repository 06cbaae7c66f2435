import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `ExerciseRepositoryContract`, each rule on a fresh store.
@Suite("ExerciseRepository contract")
struct ExerciseRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, ExerciseRepositoryContract.cases)
    func exercises(kind: AdapterKind, rule: ContractCase<any ExerciseRepository>) async throws {
        try await rule.run(kind.factory(\.exercises))
    }
}
