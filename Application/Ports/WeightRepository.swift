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
