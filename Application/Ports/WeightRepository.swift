import Foundation
import WellnessDomain

/// Stores weigh-ins. No two stored entries share a ``WeightEntry/DuplicateKey`` (the same
/// minute and the same weight to 0.01 kg).
public protocol WeightRepository: Sendable {
    /// The entries from `start` on (every entry when `nil`), oldest first (ties by id).
    func entries(since start: Date?) async throws -> [WeightEntry]

    /// The newest entry at or before `date` (the newest of all when `nil`), or `nil` when
    /// there is none.
    func latest(atOrBefore date: Date?) async throws -> WeightEntry?

    /// The entries whose id starts with the hex digits of `prefix` (lower-case; dashes are
    /// ignored, so `abcd1234-56` and `abcd123456` are the same prefix), oldest first, at most
    /// `limit`. A prefix with anything but hex digits and dashes matches nothing.
    func entries(idPrefix prefix: String, limit: Int) async throws -> [WeightEntry]

    /// Deletes the entry; returns whether it existed.
    func remove(_ id: WeightEntry.ID) async throws -> Bool

    /// Calls `body` with every entry, oldest first (ties by id), without holding them all in
    /// memory where the store can avoid it. An error from `body` stops the walk.
    func forEachEntry(_ body: @Sendable (WeightEntry) throws -> Void) async throws

    /// Runs `body` in one write transaction: everything it inserts is saved together when
    /// `commit` is true and `body` returns; nothing is saved when `body` throws or `commit` is
    /// false (a dry run, which still sees its own inserts while it runs). `body` runs
    /// synchronously and may take long (a whole file is streamed through it).
    func importEntries<Result: Sendable>(
        commit: Bool, _ body: @Sendable (any WeightInserting) throws -> Result
    ) async throws -> Result
}

/// Inserts entries inside ``WeightRepository/importEntries(commit:_:)``.
public protocol WeightInserting {
    /// Inserts each of `entries`, in order, unless an entry with the same duplicate key is
    /// stored already (inserted before, earlier in this transaction, or earlier in `entries`);
    /// returns how many were inserted. Stores insert a batch in one step, so importers pass
    /// entries a few dozen at a time.
    func insert(_ entries: [WeightEntry]) throws -> Int
}

/// Weigh-ins held as a value, with the queries of ``WeightRepository``: what the in-memory and
/// JSON-file stores keep (one implementation of the rules for both).
public struct WeightCollection: Sendable, Equatable, Codable {
    /// Oldest first (ties by id).
    public private(set) var entries: [WeightEntry] = []
    private var keys: Set<WeightEntry.DuplicateKey> = []

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

    public mutating func remove(_ id: WeightEntry.ID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        keys.remove(entries.remove(at: index).duplicateKey)
        return true
    }

    public func entries(since start: Date?) -> [WeightEntry] {
        guard let start else { return entries }
        return entries.filter { $0.date >= start }
    }

    public func latest(atOrBefore date: Date?) -> WeightEntry? {
        guard let date else { return entries.last }
        return entries.last { $0.date <= date }
    }

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
        public private(set) var collection: WeightCollection

        public init(_ collection: WeightCollection) { self.collection = collection }

        public func insert(_ entries: [WeightEntry]) -> Int {
            entries.reduce(0) { $0 + (collection.insertUnlessDuplicate($1) ? 1 : 0) }
        }
    }
}
