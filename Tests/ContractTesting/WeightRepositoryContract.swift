import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `WeightRepository` adapter keeps: entries come back exactly (to the
/// millisecond and bit for bit), ordered by time then id, found by range, latest and id
/// prefix; no two stored entries share a duplicate key; imports are one transaction that
/// saves nothing when it throws or is a dry run; and nothing is lost to racing handles.
public enum WeightRepositoryContract {
    typealias Case = ContractCase<any WeightRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any WeightRepository>] = [
        empty, exactRoundTrip, extremeValuesRoundTrip,
        ordering, sinceBoundaries, latestBoundaries, subMillisecondBounds,
        idPrefix, idPrefixWithoutDashes, remove,
        insertCounts, manyBatchesOneTransaction, duplicateKey,
        dryRun, throwingBodySavesNothing, largeBatches,
        forEachEntry, persistence, concurrentImports,
    ]

    // MARK: - Fixtures

    /// An entry at an ISO 8601 instant.
    static func entry(_ iso: String, _ kilograms: Double, note: String? = nil, source: WeightEntry.Source = .manual,
                      id: String? = nil) throws -> WeightEntry {
        let id = id.map { WeightEntry.ID(Fixtures.uuid($0)) } ?? WeightEntry.ID()
        return try WeightEntry(id: id, date: Fixtures.instant(iso), kilograms: kilograms, note: note, source: source)
    }

    /// `count` entries one minute apart from 2026-01-01T06:00Z, each a different weight.
    static func series(_ count: Int, from start: String = "2026-01-01T06:00:00.000Z",
                       kilograms: Double = 60) -> [WeightEntry] {
        let first = Fixtures.instant(start)
        return (0..<count).map { index in
            WeightEntry(unchecked: .init(), date: first.addingTimeInterval(Double(index) * 60 + 0.25),
                        kilograms: kilograms + Double(index) / 100, note: "entry \(index)", source: .imported)
        }
    }

    /// Several in one minute with different weights, two at one instant; ids chosen so that
    /// id order, weight order and insertion order all differ from time order.
    static func minuteCluster() throws -> [WeightEntry] {
        try [
            entry("2026-11-20T08:00:10.000Z", 72.0, id: "ffffffff-0000-4000-8000-000000000001"),
            entry("2026-11-20T08:00:30.000Z", 71.0, id: "0a000000-0000-4000-8000-000000000002"),
            entry("2026-11-20T08:00:30.000Z", 71.5, id: "09ffffff-ffff-4fff-bfff-ffffffffffff"),
            entry("2026-11-20T08:00:30.001Z", 69.5, id: "00000000-0000-4000-8000-000000000004"),
            entry("2026-11-20T08:00:59.999Z", 68.0, id: "80000000-0000-4000-8000-000000000005"),
            entry("2026-11-20T08:01:00.000Z", 73.0, id: "10000000-0000-4000-8000-000000000006"),
            entry("2026-11-19T21:00:00.000Z", 74.0, id: "20000000-0000-4000-8000-000000000007"),
        ]
    }

    /// Entries whose ids share prefixes of different lengths.
    static func idEntries() throws -> [WeightEntry] {
        try [
            entry("2026-11-20T08:00:00.000Z", 70, id: "abcd1234-5678-4abc-8def-000000000001"),
            entry("2026-11-20T08:00:00.000Z", 71, id: "abcd5678-0000-4000-8000-000000000002"),
            entry("2026-11-18T08:00:00.000Z", 72, id: "abce0000-0000-4000-8000-000000000003"),
            entry("2026-11-19T08:00:00.000Z", 73, id: "0bcd0000-0000-4000-8000-000000000004"),
        ]
    }

    /// Inserts `entries` in one committed import; returns how many were inserted.
    @discardableResult
    static func insert(_ entries: [WeightEntry], into weights: any WeightRepository) async throws -> Int {
        try await weights.importEntries(commit: true) { try $0.insert(entries) }
    }

    static func all(_ weights: any WeightRepository) async throws -> [WeightEntry] {
        try await weights.entries(since: nil)
    }

    static func byID(_ entries: [WeightEntry]) -> [WeightEntry] {
        entries.sorted { $0.id.description < $1.id.description }
    }

    // MARK: - Empty store

    static let empty = Case("an empty store has no entries, no latest, no id matches and removes nothing") { factory in
        let store = try await factory.make()
        let weights = store.subject
        #expect(try await weights.entries(since: nil).isEmpty)
        #expect(try await weights.entries(since: Fixtures.instant("2026-01-01T00:00:00Z")).isEmpty)
        #expect(try await weights.latest(atOrBefore: nil) == nil)
        #expect(try await weights.latest(atOrBefore: Fixtures.instant("2026-01-01T00:00:00Z")) == nil)
        #expect(try await weights.entries(idPrefix: "", limit: 10).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd", limit: 10).isEmpty)
        #expect(try await weights.remove(WeightEntry.ID()) == false)
        let visits = Visits()
        try await weights.forEachEntry { visits.append($0) }
        #expect(visits.entries.isEmpty)
        #expect(try await weights.importEntries(commit: true) { try $0.insert([]) } == 0)
        #expect(try await all(weights).isEmpty)
        withExtendedLifetime(store) {}
    }
}
