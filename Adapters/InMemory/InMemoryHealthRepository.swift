import Foundation
import WellnessApplication
import WellnessDomain

/// Health samples held in memory, with the weigh-ins of an ``InMemoryWeightRepository``: an
/// import saves samples and weigh-ins together.
public struct InMemoryHealthRepository: HealthRepository {
    private let weights: InMemoryWeightRepository

    /// Samples kept with `weights`, where an import's weigh-ins go.
    public init(keptWith weights: InMemoryWeightRepository) {
        self.weights = weights
    }

    public func samples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) async -> [HealthSample] {
        await weights.healthSamples(of: kinds, startingIn: interval)
    }

    public func hasSamples() async -> Bool { await weights.hasHealthSamples() }

    public func countSamples(_ selection: HealthSampleSelection) async -> Int {
        await weights.countHealthSamples(selection)
    }

    public func removeSamples(_ selection: HealthSampleSelection) async -> Int {
        await weights.removeHealthSamples(selection)
    }

    public func importSamples<Result: Sendable>(
        _ body: @Sendable (any HealthInserting) throws -> Result
    ) async throws -> Result {
        try await weights.importHealth(body)
    }
}
