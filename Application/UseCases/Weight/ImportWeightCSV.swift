import Foundation
import WellnessDomain

/// Imports weigh-ins from a CSV file (see ``WeightCSVLayout`` for the formats and
/// ``WeightDateReader`` for the dates), streaming it through one store transaction.
///
/// - The first bad row stops the import with ``WeightImportError/invalid(_:)`` naming its line
///   and column, and nothing is saved; with `skipInvalid`, bad rows are reported instead and
///   the good ones saved. Broken quoting always stops the import: past it, the file cannot be
///   read reliably.
/// - Rows that repeat a stored weigh-in, or an earlier row (same minute, same weight to
///   0.01 kg), are counted as duplicates and not saved, so importing a file twice adds nothing.
/// - `dryRun` reads and checks everything against the store and saves nothing.
/// - Memory does not grow with the file: rows are read and inserted one at a time.
public struct ImportWeightCSV: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    /// A use case on `weights`, with the calendar and now from `time` for reading dates.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// Imports `source`; `progress` is called after each chunk with the bytes read so far.
    public func execute(
        _ source: any ByteSource, skipInvalid: Bool = false, dryRun: Bool = false,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> WeightImportReport {
        let calendar = time.calendar
        let now = time.now()
        return try await weights.importEntries(commit: !dryRun) { inserter in
            var run = Run(calendar: calendar, now: now, skipInvalid: skipInvalid, dryRun: dryRun, inserter: inserter)
            var reader = CSVReader()
            do {
                while let chunk = try source.nextChunk() {
                    try reader.consume(chunk) { record in try run.handle(record) }
                    progress?(reader.bytesRead)
                }
                try reader.finish { record in try run.handle(record) }
                try run.flush()
            } catch let error as CSVError {
                throw WeightImportError.invalid(error)
            }
            guard let report = run.report else { throw WeightImportError.empty }
            return report
        }
    }

    /// The state of one import while its records stream by.
    private struct Run {
        let now: Date
        let skipInvalid: Bool
        let dryRun: Bool
        let inserter: any WeightInserting
        var dates: WeightDateReader
        var ids = TimeOrderedUUIDs()
        var layout: WeightCSVLayout?
        var report: WeightImportReport?
        var batch: [WeightEntry] = []
        static let batchSize = 64

        init(calendar: Calendar, now: Date, skipInvalid: Bool, dryRun: Bool, inserter: any WeightInserting) {
            self.now = now
            self.skipInvalid = skipInvalid
            self.dryRun = dryRun
            self.inserter = inserter
            dates = WeightDateReader(calendar: calendar, now: now)
        }

        mutating func handle(_ record: borrowing CSVRecord) throws {
            guard let layout else {
                let layout = try WeightCSVLayout(header: record, delimiter: record.delimiter)
                self.layout = layout
                report = WeightImportReport(format: layout.format, dryRun: dryRun)
                return
            }
            let row: WeightCSVLayout.Row
            do {
                row = try layout.decode(record, dates: &dates)
            } catch {
                guard skipInvalid else { throw error }
                report!.skipped.append(.init(line: error.line, column: error.column, problem: error.problem))
                return
            }
            if row.dateOnly { report!.dateOnly += 1 }
            batch.append(WeightEntry(unchecked: WeightEntry.ID(ids.next(now: now)), date: row.date,
                                     kilograms: row.kilograms, note: row.note, source: .imported))
            if batch.count == Self.batchSize { try flush() }
        }

        /// Inserts the rows read since the last flush.
        mutating func flush() throws {
            guard !batch.isEmpty else { return }
            let inserted = try inserter.insert(batch)
            report!.imported += inserted
            report!.duplicates += batch.count - inserted
            batch.removeAll(keepingCapacity: true)
        }
    }
}
