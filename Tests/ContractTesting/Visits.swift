import Foundation
import WellnessDomain

/// Entries seen by a `forEachEntry` body (which must be `Sendable`).
final class Visits: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [WeightEntry] = []

    func append(_ entry: WeightEntry) {
        lock.lock()
        defer { lock.unlock() }
        seen.append(entry)
    }

    var entries: [WeightEntry] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
