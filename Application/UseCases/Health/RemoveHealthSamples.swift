import Foundation
import WellnessDomain

/// Removes imported health samples: every one, or those of one source or one kind — the way
/// out of a bad import (a watch that recorded nonsense, a sample no summary can add up). Weigh-ins
/// an import brought stay: they are the weight tracker's, removed there.
public struct RemoveHealthSamples: Sendable {
    let health: any HealthRepository

    /// A use case on `health`.
    public init(health: any HealthRepository) {
        self.health = health
    }

    /// Removes what `selection` takes, in one transaction, and returns how many samples that
    /// was; with `dryRun`, removes nothing and returns how many it would remove.
    public func execute(_ selection: HealthSampleSelection, dryRun: Bool = false) async throws -> Int {
        dryRun ? try await health.countSamples(selection) : try await health.removeSamples(selection)
    }
}
