import Foundation
import WellnessDomain

/// Bounds on what can be logged.
public enum InterventionLimits {
    /// The largest count one completion may carry.
    public static let maximumCount = InterventionCompletion.counts.upperBound

    /// The catalog item `id`, once `count` is known to fit it: 1 to ``maximumCount``, and
    /// other than 1 only for counters.
    @discardableResult
    static func loggableItem(_ id: Intervention.ID, count: Int, in catalog: InterventionCatalog) throws -> Intervention {
        let item = try catalog.require(id)
        guard InterventionCompletion.counts.contains(count) else { throw InterventionError.invalidCount(count) }
        guard count == 1 || item.trackingType == .counter else {
            throw InterventionError.countNotApplicable(id, item.trackingType)
        }
        return item
    }
}
