import WellnessContractTesting

// MARK: - Contract factories

extension AdapterKind {
    /// Stores for the contract cases: each a fresh `makeStore()` seen through `port`, whose
    /// second handles come from `reopen(_:)` (for in-memory, the same instances).
    public func factory<Subject: Sendable>(
        _ port: @escaping @Sendable (TestStore) -> Subject
    ) -> AdapterFactory<Subject> {
        AdapterFactory {
            let store = try makeStore()
            return ContractStore(subject: port(store)) { port(try reopen(store)) }
        }
    }

    /// Server stores for the contract cases: each a fresh `makeServerStore()` seen through
    /// `port`, whose second handles come from `reopen(_:)`.
    public func serverFactory<Subject: Sendable>(
        _ port: @escaping @Sendable (ServerTestStore) -> Subject
    ) -> AdapterFactory<Subject> {
        AdapterFactory {
            let store = try makeServerStore()
            return ContractStore(subject: port(store)) { port(try reopen(store)) }
        }
    }
}
