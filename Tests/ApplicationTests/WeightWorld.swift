import Foundation
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// An in-memory weight store, a fixed clock and the person's calendar, with the weight use
/// cases on them.
struct WeightWorld {
    let clock: FixedWallClock
    let calendar: Calendar
    let time: TimeContext
    let weights: InMemoryWeightRepository

    init(now: String = "2024-06-15T10:00:00+02:00", zone: String = "Europe/Amsterdam",
         weights: InMemoryWeightRepository = InMemoryWeightRepository()) {
        clock = FixedWallClock(Fixtures.instant(now))
        calendar = Fixtures.calendar(zone)
        time = TimeContext(clock: clock, calendar: calendar)
        self.weights = weights
    }

    var now: Date { clock.now() }

    /// A "now" later than every date the import and export tests use (they reach 2030), as
    /// dates in the future cannot be imported.
    static let afterEveryTestDate = "2031-01-01T12:00:00+01:00"

    var importCSV: ImportWeightCSV { ImportWeightCSV(weights: weights, time: time) }
    var exportCSV: ExportWeightCSV { ExportWeightCSV(weights: weights, time: time) }
    var addWeight: AddWeight { AddWeight(weights: weights, time: time) }
    var listWeights: ListWeights { ListWeights(weights: weights, time: time) }
    var removeWeight: RemoveWeight { RemoveWeight(weights: weights) }
    var trend: GetWeightTrend { GetWeightTrend(weights: weights, time: time) }
    var chart: MakeWeightChart { MakeWeightChart(weights: weights, time: time) }

    /// Imports `text` (UTF-8), handed over in chunks of `chunkSize` bytes.
    @discardableResult
    func importing(_ text: String, chunkSize: Int = 1 << 16, skipInvalid: Bool = false,
                   dryRun: Bool = false) async throws -> WeightImportReport {
        try await importing(Array(text.utf8), chunkSize: chunkSize, skipInvalid: skipInvalid, dryRun: dryRun)
    }

    @discardableResult
    func importing(_ bytes: [UInt8], chunkSize: Int = 1 << 16, skipInvalid: Bool = false,
                   dryRun: Bool = false) async throws -> WeightImportReport {
        try await importCSV.execute(InMemoryByteSource(bytes, chunkSize: chunkSize), skipInvalid: skipInvalid, dryRun: dryRun)
    }

    /// The whole export as bytes (written in chunks of `chunkSize`).
    func exportedBytes(chunkSize: Int = 1 << 16) async throws -> (bytes: [UInt8], count: Int, writes: Int) {
        let sink = ByteSink()
        let count = try await exportCSV.execute(chunkSize: chunkSize) { sink.append($0) }
        return (sink.bytes, count, sink.writes)
    }

    /// The whole export as text.
    func exported() async throws -> String {
        String(decoding: try await exportedBytes().bytes, as: UTF8.self)
    }

    /// Every stored entry, oldest first.
    func stored() async throws -> [WeightEntry] { await weights.entries(since: nil) }

    /// Stores `entries` as they are (ids included), failing on a duplicate.
    func store(_ entries: [WeightEntry]) async throws {
        let inserted = try await weights.importEntries(commit: true) { try $0.insert(entries) }
        precondition(inserted == entries.count, "duplicate in a test fixture")
    }

    /// An entry at an ISO 8601 instant.
    static func entry(_ iso: String, _ kilograms: Double, note: String? = nil, id: String? = nil) -> WeightEntry {
        let id = id.map { WeightEntry.ID(UUID(uuidString: $0)!) } ?? WeightEntry.ID()
        return WeightEntry(unchecked: id, date: Fixtures.instant(iso), kilograms: kilograms, note: note, source: .manual)
    }
}

/// What a stored entry says, without its id and source: what an export and import must keep.
struct WeighIn: Hashable, CustomStringConvertible {
    let millis: Int64
    let kilograms: Double
    let note: String?

    init(_ entry: WeightEntry) {
        millis = Timestamp.milliseconds(entry.date)
        kilograms = entry.kilograms
        note = entry.note
    }

    init(_ iso: String, _ kilograms: Double, _ note: String? = nil) {
        millis = Timestamp.milliseconds(Fixtures.instant(iso))
        self.kilograms = kilograms
        self.note = note
    }

    var description: String {
        "\(Timestamp.format(Timestamp.fromMilliseconds(millis))) \(kilograms) \(note.map(\.debugDescription) ?? "nil")"
    }
}

/// The deterministic generator of property-style tests.
typealias SeededGenerator = SplitMix64
