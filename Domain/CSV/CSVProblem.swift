/// What is wrong at one place of a CSV file: its syntax (RFC 4180), or a weight file's
/// header, dates, numbers, units and notes.
public enum CSVProblem: WellnessError, Hashable {
    // MARK: - Syntax
    case quoteNeverClosed
    case carriageReturnWithoutLineFeed
    /// Something other than a delimiter or a line end after a closing quote (the byte).
    case unexpectedAfterClosingQuote(UInt8)
    case quoteInUnquotedField
    /// A record longer than the reader accepts (its limit in KB): likely a quote left open.
    case recordTooLong(kilobytes: Int)
    case unreadableEnd

    // MARK: - Weight files
    case headerNotUTF8
    /// The header (as found) has no date column; lists the formats understood.
    case noDateColumn(header: String, understood: String)
    /// The header (as found) has no weight column; lists the formats understood.
    case noWeightColumn(header: String, understood: String)
    case fieldCount(expected: Int, found: Int)
    /// A date field (quoted, cut at 40 characters) that is not a date.
    case notADate(String)
    /// A time field (quoted, cut at 40 characters) that is not a time.
    case notATime(String)
    case weightEmpty
    /// A weight field (quoted, cut at 40 characters) that is not a number.
    case weightNotANumber(String)
    /// A unit field (quoted, cut at 40 characters) that is neither kg nor lb.
    case unknownUnit(String)
    /// A number that is not a weight, or a note that cannot be stored.
    case value(WeightEntry.Problem)
    /// A date outside the years accepted, or in the future.
    case time(TimeProblem)
    case noteNotUTF8

    public enum Code: String, CaseIterable, Sendable {
        case quoteNeverClosed, carriageReturnWithoutLineFeed, unexpectedAfterClosingQuote
        case unexpectedSpaceAfterClosingQuote, unexpectedTabAfterClosingQuote, unexpectedByteAfterClosingQuote
        case quoteInUnquotedField, recordTooLong, unreadableEnd, headerNotUTF8, noDateColumn, noWeightColumn
        case fieldCount, fieldCountOne, notADate, notATime, weightEmpty, weightNotANumber, unknownUnit, value
        case noteNotUTF8, time
    }

    public static let family = "csvProblem"

    public var code: Code {
        switch self {
        case .quoteNeverClosed: .quoteNeverClosed
        case .carriageReturnWithoutLineFeed: .carriageReturnWithoutLineFeed
        case .unexpectedAfterClosingQuote(let byte):
            switch byte {
            case 0x20: .unexpectedSpaceAfterClosingQuote
            case 0x09: .unexpectedTabAfterClosingQuote
            case 0x21...0x7E: .unexpectedAfterClosingQuote
            default: .unexpectedByteAfterClosingQuote
            }
        case .quoteInUnquotedField: .quoteInUnquotedField
        case .recordTooLong: .recordTooLong
        case .unreadableEnd: .unreadableEnd
        case .headerNotUTF8: .headerNotUTF8
        case .noDateColumn: .noDateColumn
        case .noWeightColumn: .noWeightColumn
        case .fieldCount(let expected, _): expected == 1 ? .fieldCountOne : .fieldCount
        case .notADate: .notADate
        case .notATime: .notATime
        case .weightEmpty: .weightEmpty
        case .weightNotANumber: .weightNotANumber
        case .unknownUnit: .unknownUnit
        case .value: .value
        case .time: .time
        case .noteNotUTF8: .noteNotUTF8
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .unexpectedAfterClosingQuote(let byte):
            switch byte {
            case 0x20, 0x09: []
            case 0x21...0x7E: [.verbatim(String(Character(Unicode.Scalar(byte))))]
            default: [.verbatim("0x" + String(byte, radix: 16, uppercase: true))]
            }
        case .recordTooLong(let kilobytes): [.number(kilobytes)]
        case .noDateColumn(let header, let understood), .noWeightColumn(let header, let understood):
            [.verbatim(header), .verbatim(understood)]
        case .fieldCount(let expected, let found): [.number(expected), .number(found)]
        case .notADate(let field), .notATime(let field), .weightNotANumber(let field), .unknownUnit(let field):
            [.verbatim(field)]
        case .value(let problem): [.text(problem.message)]
        case .time(let problem): [.text(problem.message)]
        case .quoteNeverClosed, .carriageReturnWithoutLineFeed, .quoteInUnquotedField, .unreadableEnd, .headerNotUTF8,
             .weightEmpty, .noteNotUTF8:
            []
        }
    }
}
