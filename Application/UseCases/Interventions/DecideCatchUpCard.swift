import WellnessDomain

/// Settles a card of the current catch-up deck (done or skipped); refuses an item and day
/// that is not in the deck now, and an id not in the catalog with the list of valid ids.
public struct DecideCatchUpCard: Sendable {
    let deck: BuildCatchUpDeck
    let record: RecordDecision

    /// A use case on the cards `deck` builds, recording with `record`.
    public init(deck: BuildCatchUpDeck, record: RecordDecision) {
        self.deck = deck
        self.record = record
    }

    /// `count` defaults to the card's default count (1).
    @discardableResult
    public func execute(_ id: Intervention.ID, day: LocalDay, status: InterventionDecision.Status,
                        count: Int? = nil) async throws -> InterventionDecision {
        _ = try record.catalog.require(id)
        let cards = try await deck.execute().cards
        guard let card = cards.first(where: { $0.interventionID == id && $0.day == day }) else {
            throw InterventionError.notInDeck(id, day, deck: cards.map(\.id))
        }
        return try await record.execute(id, day: day, status: status, count: count ?? card.defaultCount ?? 1)
    }
}
