import Foundation
import WellnessDomain

/// Stores health samples imported from a health platform's export. No two stored samples share
/// a ``HealthSample/key`` (kind, source, start, end and value).
///
/// It is kept with the weigh-ins (``WeightRepository``), so that an import saves the samples
/// and the weigh-ins of one export together: all of them, or, when anything fails, none.
public protocol HealthRepository: Sendable {
    /// The samples of `kinds` that start in `interval` (half-open: a sample starting at its end
    /// is not in it), earliest first (``HealthSample/order(_:_:)``).
    func samples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) async throws -> [HealthSample]

    /// Whether any sample is stored: whether health data was ever imported.
    func hasSamples() async throws -> Bool

    /// How many stored samples `selection` takes.
    func countSamples(_ selection: HealthSampleSelection) async throws -> Int

    /// Removes the samples `selection` takes, all in one transaction, and returns how many;
    /// weigh-ins an import brought stay (they are the weight tracker's).
    func removeSamples(_ selection: HealthSampleSelection) async throws -> Int

    /// Runs `body` in one write transaction covering the samples and the weigh-ins: everything
    /// it inserts is saved together when `body` returns, nothing when it throws. `body` runs
    /// synchronously and may take long (a whole export is streamed through it).
    func importSamples<Result: Sendable>(_ body: @Sendable (any HealthInserting) throws -> Result) async throws -> Result
}

/// Inserts inside ``HealthRepository/importSamples(_:)``.
public protocol HealthInserting {
    /// Inserts each of `samples` unless one with the same key is stored already (before, earlier
    /// in this transaction, or earlier in `samples`); returns how many were inserted. Importers
    /// pass samples a few dozen at a time.
    func insert(_ samples: [HealthSample]) throws -> Int

    /// Inserts weigh-ins in the same transaction, by the weight store's rule
    /// (``WeightInserting/insert(_:)``).
    var weights: any WeightInserting { get }
}
