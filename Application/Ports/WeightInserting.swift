import Foundation
import WellnessDomain

/// Inserts entries inside ``WeightRepository/importEntries(commit:_:)``.
public protocol WeightInserting {
    /// Inserts each of `entries`, in order, unless an entry with the same duplicate key is
    /// stored already (inserted before, earlier in this transaction, or earlier in `entries`);
    /// returns how many were inserted. Stores insert a batch in one step, so importers pass
    /// entries a few dozen at a time.
    func insert(_ entries: [WeightEntry]) throws -> Int
}
