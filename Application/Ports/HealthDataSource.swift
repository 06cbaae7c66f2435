import Foundation
import WellnessDomain

/// Health data from the platform (Apple Health on iOS), used only to jog the memory on
/// catch-up cards. Each kind of data needs its own authorisation. Intervals are half-open,
/// like sections: a sample at `interval.end` belongs to the next interval, not this one.
public protocol HealthDataSource: Sendable {
    /// Whether the person allowed reading this kind of data.
    func isAuthorized(_ type: HealthHintType) async -> Bool

    /// Workouts that started in `interval`: how many, and their total minutes.
    func workoutSummary(in interval: DateInterval) async throws -> (count: Int, minutes: Int)

    /// Litres of water logged in `interval`.
    func waterLiters(in interval: DateInterval) async throws -> Double

    /// Minutes of mindful sessions in `interval`.
    func mindfulMinutes(in interval: DateInterval) async throws -> Int

    /// Minutes asleep in stretches of sleep that ended in `interval` (a night shows on the
    /// morning it ends).
    func sleepMinutes(in interval: DateInterval) async throws -> Int
}
