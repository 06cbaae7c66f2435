import Foundation
import WellnessDomain

/// A JSON-file store failure, naming the file involved. Worded, like every `WellnessError`, by
/// the presenter's tables (`error.jsonStore.<code>`).
public enum JSONFileStoreError: WellnessError, Equatable, LocalizedError {
    /// The file exists but does not hold what this store wrote; it is left untouched.
    case corruptFile(path: String, reason: String)
    /// The file holds a record (where, e.g. `[3].kilograms`) that breaks a rule of Wellness's own
    /// (the rule's message); it is left untouched.
    case invalidRecord(path: String, at: String, rule: LocalizedText)
    /// The directory's store was written by a newer version of Wellness, whose records this one
    /// could not rewrite without losing what it does not know (the format found, the newest read).
    case newerFormat(path: String, found: Int, supported: Int)
    /// The file could not be read or written.
    case io(path: String, reason: String)

    /// The message in English, for logs and for a front end without the presenter's tables.
    public var errorDescription: String? {
        switch self {
        case let .corruptFile(path, reason):
            "the data file \(path) is corrupt (\(reason)); it was left untouched — repair it or move it away"
        case let .invalidRecord(path, at, rule):
            "the data file \(path) holds a record at \(at) that breaks the rule \(rule.key); it was left untouched — repair it or move it away"
        case let .newerFormat(path, found, supported):
            "the data directory \(path) was written by a newer version of Wellness (store format \(found); this one reads up to \(supported)); it was left untouched — upgrade wellness to use it"
        case let .io(path, reason):
            "cannot access \(path): \(reason)"
        }
    }

    public enum Code: String, CaseIterable, Sendable {
        case corruptFile, invalidRecord, newerFormat, io
    }

    public static let family = "jsonStore"

    public var code: Code {
        switch self {
        case .corruptFile: .corruptFile
        case .invalidRecord: .invalidRecord
        case .newerFormat: .newerFormat
        case .io: .io
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .corruptFile(path, reason), let .io(path, reason):
            [.verbatim(path), .verbatim(reason)]
        case let .invalidRecord(path, at, rule):
            [.verbatim(path), .verbatim(at), .text(rule)]
        case let .newerFormat(path, found, supported):
            [.verbatim(path), .number(found), .number(supported)]
        }
    }
}
