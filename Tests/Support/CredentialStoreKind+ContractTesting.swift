import WellnessApplication
import WellnessContractTesting

// MARK: - Contract factory

extension CredentialStoreKind {
    /// Credential stores for the contract cases: each a fresh `makeStore()`, whose second
    /// handles come from `reopen(_:)` (for in-memory, the same instance).
    public func factory() -> AdapterFactory<any CredentialStore> {
        AdapterFactory {
            let store = try makeStore()
            return ContractStore(subject: store.credentials) { try reopen(store).credentials }
        }
    }
}
