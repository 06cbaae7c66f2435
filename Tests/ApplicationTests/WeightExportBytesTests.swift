import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// `ExportWeightCSV` appends its records as bytes, with the zone's offset remembered between
/// changes of clocks: on every kind of store, in every chunk size, the file is byte for byte
/// the one the former record-by-record text (``FormerWeightCSV``) made.
@Suite("Weight export bytes")
struct WeightExportBytesTests {
    static let notes: [String?] = WeightExportTests.hostileNotes + [
        nil, nil, nil, "after a run", "é", "日本語のメモ", "👩‍👩‍👧 family", "\u{FEFF}bom", "tab\tinside", "\u{A0}=x",
        "a\u{301}", "\"quoted\" start", "end \"quoted\"", String(repeating: "long, ", count: 40), "x\u{2028}y",
    ]

    static let zones = ["Europe/Amsterdam", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe",
                        "Africa/Monrovia", "UTC"]

    /// Weigh-ins with every note above, both sources, weights of every kind, and instants at
    /// random from 1900 to 2100, around the changes of clocks of every zone above (± 1 ms,
    /// ± 30 min) and in a dense run (several records a minute) across chunk boundaries.
    static func entries() -> [WeightEntry] {
        var generator = SeededGenerator(seed: 17)
        var millis: [Int64] = []
        for _ in 0..<1500 { millis.append(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) }
        for zone in zones.compactMap(TimeZone.init(identifier:)) {
            var date = Fixtures.instant("1968-01-01T00:00:00Z")
            while let change = zone.nextDaylightSavingTimeTransition(after: date), change < Fixtures.instant("2030-01-01T00:00:00Z") {
                let at = Timestamp.milliseconds(change)
                millis += [at - 1_800_000, at - 1, at, at + 1, at + 1_800_000]
                date = change
            }
        }
        let dense = Timestamp.milliseconds(Fixtures.instant("2024-10-27T00:00:00Z"))
        millis += (0..<600).map { dense + Int64($0) * 7_001 }
        var keys = Set<WeightEntry.DuplicateKey>()
        var entries: [WeightEntry] = []
        for (index, value) in millis.enumerated() {
            let kilograms: Double = switch index % 4 {
            case 0: Double(Int.random(in: 1...70_000, using: &generator)) / 100
            case 1: Double.random(in: 0.001...700, using: &generator)
            case 2: (Double.random(in: 1...1500, using: &generator) * 10).rounded() / 10 * WeightEntry.kilogramsPerPound
            default: Double(Int.random(in: 300...1500, using: &generator)) / 10
            }
            let entry = WeightEntry(unchecked: .init(), date: Timestamp.fromMilliseconds(value), kilograms: kilograms,
                                    note: notes[index % notes.count], source: index % 3 == 0 ? .imported : .manual)
            if keys.insert(entry.duplicateKey).inserted { entries.append(entry) }
        }
        return entries
    }

    @Test("the export is byte for byte the former text, on every store, in every zone and chunk size",
          arguments: AdapterKind.allCases)
    func sameBytesAsBefore(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let entries = Self.entries()
        #expect(entries.count > 3000)
        #expect(entries.allSatisfy { $0.note.map(FormerWeightCSV.quotesAlone) ?? true })
        let inserted = try await store.weights.importEntries(commit: true) { try $0.insert(entries) }
        #expect(inserted == entries.count)
        let stored = try await store.weights.entries(since: nil)
        #expect(Set(stored.map(\.source)) == Set(WeightEntry.Source.allCases))
        for zone in Self.zones {
            let calendar = Fixtures.calendar(zone)
            let export = ExportWeightCSV(weights: store.weights,
                                         time: TimeContext(clock: FixedWallClock(Fixtures.instant("2031-01-01T00:00:00Z")),
                                                           calendar: calendar))
            let expected = Array(("date,weight_kg,note\r\n" + stored.map {
                FormerWeightCSV.line($0, timeZone: calendar.timeZone)
            }.joined()).utf8)
            #expect(expected.count > 1 << 17, "several chunks of the default size")
            for chunkSize in [1 << 16, 1000, 1] {
                let sink = ByteSink()
                let count = try await export.execute(chunkSize: chunkSize) { sink.append($0) }
                #expect(count == entries.count)
                if sink.bytes != expected {
                    let bytes = sink.bytes
                    let at = bytes.indices.first { $0 >= expected.count || bytes[$0] != expected[$0] } ?? bytes.count
                    Issue.record("\(kind), \(zone), chunks of \(chunkSize): the bytes differ from byte \(at) on")
                }
                if chunkSize == 1 { #expect(sink.writes == entries.count + 1, "a write per record") }
            }
            #expect(stored.allSatisfy {
                ExportWeightCSV.line($0, timeZone: calendar.timeZone) == FormerWeightCSV.line($0, timeZone: calendar.timeZone)
            })
        }
    }
}
