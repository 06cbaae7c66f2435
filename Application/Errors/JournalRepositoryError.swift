import Foundation
import WellnessDomain

/// A misuse of ``JournalRepository`` that every adapter refuses the same way.
public enum JournalRepositoryError: WellnessError, Equatable {
    /// `update(day)` tried to store a journal of a different day.
    case dayChanged(expected: LocalDay, got: LocalDay)

    public enum Code: String, CaseIterable, Sendable {
        case dayChanged
    }

    public static let family = "journalRepository"

    public var code: Code {
        switch self {
        case .dayChanged: .dayChanged
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .dayChanged(let expected, let got): [.verbatim(expected.description), .verbatim(got.description)]
        }
    }

    /// Throws when `journal` is not of `day`.
    public static func check(_ journal: DailyJournal?, isFor day: LocalDay) throws {
        if let journal, journal.day != day { throw dayChanged(expected: day, got: journal.day) }
    }
}
