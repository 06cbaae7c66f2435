/// Where a CSV reader stopped, and why: `line N, column C: problem`.
///
/// Lines are the file's physical lines, counted from 1 (a field with line breaks inside quotes
/// spans several); columns are fields, counted from 1.
public struct CSVError: WellnessError, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let problem: CSVProblem

    public init(line: Int, column: Int, problem: CSVProblem) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    public enum Code: String, CaseIterable, Sendable {
        case invalid
    }

    public static let family = "csv"

    public var code: Code { .invalid }

    public var details: [LocalizedText.Argument] { [.number(line), .number(column), .text(problem.message)] }

    /// For logs and test output (people see ``message`` worded).
    public var description: String { summary }
}
