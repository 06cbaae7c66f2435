import Foundation
import WellnessApplication
import WellnessDomain

/// Health samples held as a value, with the queries of ``HealthRepository``: what the in-memory
/// and JSON-file stores keep (one implementation of the rules for both).
public struct HealthCollection: Sendable, Equatable, Codable {
    /// In ``HealthSample/order(_:_:)``.
    public private(set) var samples: [HealthSample] = []
    private var keys: Set<HealthSample.Key> = []

    /// Holds `samples`, sorted; of samples with the same key, only the first is kept.
    public init(_ samples: [HealthSample] = []) {
        for sample in samples where keys.insert(sample.key).inserted { self.samples.append(sample) }
        self.samples.sort(by: HealthSample.order)
    }

    /// Whether it holds no samples.
    public var isEmpty: Bool { samples.isEmpty }

    /// The samples of `kinds` that start in `interval` (its end excluded), in order.
    public func samples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) -> [HealthSample] {
        var low = 0, high = samples.count // the first sample starting at or after the interval
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].start < interval.start { low = middle + 1 } else { high = middle }
        }
        return samples[low...].prefix { $0.start < interval.end }.filter { kinds.contains($0.kind) }
    }

    /// How many samples `selection` takes.
    public func count(_ selection: HealthSampleSelection) -> Int {
        samples.reduce(0) { $0 + (selection.contains($1) ? 1 : 0) }
    }

    /// Removes the samples `selection` takes; returns how many.
    public mutating func remove(_ selection: HealthSampleSelection) -> Int {
        let before = samples.count
        samples.removeAll(where: selection.contains)
        keys = Set(samples.map(\.key))
        return before - samples.count
    }

    // Stored as the list of samples; the keys are rebuilt, and a list with one sample twice is
    // refused rather than silently merged.
    public init(from decoder: any Decoder) throws {
        let list = try [HealthSample](from: decoder)
        self.init(list)
        guard samples.count == list.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a health sample is stored twice"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try samples.encode(to: encoder)
    }

    public static func == (lhs: HealthCollection, rhs: HealthCollection) -> Bool { lhs.samples == rhs.samples }

    /// Inserts into copies of a health collection and a weight collection, for stores that keep
    /// the copies only when an import commits. New samples are sorted in once, at the end.
    public final class Inserter: HealthInserting {
        private var base: HealthCollection
        private var added: [HealthSample] = []
        private let weightInserter: WeightCollection.Inserter

        /// Starts from copies of `collection` and `weights`; the originals are not changed.
        public init(_ collection: HealthCollection, weights: WeightCollection) {
            base = collection
            weightInserter = WeightCollection.Inserter(weights)
        }

        public func insert(_ samples: [HealthSample]) -> Int {
            var inserted = 0
            for sample in samples where base.keys.insert(sample.key).inserted {
                added.append(sample)
                inserted += 1
            }
            return inserted
        }

        public var weights: any WeightInserting { weightInserter }

        /// The health collection with everything inserted.
        public var collection: HealthCollection {
            guard !added.isEmpty else { return base }
            var merged = base
            merged.samples += added
            merged.samples.sort(by: HealthSample.order)
            return merged
        }

        /// The weight collection with everything inserted.
        public var weightCollection: WeightCollection { weightInserter.collection }
    }
}
