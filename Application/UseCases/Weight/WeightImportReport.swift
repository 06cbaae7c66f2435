import Foundation
import WellnessDomain

/// What an import did (or, in a dry run, would do).
public struct WeightImportReport: Sendable, Equatable {
    /// A bad row left out under `skipInvalid`.
    public struct Skipped: Sendable, Equatable {
        /// The row's line in the file, counted from 1.
        public let line: Int
        /// The bad field's column, counted from 1.
        public let column: Int
        /// What is wrong with the field.
        public let problem: CSVProblem

        /// The row as the error it would have stopped the import with.
        public var error: CSVError { CSVError(line: line, column: column, problem: problem) }
    }

    /// The format the header was recognised as.
    public var format: WeightCSVLayout.Format
    /// Rows saved (or that would be saved in a dry run).
    public var imported = 0
    /// Rows that were already stored, or repeated earlier in the file.
    public var duplicates = 0
    /// Good rows that had a date but no time (taken at local noon), duplicates included.
    public var dateOnly = 0
    /// Bad rows left out, in file order (only with `skipInvalid`).
    public var skipped: [Skipped] = []
    /// Nothing was saved.
    public var dryRun: Bool

    /// A report with nothing counted yet, for a file in `format`.
    public init(format: WeightCSVLayout.Format, dryRun: Bool) {
        self.format = format
        self.dryRun = dryRun
    }
}
