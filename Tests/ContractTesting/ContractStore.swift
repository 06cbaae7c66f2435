/// The adapter under test on a fresh, empty store, and a way to open that store again.
///
/// A contract case saves through ``subject`` and reads back through ``reopen`` to prove that
/// what one handle writes is what another handle, in this process or another, reads.
public struct ContractStore<Subject: Sendable>: Sendable {
    /// The adapter under test, on a store that holds nothing yet.
    public let subject: Subject

    /// Opens a second, independent handle on the same data, as another process would open it
    /// (for a file or database store: new adapter instances on the same files or database).
    public let reopen: @Sendable () async throws -> Subject

    /// A store whose second handles are made by `reopen`.
    public init(subject: Subject, reopen: @escaping @Sendable () async throws -> Subject) {
        self.subject = subject
        self.reopen = reopen
    }

    /// A store that lives in memory, where reopening returns the same instance.
    public static func inMemory(_ subject: Subject) -> ContractStore<Subject> {
        ContractStore(subject: subject) { subject }
    }
}
