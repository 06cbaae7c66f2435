import Foundation
import WellnessApplication
import WellnessContractTesting
import WellnessInMemory
import WellnessJSONFile

/// The built-in tips consent stores.
public enum TipsConsentKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile

    public var description: String { rawValue }

    /// Consent stores for the contract cases: each on a fresh temporary directory, whose second
    /// handles open the same file (for in-memory, the same instance).
    public func factory() -> AdapterFactory<any TipsConsentRepository> {
        AdapterFactory {
            switch self {
            case .inMemory:
                return ContractStore.inMemory(InMemoryTipsConsentRepository() as any TipsConsentRepository)
            case .jsonFile:
                let directory = try TemporaryDirectory()
                let open = { @Sendable () throws -> any TipsConsentRepository in
                    JSONFileTipsConsentRepository(store: try JSONFileStore(directory: directory.url))
                }
                return ContractStore(subject: try open()) { _ = directory; return try open() }
            }
        }
    }
}
