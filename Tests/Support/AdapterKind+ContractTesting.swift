import WellnessContractTesting
import WellnessDomain

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

    /// Stores for the tracker-write contract (`RecordRepositoryContract.trackerCases`): `kind`'s
    /// records beside the same store's module settings.
    public func trackerFactory<Kind: RecordKind>(_ kind: Kind.Type) -> AdapterFactory<TrackedRecords<Kind>> {
        factory { TrackedRecords(records: $0.records.repository(for: kind), modules: $0.moduleSettings) }
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
