import Foundation
import WellnessApplication
import WellnessDomain

/// Weigh-ins held as a value, with the queries of ``WeightRepository``: what the in-memory and
/// JSON-file stores keep (one implementation of the rules for both).
public struct WeightCollection: Sendable, Equatable, Codable {
    /// Oldest first (ties by id).
    public private(set) var entries: [WeightEntry] = []
    private var keys: Set<WeightEntry.DuplicateKey> = []

    /// Holds `entries`, oldest first; of entries with the same duplicate key, only the first is kept.
    public init(_ entries: [WeightEntry] = []) {
        for entry in entries { _ = insertUnlessDuplicate(entry) }
        self.entries.sort(by: Self.order)
    }

    static func order(_ a: WeightEntry, _ b: WeightEntry) -> Bool {
        (a.date, a.id.description) < (b.date, b.id.description)
    }

    /// Adds `entry` unless one with the same duplicate key is held; keeps the order.
    public mutating func insertUnlessDuplicate(_ entry: WeightEntry) -> Bool {
        guard keys.insert(entry.duplicateKey).inserted else { return false }
        if let last = entries.last, Self.order(entry, last) {
            var low = 0, high = entries.count // first index whose entry comes after `entry`
            while low < high {
                let middle = (low + high) / 2
                if Self.order(entry, entries[middle]) { high = middle } else { low = middle + 1 }
            }
            entries.insert(entry, at: low)
        } else {
            entries.append(entry)
        }
        return true
    }

    /// Removes the entry with `id`; false when there is none.
    public mutating func remove(_ id: WeightEntry.ID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        keys.remove(entries.remove(at: index).duplicateKey)
        return true
    }

    /// The entries at or after `start`, oldest first; all of them when `start` is `nil`.
    public func entries(since start: Date?) -> [WeightEntry] {
        guard let start else { return entries }
        return entries.filter { $0.date >= start }
    }

    /// The latest entry at or before `date`; the latest of all when `date` is `nil`.
    public func latest(atOrBefore date: Date?) -> WeightEntry? {
        guard let date else { return entries.last }
        return entries.last { $0.date <= date }
    }

    /// The first `limit` entries, oldest first, whose id starts with `prefix` (lower-case hex, hyphens
    /// ignored); none when `prefix` holds any other character.
    public func entries(idPrefix prefix: String, limit: Int) -> [WeightEntry] {
        let digits = prefix.filter { $0 != "-" }
        guard digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return [] }
        return Array(entries.filter { $0.id.description.filter { $0 != "-" }.hasPrefix(digits) }.prefix(max(0, limit)))
    }

    // Stored as the list of entries; the keys are rebuilt, and a list with two entries of one
    // duplicate key is refused rather than silently merged.
    public init(from decoder: any Decoder) throws {
        let list = try [WeightEntry](from: decoder)
        self.init(list)
        guard entries.count == list.count else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "two weigh-ins share a minute and a weight (to 0.01 kg)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }

    public static func == (lhs: WeightCollection, rhs: WeightCollection) -> Bool { lhs.entries == rhs.entries }
}

extension WeightCollection {
    /// Inserts into a copy of a collection, for stores that keep the copy only when an
    /// import commits.
    public final class Inserter: WeightInserting {
        /// The collection with everything inserted so far.
        public private(set) var collection: WeightCollection

        /// Starts from a copy of `collection`; the original is not changed.
        public init(_ collection: WeightCollection) { self.collection = collection }

        public func insert(_ entries: [WeightEntry]) -> Int {
            entries.reduce(0) { $0 + (collection.insertUnlessDuplicate($1) ? 1 : 0) }
        }
    }
}
