import Foundation
import WellnessDomain

/// Why an intervention could not be logged or decided.
public enum InterventionError: WellnessError, Equatable {
    case invalidCount(Int)
    case completionInFuture(Date)
    case countNotApplicable(Intervention.ID, TrackingType)
    case notInDeck(Intervention.ID, LocalDay, deck: [String])

    public enum Code: String, CaseIterable, Sendable {
        case invalidCount
        case completionInFuture
        case countNotApplicable
        case notInDeck
    }

    public static let family = "intervention"

    public var code: Code {
        switch self {
        case .invalidCount: .invalidCount
        case .completionInFuture: .completionInFuture
        case .countNotApplicable: .countNotApplicable
        case .notInDeck: .notInDeck
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidCount(let count): [.number(count), .number(InterventionLimits.maximumCount)]
        case .completionInFuture(let date): [.verbatim(Timestamp.format(date))]
        case .countNotApplicable(let id, let type): [.verbatim(id.rawValue), .verbatim(type.rawValue)]
        case .notInDeck(let id, let day, let deck): [.verbatim(id.rawValue), .verbatim(day.description), deck.isEmpty ? .text(LocalizedText("error.none")) : .verbatim(deck.joined(separator: ", "))]
        }
    }
}

/// Bounds on what can be logged.
public enum InterventionLimits {
    /// The largest count one completion may carry.
    public static let maximumCount = 1000

    /// The catalog item `id`, once `count` is known to fit it: 1 to ``maximumCount``, and
    /// other than 1 only for counters.
    @discardableResult
    static func loggableItem(_ id: Intervention.ID, count: Int, in catalog: InterventionCatalog) throws -> Intervention {
        let item = try catalog.require(id)
        guard (1...maximumCount).contains(count) else { throw InterventionError.invalidCount(count) }
        guard count == 1 || item.trackingType == .counter else {
            throw InterventionError.countNotApplicable(id, item.trackingType)
        }
        return item
    }
}
