import Foundation
import WellnessDomain

/// Why an intervention could not be logged or decided.
public enum InterventionError: WellnessError, Equatable {
    case invalidCount(Int)
    case countNotApplicable(Intervention.ID, TrackingType)
    case notInDeck(Intervention.ID, LocalDay, deck: [String])

    public enum Code: String, CaseIterable, Sendable {
        case invalidCount
        case countNotApplicable
        case notInDeck
    }

    public static let family = "intervention"

    public var code: Code {
        switch self {
        case .invalidCount: .invalidCount
        case .countNotApplicable: .countNotApplicable
        case .notInDeck: .notInDeck
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidCount(let count): [.number(count), .number(InterventionLimits.maximumCount)]
        case .countNotApplicable(let id, let type): [.verbatim(id.rawValue), .verbatim(type.rawValue)]
        case .notInDeck(let id, let day, let deck): [.verbatim(id.rawValue), .verbatim(day.description), deck.isEmpty ? .text(LocalizedText("error.none")) : .verbatim(deck.joined(separator: ", "))]
        }
    }
}
