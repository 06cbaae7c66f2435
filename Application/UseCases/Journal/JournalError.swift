import Foundation
import WellnessDomain

/// Why a journal change was refused.
public enum JournalError: WellnessError, Equatable {
    case notesTooLong(Int)
    /// Notes with a control character.
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case notesTooLong
        case controlCharacter
    }

    public static let family = "journal"

    public var code: Code {
        switch self {
        case .notesTooLong: .notesTooLong
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notesTooLong(let count): [.number(count), .number(SetJournalNotes.maximumLength)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}
