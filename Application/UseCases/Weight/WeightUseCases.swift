import Foundation
import WellnessDomain

/// Records a weigh-in typed in by the person.
public struct AddWeight: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// Saves `kilograms` at `date` (now when `nil`); refuses a weight out of range and a
    /// duplicate of a stored weigh-in (``WeightError/duplicate(existing:)``).
    public func execute(kilograms: Double, at date: Date? = nil, note: String? = nil) async throws -> WeightEntry {
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let entry = try WeightEntry(date: date ?? time.now(), kilograms: kilograms, note: trimmed, source: .manual)
        let inserted = try await weights.importEntries(commit: true) { try $0.insert([entry]) }
        guard inserted == 1 else { throw WeightError.duplicate(existing: nil) }
        return entry
    }
}

/// Weigh-ins, oldest first: all of them, or those of the last N local days (today included).
public struct ListWeights: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    public func execute(days: Int? = nil) async throws -> [WeightEntry] {
        guard let days else { return try await weights.entries(since: nil) }
        precondition(days > 0, "days must be positive")
        let first = time.today().adding(days: -(days - 1))
        return try await weights.entries(since: first.start(in: time.calendar))
    }
}

/// Deletes a weigh-in by id or id prefix (4+ characters).
public struct RemoveWeight: Sendable {
    let weights: any WeightRepository

    public init(weights: any WeightRepository) {
        self.weights = weights
    }

    /// The entry `reference` names; ``WeightError/notFound(_:)`` or
    /// ``WeightError/ambiguous(_:candidates:)`` otherwise.
    public func find(_ reference: String) async throws -> WeightEntry {
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard key.count >= 4 else { throw WeightError.notFound(reference) }
        let matches = try await weights.entries(idPrefix: key, limit: 6)
        if let exact = matches.first(where: { $0.id.description == key }) { return exact }
        guard let match = matches.first else { throw WeightError.notFound(reference) }
        guard matches.count == 1 else { throw WeightError.ambiguous(reference, candidates: matches.map(\.id)) }
        return match
    }

    /// Removes the entry `reference` names and returns it.
    @discardableResult
    public func execute(_ reference: String) async throws -> WeightEntry {
        let entry = try await find(reference)
        guard try await weights.remove(entry.id) else { throw WeightError.notFound(reference) }
        return entry
    }
}

/// The latest weigh-in, the change over 7 and 30 days, and the current 7-day average.
public struct GetWeightTrend: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    public func execute() async throws -> WeightTrend {
        guard let latest = try await weights.latest(atOrBefore: nil) else {
            return WeightTrend(entries: [], calendar: time.calendar)
        }
        // Only what the trend needs: the last entry at or before each cutoff, and the last 7 days.
        let base7 = try await weights.latest(atOrBefore: latest.date.addingTimeInterval(-7 * 86_400))
        let base30 = try await weights.latest(atOrBefore: latest.date.addingTimeInterval(-30 * 86_400))
        let windowStart = LocalDay(latest.date, in: time.calendar).adding(days: -6).start(in: time.calendar)
        var entries = try await weights.entries(since: windowStart)
        for base in [base30, base7].compactMap({ $0 }) where base.date < windowStart { entries.append(base) }
        return WeightTrend(entries: entries, calendar: time.calendar)
    }
}
