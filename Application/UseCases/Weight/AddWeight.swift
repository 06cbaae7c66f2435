import Foundation
import WellnessDomain

/// Records a weigh-in typed in by the person.
public struct AddWeight: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    /// A use case on `weights`, with now from `time`.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// Saves `kilograms` at `date` (now when `nil`); refuses a weight out of range and a
    /// duplicate of a stored weigh-in (``WeightError/duplicate(existing:)``).
    public func execute(kilograms: Double, at date: Date? = nil, note: String? = nil) async throws -> WeightEntry {
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let entry = try WeightEntry(date: try date.map(time.recordable) ?? time.now(), kilograms: kilograms, note: trimmed, source: .manual)
        let inserted = try await weights.importEntries(commit: true) { try $0.insert([entry]) }
        guard inserted == 1 else { throw WeightError.duplicate(existing: nil) }
        return entry
    }
}
