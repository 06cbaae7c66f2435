import Foundation
import WellnessDomain

/// Why a journal change was refused.
public enum JournalError: WellnessError, Equatable {
    case notesTooLong(Int)

    public enum Code: String, CaseIterable, Sendable {
        case notesTooLong
    }

    public static let family = "journal"

    public var code: Code {
        switch self {
        case .notesTooLong: .notesTooLong
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notesTooLong(let count): [.number(count), .number(SetJournalNotes.maximumLength)]
        }
    }
}
