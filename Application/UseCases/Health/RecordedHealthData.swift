import Foundation
import WellnessDomain

/// The ``HealthDataSource`` over imported health data (a ``HealthRepository``): what the deck's
/// hints show. Every kind counts as connected once anything was imported, so a card says
/// "connect" only until the first import.
///
/// In a window: workouts that start in it; water, the largest single source's total of what
/// starts in it; mindful minutes, the union of the sessions that start in it; sleep, the union
/// of the stretches of sleep that end in it (a night's sleep shows on the morning).
public struct RecordedHealthData: HealthDataSource {
    let health: any HealthRepository

    /// The data imported into `health`.
    public init(health: any HealthRepository) {
        self.health = health
    }

    /// Whether anything was imported, whatever `type`; `false` when the store cannot say.
    public func isAuthorized(_ type: HealthHintType) async -> Bool {
        (try? await health.hasSamples()) ?? false
    }

    /// The workouts that start in `interval`: how many, and their total minutes, rounded.
    public func workoutSummary(in interval: DateInterval) async throws -> (count: Int, minutes: Int) {
        let workouts = try await samples(of: .workout, startingIn: interval)
        return (workouts.count, HealthDaySummary.whole(workouts.reduce(0) { $0 + $1.value }))
    }

    /// The largest single source's total of the water samples that start in `interval`; 0 without any.
    public func waterLiters(in interval: DateInterval) async throws -> Double {
        HealthDaySummary.largestSourceTotal(try await samples(of: .water, startingIn: interval)) ?? 0
    }

    /// Minutes of the union of the mindful sessions that start in `interval`, rounded.
    public func mindfulMinutes(in interval: DateInterval) async throws -> Int {
        HealthIntervals.minutes(try await samples(of: .mindfulness, startingIn: interval))
    }

    /// Minutes of the stretches of sleep (overlaps merged) that end in `interval`, rounded.
    public func sleepMinutes(in interval: DateInterval) async throws -> Int {
        let widened = DateInterval(start: interval.start.addingTimeInterval(-HealthDaySummary.lookBack), end: interval.end)
        let stretches = HealthIntervals.union(try await samples(of: .sleep, startingIn: widened).map(\.interval))
        let inside = stretches.filter { interval.start <= $0.end && $0.end < interval.end }
        return HealthDaySummary.whole(inside.reduce(0) { $0 + $1.duration } / 60)
    }

    /// The stored samples of `kind` starting in `interval`, refused with
    /// ``UnusableHealthSampleError`` when one is outside its kind's limits.
    private func samples(of kind: HealthSampleKind, startingIn interval: DateInterval) async throws -> [HealthSample] {
        let samples = try await health.samples(of: [kind], startingIn: interval)
        try UnusableHealthSampleError.check(samples)
        return samples
    }
}
