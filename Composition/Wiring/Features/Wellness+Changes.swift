import Foundation
import WellnessApplication

extension Wellness {
    /// What changes in the store from now on, to redraw what shows it: every write this
    /// container (or anything else on the same repositories) makes, once it is saved, and what
    /// other processes write to the same SQLite or JSON-file store, checked every `interval`.
    ///
    /// Nothing written after this returns is missed. Iterate it in a task of its own; cancelling
    /// the task (or dropping the sequence) ends it and stops the polling.
    ///
    /// ```swift
    /// for await change in try wellness.changes() where change.touches(MoodRecords.collection) {
    ///     await reloadMoods()
    /// }
    /// ```
    ///
    /// - Throws: when the store cannot be read for the starting point of other processes' writes.
    public func changes(pollingEvery interval: Duration = .seconds(1)) throws -> AsyncStream<StoreChange> {
        try repositories.changes.changes(pollingEvery: interval)
    }
}
