import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in credential store keeps the `CredentialStoreContract`, each rule on a fresh store.
@Suite("CredentialStore contract")
struct CredentialStoreContractTests {
    @Test(arguments: CredentialStoreKind.allCases, CredentialStoreContract.cases)
    func credentials(kind: CredentialStoreKind, rule: ContractCase<any CredentialStore>) async throws {
        try await rule.run(kind.factory())
    }
}
