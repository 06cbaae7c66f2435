import Foundation
import WellnessApplication
import WellnessDomain

/// Health data held in memory: for tests, demos, and platforms without a health store.
/// Nothing is authorised until `authorize` is called.
public actor InMemoryHealthDataSource: HealthDataSource {
    private var authorized: Set<HealthHintType>
    private var workouts: [DateInterval] = []
    private var water: [(date: Date, liters: Double)] = []
    private var mindful: [DateInterval] = []
    private var sleep: [DateInterval] = []

    /// No data; only the types in `authorized` are authorised.
    public init(authorized: Set<HealthHintType> = []) {
        self.authorized = authorized
    }

    /// Authorises reading `type`.
    public func authorize(_ type: HealthHintType) { authorized.insert(type) }

    /// Adds a workout over `interval`; it counts in the window its start falls in.
    public func addWorkout(_ interval: DateInterval) { workouts.append(interval) }
    /// Adds `liters` of water drunk at `date`.
    public func addWater(liters: Double, at date: Date) { water.append((date, liters)) }
    /// Adds a mindful session over `interval`; it counts in the window its start falls in.
    public func addMindfulSession(_ interval: DateInterval) { mindful.append(interval) }
    /// Adds sleep over `interval`; it counts in the window its end falls in.
    public func addSleep(_ interval: DateInterval) { sleep.append(interval) }

    /// Sections are half-open: a reading at a section's end belongs to the next one.
    static func halfOpen(_ interval: DateInterval, contains date: Date) -> Bool {
        interval.start <= date && date < interval.end
    }

    public func isAuthorized(_ type: HealthHintType) -> Bool { authorized.contains(type) }

    public func workoutSummary(in interval: DateInterval) -> (count: Int, minutes: Int) {
        let inside = workouts.filter { Self.halfOpen(interval, contains: $0.start) }
        return (inside.count, Int(inside.reduce(0) { $0 + $1.duration } / 60))
    }

    public func waterLiters(in interval: DateInterval) -> Double {
        water.filter { Self.halfOpen(interval, contains: $0.date) }.reduce(0) { $0 + $1.liters }
    }

    public func mindfulMinutes(in interval: DateInterval) -> Int {
        Int(mindful.filter { Self.halfOpen(interval, contains: $0.start) }.reduce(0) { $0 + $1.duration } / 60)
    }

    /// Sleep that ended in the window (half-open, like the window itself).
    public func sleepMinutes(in interval: DateInterval) -> Int {
        Int(sleep.filter { interval.start <= $0.end && $0.end < interval.end }.reduce(0) { $0 + $1.duration } / 60)
    }
}
