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

    /// Imports `source`; `progress` is called after each chunk with the bytes read so far (on
    /// the thread that reads the file).
    ///
    /// The file is read and checked on a thread of its own while the store inserts what was read
    /// before it (a few batches ahead at most, so memory stays flat): on two cores the checking
    /// costs no time of the import's own. The rows still go in in order, in one transaction, and
    /// the first bad row still stops everything with its line.
    public func execute(
        _ source: any ByteSource, skipInvalid: Bool = false, dryRun: Bool = false,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> WeightImportReport {
        let calendar = time.calendar
        let now = time.now()
        return try await weights.importEntries(commit: !dryRun) { inserter in
            let pipe = BatchPipe(capacity: 8)
            let reading = Thread {
                pipe.finish(Result {
                    var run = Run(calendar: calendar, now: now, skipInvalid: skipInvalid, dryRun: dryRun, pipe: pipe)
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
                    return run.report
                })
            }
            reading.start()
            // However this ends, the reading thread stops (a full pipe lets it go) and is done
            // with the source before the transaction ends.
            defer { pipe.closeAndWait() }
            var imported = 0, duplicates = 0
            while let batch = try pipe.next() {
                let inserted = try inserter.insert(batch)
                imported += inserted
                duplicates += batch.count - inserted
            }
            guard var report = try pipe.outcome() else { throw WeightImportError.empty }
            report.imported = imported
            report.duplicates = duplicates
            return report
        }
    }

    /// The state of one import while its records stream by, on the reading thread.
    private struct Run {
        let now: Date
        let skipInvalid: Bool
        let dryRun: Bool
        let pipe: BatchPipe
        var dates: WeightDateReader
        var ids = TimeOrderedUUIDs()
        var layout: WeightCSVLayout?
        var report: WeightImportReport?
        var batch: [WeightEntry] = []
        /// Rows handed to the store at a time: enough that handing them over costs nothing.
        static let batchSize = 1024

        init(calendar: Calendar, now: Date, skipInvalid: Bool, dryRun: Bool, pipe: BatchPipe) {
            self.now = now
            self.skipInvalid = skipInvalid
            self.dryRun = dryRun
            self.pipe = pipe
            dates = WeightDateReader(calendar: calendar, now: now)
            batch.reserveCapacity(Self.batchSize)
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

        /// Hands the rows read since the last flush to the store.
        mutating func flush() throws {
            guard !batch.isEmpty else { return }
            try pipe.push(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
}

/// Batches of checked weigh-ins from the reading thread to the inserting one, at most
/// `capacity` waiting, then how the reading ended (its report, or the error that stopped it).
private final class BatchPipe: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[WeightEntry]] = []
    private var ending: Result<WeightImportReport?, any Error>?
    private var closed = false

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room, then adds `batch`; throws `CancellationError` once the inserting side
    /// closed the pipe (it failed, or is done).
    func push(_ batch: [WeightEntry]) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !closed { condition.wait() }
        guard !closed else { throw CancellationError() }
        batches.append(batch)
        condition.broadcast()
    }

    /// The reading ended: `outcome` is its report or its error.
    func finish(_ outcome: Result<WeightImportReport?, any Error>) {
        condition.lock()
        ending = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, in order; `nil` once the reading ended well and every batch was taken;
    /// the reading's error once it failed and the batches before it were taken.
    func next() throws -> [WeightEntry]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && ending == nil { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        _ = try ending!.get()
        return nil
    }

    /// The reading's report, once ``next()`` returned `nil`.
    func outcome() throws -> WeightImportReport? {
        condition.lock()
        defer { condition.unlock() }
        return try ending!.get()
    }

    /// Lets the reading thread go (a push throws from now on) and waits until it ended.
    func closeAndWait() {
        condition.lock()
        closed = true
        condition.broadcast()
        while ending == nil { condition.wait() }
        condition.unlock()
    }
}
