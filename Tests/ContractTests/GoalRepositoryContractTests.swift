import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `GoalRepositoryContract`, each rule on a fresh store.
@Suite("GoalRepository, TipsCacheRepository and MoodRepository contract")
struct GoalRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, GoalRepositoryContract.cases)
    func goals(kind: AdapterKind, rule: ContractCase<GoalTipsRepositories>) async throws {
        try await rule.run(kind.factory { GoalTipsRepositories(goals: $0.goals, moods: $0.moods) })
    }
}
