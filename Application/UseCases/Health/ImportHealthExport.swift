import Foundation
import WellnessDomain

/// Imports an Apple Health export (see ``AppleHealthExportReader`` for what is kept), streaming
/// it through one store transaction.
///
/// - Samples already stored, or repeated in the export, are counted as duplicates and not
///   saved, so importing the same or a newer export adds only what is new.
/// - Weigh-ins go through the weight tracker's rule (the same minute and weight to 0.01 kg is
///   one weigh-in), so a CSV import and a Health import of the same weigh-ins never double up.
/// - A malformed or truncated file, an unknown unit, a value that is not a number or a reading
///   in the future stops the import with ``HealthExportError`` naming the line and element,
///   and nothing is saved.
/// - Memory does not grow with the file.
public struct ImportHealthExport: Sendable {
    let health: any HealthRepository
    let time: TimeContext

    /// A use case on `health`, with now from `time`, which says what is in the future.
    public init(health: any HealthRepository, time: TimeContext) {
        self.health = health
        self.time = time
    }

    /// Imports `source`; `progress` is called after each chunk with the bytes of XML read so far.
    public func execute(_ source: any HealthExportSource,
                        progress: (@Sendable (Int) -> Void)? = nil) async throws -> HealthImportReport {
        let time = time
        return try await health.importSamples { inserter in
            var run = Run(time: time, inserter: inserter)
            var reader = AppleHealthExportReader()
            try source.read { chunk in
                try reader.consume(chunk) { item, line in try run.handle(item, line: line) }
                progress?(reader.bytesRead)
            }
            try reader.finish()
            try run.flush()
            return run.report
        }
    }

    /// The state of one import while its items stream by.
    private struct Run {
        let time: TimeContext
        let now: Date
        let inserter: any HealthInserting
        var report = HealthImportReport()
        var samples: [HealthSample] = []
        var weights: [WeightEntry] = []
        var ids = TimeOrderedUUIDs()
        static let batchSize = 64

        init(time: TimeContext, inserter: any HealthInserting) {
            self.time = time
            now = time.now()
            self.inserter = inserter
        }

        mutating func handle(_ item: AppleHealthExportReader.Item, line: Int) throws {
            switch item {
            case .skipped:
                report.skipped += 1
            case .sample(let sample):
                try recordable(sample.start, line: line, element: sample.kind == .workout ? "Workout" : "Record")
                samples.append(sample)
                if samples.count == Self.batchSize { try flush() }
            case .weight(let date, let kilograms):
                try recordable(date, line: line, element: "Record")
                weights.append(WeightEntry(unchecked: WeightEntry.ID(ids.next(now: now)), date: date,
                                           kilograms: kilograms, note: nil, source: .imported))
                if weights.count == Self.batchSize { try flush() }
            }
        }

        private func recordable(_ date: Date, line: Int, element: String) throws {
            do {
                try time.recordable(date)
            } catch {
                throw HealthExportError(line: line, element: element, problem: .time(error))
            }
        }

        /// Inserts what was read since the last flush.
        mutating func flush() throws {
            if !samples.isEmpty {
                let inserted = try inserter.insert(samples)
                report.samples += inserted
                report.duplicates += samples.count - inserted
                samples.removeAll(keepingCapacity: true)
            }
            if !weights.isEmpty {
                let inserted = try inserter.weights.insert(weights)
                report.weightsImported += inserted
                report.weightDuplicates += weights.count - inserted
                weights.removeAll(keepingCapacity: true)
            }
        }
    }
}

/// What a health import did.
public struct HealthImportReport: Sendable, Equatable, Codable {
    /// Samples saved.
    public var samples = 0
    /// Samples already stored, or repeated in the export.
    public var duplicates = 0
    /// Elements of data Wellness does not keep (other record types, activity summaries, …).
    public var skipped = 0
    /// Weigh-ins saved.
    public var weightsImported = 0
    /// Weigh-ins already stored (typed in, from a CSV file or an earlier export).
    public var weightDuplicates = 0

    /// A report with nothing counted yet.
    public init() {}
}
