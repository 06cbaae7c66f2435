import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessTestSupport

/// Every built-in store keeps the `ModuleSettingsRepositoryContract`, each rule on a fresh store.
@Suite("ModuleSettingsRepository contract")
struct ModuleSettingsRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, ModuleSettingsRepositoryContract.cases)
    func moduleSettings(kind: AdapterKind, rule: ContractCase<any ModuleSettingsRepository>) async throws {
        try await rule.run(kind.factory(\.moduleSettings))
    }
}
