/// One rule of a port's contract: a named check that runs against any adapter of that port.
///
/// Every contract (``ModuleSettingsRepositoryContract``, ``WeightRepositoryContract``, …) lists
/// its rules in `cases`. A case checks with Swift Testing's `#expect` and `#require`, so its
/// issues are recorded against the test that runs it: a failing case names the rule, the line
/// of the expectation and the values that broke it.
///
/// An adapter's own test target proves the adapter by running every case against it, each
/// case on a fresh store:
///
/// ```swift
/// import Foundation
/// import Testing
/// import WellnessApplication
/// import WellnessContractTesting
///
/// @Test(arguments: ModuleSettingsRepositoryContract.cases)
/// func moduleSettings(rule: ContractCase<any ModuleSettingsRepository>) async throws {
///     try await rule.run(AdapterFactory {
///         let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
///         return ContractStore(subject: try CloudModuleSettingsRepository(folder: folder)) {
///             try CloudModuleSettingsRepository(folder: folder)  // a second handle on the same data
///         }
///     })
/// }
/// ```
///
/// An adapter that keeps its data in memory passes `ContractStore.inMemory(adapter)` instead.
public struct ContractCase<Subject: Sendable>: Sendable, CustomStringConvertible {
    /// What the rule says, e.g. "a throwing update saves nothing".
    public let name: String
    private let body: @Sendable (AdapterFactory<Subject>) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (AdapterFactory<Subject>) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// The rule's name, which Swift Testing shows for the case.
    public var description: String { name }

    /// Checks the rule on stores made by `factory`, recording an issue for each expectation the
    /// adapter breaks; rethrows what the adapter throws.
    public func run(_ factory: AdapterFactory<Subject>) async throws {
        try await body(factory)
    }
}
