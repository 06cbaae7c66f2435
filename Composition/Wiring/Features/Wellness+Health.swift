import Foundation
import WellnessApplication
import WellnessAppleHealth
import WellnessDomain
import WellnessFileSystem

extension Wellness {
    /// Health data from an Apple Health export (seed 001's hints, seed 003's smart scale):
    /// importing it, and what each day holds.
    public struct Health: Sendable {
        let importHealthExport: ImportHealthExport
        let getHealthSummary: GetHealthSummary
        let removeHealthSamples: RemoveHealthSamples

        init(health: any HealthRepository, time: TimeContext) {
            importHealthExport = ImportHealthExport(health: health, time: time)
            getHealthSummary = GetHealthSummary(health: health, time: time)
            removeHealthSamples = RemoveHealthSamples(health: health)
        }

        /// Imports an export in one transaction (see ``ImportHealthExport``).
        public func importExport(_ source: any HealthExportSource,
                                 progress: (@Sendable (Int) -> Void)? = nil) async throws -> HealthImportReport {
            try await importHealthExport.execute(source, progress: progress)
        }

        /// The `export.zip` (or its `export.xml`) at `url`, ready to import (see
        /// `AppleHealthExportFile`).
        /// - Throws: ``FileError-enum`` when the file cannot be read; ``HealthExportError`` when it is a
        ///   zip that cannot be read or holds no `export.xml`.
        public func export(at url: URL) throws -> any HealthExportSource {
            try FileError.checkFile(url.path)
            do {
                return try AppleHealthExportFile(url: url)
            } catch let error as HealthExportError {
                throw error
            } catch {
                throw FileError.notReadable(url.path, reason: (error as NSError).localizedDescription)
            }
        }

        /// Removes the samples `selection` takes and returns how many; with `dryRun`, only
        /// counts them (see ``RemoveHealthSamples``).
        public func remove(_ selection: HealthSampleSelection, dryRun: Bool = false) async throws -> Int {
            try await removeHealthSamples.execute(selection, dryRun: dryRun)
        }

        /// The last `days` local days, newest first (see ``HealthDaySummary`` for the rules).
        public func summary(days: Int = 7) async throws -> [HealthDaySummary] {
            try await getHealthSummary.execute(days: days)
        }
    }
}
