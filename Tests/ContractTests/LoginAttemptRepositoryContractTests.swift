import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessInMemory

/// The in-memory failed logins (one server process's) keep the `LoginAttemptRepositoryContract`;
/// the PostgreSQL ones run it in the PostgreSQL tests.
@Suite("LoginAttemptRepository contract")
struct LoginAttemptRepositoryContractTests {
    @Test(arguments: LoginAttemptRepositoryContract.cases)
    func inMemory(rule: ContractCase<any LoginAttemptRepository>) async throws {
        try await rule.run(AdapterFactory { .inMemory(InMemoryLoginAttemptRepository()) })
    }
}
