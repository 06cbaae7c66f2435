import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// Generated stores, exported and imported into a fresh store in another zone: the same entries
/// every time, whatever the dates (years 2…9998 and both ends of the range), the zones
/// (Chatham's +12:45, Kiritimati's +14, Baker Island's −12, local mean times before 1900)
/// and the notes (quotes, both separators, formula triggers, full-width signs, unicode).
@Suite("Weight export → import: a property over generated stores")
struct WeightRoundTripPropertyTests {
    static let zones = ["Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+12", "Europe/Amsterdam", "America/New_York",
                        "Asia/Kathmandu", "UTC", "Australia/Lord_Howe"]
    static let pieces = ["\"", "\"\"", ",", ";", "=", "+", "-", "@", "＝", "＋", "－", "＠", " ", "\t", "\n", "'",
                         "=cmd|' /C calc'!A0", "ok;=1+1", " =SUM(A1)", "é", "😀", "e\u{301}", "日本", "שלום", "a", "70,5"]

    /// A "now" after every generated date, so that none is refused as lying in the future.
    static let now = "9999-06-01T00:00:00Z"

    /// Instants that are in the years 1…9999 in every zone: 0002-01-01 … 9998-12-31 (UTC).
    static let safeMillis: ClosedRange<Int64> = -62_104_060_800_000...253_370_764_799_999

    static func note(_ random: inout SeededGenerator) -> String? {
        guard Int.random(in: 0..<4, using: &random) > 0 else { return nil }
        let note = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        // A note of whitespace alone is stored as no note: leave that rule to its own tests.
        return note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : note
    }

    @Test("export then import into a fresh store in another zone gives the same entries", arguments: 0..<12)
    func roundTrip(seed: UInt64) async throws {
        var random = SeededGenerator(seed: 1_000 + seed)
        let from = Self.zones[Int(seed) % Self.zones.count]
        let to = Self.zones[(Int(seed) * 3 + 1) % Self.zones.count]
        var entries: [WeightEntry] = []
        var keys = Set<WeightEntry.DuplicateKey>()
        // Each run also holds instants near both ends and around this year's changes of clocks.
        let fixed: [Int64] = [Self.safeMillis.lowerBound, Self.safeMillis.upperBound, 1_774_746_000_000, 1_792_889_999_999,
                              -12_219_292_800_000, 0, -1]
        let generated = (0..<150).map { _ in
            Bool.random(using: &random) ? Int64.random(in: Self.safeMillis, using: &random)
                : Int64.random(in: 1_700_000_000_000...1_800_000_000_000, using: &random)
        }
        for millis in fixed + generated {
            let kilograms = (Double.random(in: 0.001...700, using: &random) * 1000).rounded() / 1000
            let entry = try WeightEntry(date: Timestamp.fromMilliseconds(millis), kilograms: max(kilograms, 0.001),
                                        note: Self.note(&random), source: .imported)
            if keys.insert(entry.duplicateKey).inserted { entries.append(entry) }
        }
        let source = WeightWorld(now: Self.now, zone: from)
        try await source.store(entries)
        let exported = try await source.exportedBytes().bytes
        let target = WeightWorld(now: Self.now, zone: to)
        let report = try await target.importing(exported, chunkSize: Int.random(in: 1...4096, using: &random))
        #expect(report.imported == entries.count, "\(from) → \(to)")
        #expect(report.skipped.isEmpty)
        let expected = try await source.stored().map(WeighIn.init)
        #expect(try await target.stored().map(WeighIn.init) == expected, "\(from) → \(to)")
        // And back again: the second export is the first one, byte for byte, when the zones agree.
        let back = WeightWorld(now: Self.now, zone: from)
        _ = try await back.importing(try await target.exportedBytes().bytes)
        #expect(try await back.exportedBytes().bytes == exported, "\(from) → \(to) → \(from)")
    }
}
