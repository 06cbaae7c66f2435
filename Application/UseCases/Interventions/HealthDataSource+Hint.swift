import Foundation
import WellnessDomain

extension HealthDataSource {
    /// The hint for `type` over `interval`: the reading, or none when unauthorised.
    public func hint(_ type: HealthHintType, in interval: DateInterval) async throws -> HealthHintStatus {
        guard await isAuthorized(type) else { return HealthHintStatus(type: type, reading: nil) }
        switch type {
        case .exercise:
            let summary = try await workoutSummary(in: interval)
            return HealthHintStatus(type: type, reading: .workouts(count: summary.count, minutes: summary.minutes))
        case .water:
            return HealthHintStatus(type: type, reading: .water(liters: try await waterLiters(in: interval)))
        case .mindfulness:
            return HealthHintStatus(type: type, reading: .mindfulness(minutes: try await mindfulMinutes(in: interval)))
        case .sleep:
            return HealthHintStatus(type: type, reading: .sleep(minutes: try await sleepMinutes(in: interval)))
        }
    }
}
