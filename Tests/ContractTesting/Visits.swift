import Foundation
import WellnessDomain

/// The entries a `forEachEntry` body saw, in the order it saw them (the body must be
/// `Sendable`, so it cannot append to a local array).
public final class Visits: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [WeightEntry] = []

    /// None seen yet.
    public init() {}

    /// Records one more entry.
    public func append(_ entry: WeightEntry) { lock.withLock { seen.append(entry) } }

    /// Every entry seen, in order.
    public var entries: [WeightEntry] { lock.withLock { seen } }
}
