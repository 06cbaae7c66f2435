import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Weigh-ins (seed 003): recording, CSV import and export, the trend and a chart.
    public struct Weight: Sendable {
        let addWeight: AddWeight
        let listWeights: ListWeights
        let removeWeight: RemoveWeight
        let getWeightTrend: GetWeightTrend
        let importWeightCSV: ImportWeightCSV
        let exportWeightCSV: ExportWeightCSV
        let makeWeightChart: MakeWeightChart

        init(weights: any WeightRepository, time: TimeContext) {
            addWeight = AddWeight(weights: weights, time: time)
            listWeights = ListWeights(weights: weights, time: time)
            removeWeight = RemoveWeight(weights: weights)
            getWeightTrend = GetWeightTrend(weights: weights, time: time)
            importWeightCSV = ImportWeightCSV(weights: weights, time: time)
            exportWeightCSV = ExportWeightCSV(weights: weights, time: time)
            makeWeightChart = MakeWeightChart(weights: weights, time: time)
        }

        /// Records a weigh-in, now or at a given moment.
        @discardableResult
        public func add(kilograms: Double, at date: Date? = nil, note: String? = nil) async throws -> WeightEntry {
            try await addWeight.execute(kilograms: kilograms, at: date, note: note)
        }

        /// Weigh-ins of the last `days` days (every one when `nil`), oldest first.
        public func list(days: Int? = nil) async throws -> [WeightEntry] { try await listWeights.execute(days: days) }

        /// The same weigh-ins with the short ids to show for them (see ``ListWeights/listing(days:)``).
        public func listing(days: Int? = nil) async throws -> WeightListing { try await listWeights.listing(days: days) }

        /// Deletes the weigh-in whose id is `reference` or starts with it.
        @discardableResult
        public func remove(_ reference: String) async throws -> WeightEntry { try await removeWeight.execute(reference) }

        /// The latest weigh-in, the change over 7 and 30 days and the 7-day average.
        public func trend() async throws -> WeightTrend { try await getWeightTrend.execute() }

        /// Imports a CSV file in one transaction (see ``ImportWeightCSV``).
        public func importCSV(_ source: any ByteSource, skipInvalid: Bool = false, dryRun: Bool = false,
                              progress: (@Sendable (Int) -> Void)? = nil) async throws -> WeightImportReport {
            try await importWeightCSV.execute(source, skipInvalid: skipInvalid, dryRun: dryRun, progress: progress)
        }

        /// Streams every weigh-in as CSV to `write`; returns how many were written.
        @discardableResult
        public func exportCSV(chunkSize: Int = 1 << 16, write: @escaping @Sendable ([UInt8]) throws -> Void)
            async throws -> Int {
            try await exportWeightCSV.execute(chunkSize: chunkSize, write: write)
        }

        /// An SVG chart of the last `days` days.
        public func chart(days: Int = 90) async throws -> String { try await makeWeightChart.execute(days: days) }
    }
}
