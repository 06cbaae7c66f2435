import Foundation
import WellnessDomain

/// Why an intervention could not be logged or decided.
public enum InterventionError: Error, Sendable, Equatable, LocalizedError {
    case invalidCount(Int)
    case completionInFuture(Date)
    case countNotApplicable(Intervention.ID, TrackingType)
    case notInDeck(Intervention.ID, LocalDay, deck: [String])

    public var errorDescription: String? {
        switch self {
        case .invalidCount(let count):
            "count \(count) is not allowed; give a whole number from 1 to \(InterventionLimits.maximumCount)"
        case .completionInFuture(let date):
            "\(Timestamp.format(date)) is in the future; a completion can only be logged for a past moment"
        case let .countNotApplicable(id, type):
            "\(id) is tracked as \(type.rawValue); a count applies to counters only"
        case let .notInDeck(id, day, deck):
            "\(id) on \(day) is not in the catch-up deck (already completed or decided, not yet due, or older than 24 hours); cards in the deck: \(deck.isEmpty ? "none" : deck.joined(separator: ", "))"
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
