/// Makes the store a contract case runs against: every call gives a fresh, empty store.
///
/// A case calls it once, or once more for each further fresh store it needs (a case that
/// checks a rule on several stores in turn), so no case ever sees another case's data.
public struct AdapterFactory<Subject: Sendable>: Sendable {
    private let makeStore: @Sendable () async throws -> ContractStore<Subject>

    /// A factory that calls `makeStore` for each fresh store.
    public init(_ makeStore: @escaping @Sendable () async throws -> ContractStore<Subject>) {
        self.makeStore = makeStore
    }

    /// A fresh, empty store with the adapter under test.
    public func make() async throws -> ContractStore<Subject> {
        try await makeStore()
    }
}
