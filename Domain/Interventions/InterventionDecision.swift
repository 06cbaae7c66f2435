import Foundation

/// What the person decided about an intervention for one day from the catch-up deck.
/// One per intervention per day; deciding again replaces it.
public struct InterventionDecision: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        case done
        case skipped
    }

    public let interventionID: Intervention.ID
    public let day: LocalDay
    public let status: Status
    public let count: Int
    public let updatedAt: Date

    public init(interventionID: Intervention.ID, day: LocalDay, status: Status, count: Int, updatedAt: Date) {
        self.interventionID = interventionID
        self.day = day
        self.status = status
        self.count = count
        self.updatedAt = updatedAt
    }
}
