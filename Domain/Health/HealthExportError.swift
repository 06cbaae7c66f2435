/// Where reading a health export stopped, and why: `line N, <Element>: problem`. Nothing of
/// the export was saved.
public struct HealthExportError: WellnessError, Equatable, CustomStringConvertible {
    /// The line of the export's XML (counted from 1) where the problem is; 0 when the problem
    /// is the file as a whole (not a zip, no `export.xml` in it).
    public let line: Int
    /// The element it is in (`Record`), when there is one.
    public let element: String?
    public let problem: HealthExportProblem

    public init(line: Int, element: String?, problem: HealthExportProblem) {
        self.line = line
        self.element = element
        self.problem = problem
    }

    public enum Code: String, CaseIterable, Sendable {
        case inElement, atLine, inFile
    }

    public static let family = "healthExport"

    public var code: Code {
        if line == 0 { return .inFile }
        return element == nil ? .atLine : .inElement
    }

    public var details: [LocalizedText.Argument] {
        switch code {
        case .inFile: [.text(problem.message)]
        case .atLine: [.number(line), .text(problem.message)]
        case .inElement: [.number(line), .verbatim(element ?? ""), .text(problem.message)]
        }
    }

    public var description: String { summary }
}

/// What is wrong with a health export (see ``HealthExportError`` for where).
public enum HealthExportProblem: WellnessError, Hashable {
    /// The file is neither a zip nor XML.
    case notAnExport
    /// A zip without `export.xml` in it.
    case noExportInZip
    /// The zip cannot be read (the reason, from the zip reader).
    case unreadableZip(String)
    /// XML whose root element (named) is not `HealthData`.
    case wrongRoot(String)
    /// The XML is not well formed (what was expected or found, in a few words of XML).
    case malformed(String)
    /// An end tag (found) that does not close the open element (expected).
    case mismatchedEnd(expected: String, found: String)
    /// The file ends inside the element named.
    case truncated(String)
    /// An entity other than the five of XML and numeric character references.
    case unknownEntity(String)
    /// A tag longer than the reader accepts (its limit in KB).
    case tagTooLong(kilobytes: Int)
    /// Elements nested deeper than the reader accepts (its limit).
    case nestedTooDeep(limit: Int)
    /// A required attribute is missing.
    case missingAttribute(String)
    /// A date attribute (its name and value) not in the `2024-03-01 08:00:00 +0100` form.
    case notADate(attribute: String, value: String)
    /// A numeric attribute (its name and value) that is not a number.
    case notANumber(attribute: String, value: String)
    /// A unit (as given) that the record's type is not measured in.
    case unknownUnit(String, type: String)
    /// A weigh-in whose weight cannot be stored.
    case weight(WeightEntry.Problem)
    /// An instant outside the years accepted.
    case time(TimeProblem)
    /// A sample whose value, energy, length or text cannot be kept.
    case sample(HealthSample.Problem)

    public enum Code: String, CaseIterable, Sendable {
        case notAnExport, noExportInZip, unreadableZip, wrongRoot, malformed, mismatchedEnd, truncated
        case unknownEntity, tagTooLong, nestedTooDeep, missingAttribute, notADate, notANumber, unknownUnit, weight, time, sample
    }

    public static let family = "healthExportProblem"

    public var code: Code {
        switch self {
        case .notAnExport: .notAnExport
        case .noExportInZip: .noExportInZip
        case .unreadableZip: .unreadableZip
        case .wrongRoot: .wrongRoot
        case .malformed: .malformed
        case .mismatchedEnd: .mismatchedEnd
        case .truncated: .truncated
        case .unknownEntity: .unknownEntity
        case .tagTooLong: .tagTooLong
        case .nestedTooDeep: .nestedTooDeep
        case .missingAttribute: .missingAttribute
        case .notADate: .notADate
        case .notANumber: .notANumber
        case .unknownUnit: .unknownUnit
        case .weight: .weight
        case .time: .time
        case .sample: .sample
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notAnExport, .noExportInZip: []
        case .unreadableZip(let reason): [.verbatim(reason)]
        case .wrongRoot(let name): [.verbatim(name)]
        case .malformed(let what): [.verbatim(what)]
        case .mismatchedEnd(let expected, let found): [.verbatim(found), .verbatim(expected)]
        case .truncated(let name): [.verbatim(name)]
        case .unknownEntity(let entity): [.verbatim(entity)]
        case .tagTooLong(let kilobytes): [.number(kilobytes)]
        case .nestedTooDeep(let limit): [.number(limit)]
        case .missingAttribute(let name): [.verbatim(name)]
        case .notADate(let attribute, let value), .notANumber(let attribute, let value):
            [.verbatim(attribute), .verbatim(Self.quoted(value))]
        case .unknownUnit(let unit, let type): [.verbatim(Self.quoted(unit)), .verbatim(type)]
        case .weight(let problem): [.text(problem.message)]
        case .time(let problem): [.text(problem.message)]
        case .sample(let problem): [.text(problem.message)]
        }
    }

    /// A value for a message: quoted, cut at 40 characters.
    static func quoted(_ text: String) -> String {
        "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
}
