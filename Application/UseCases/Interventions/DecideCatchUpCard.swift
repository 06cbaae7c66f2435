import WellnessDomain

/// Settles a card of the current catch-up deck (done or skipped), or decides a card of the last
/// 24 hours again (done ↔ skipped, another count): the new decision replaces the earlier one and
/// its back-dated completion in one write. Refuses an item and day that is not in the deck now
/// (nor would be, undecided), and an id not in the catalog with the list of valid ids.
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
        // The deck as if this card had not been decided yet: a decided card can be decided again.
        guard let card = try await deck.execute(reopening: (id, day)).cards.first(where: {
            $0.interventionID == id && $0.day == day
        }) else {
            throw InterventionError.notInDeck(id, day, deck: try await deck.execute().cards.map(\.id))
        }
        return try await record.execute(id, day: day, status: status, count: count ?? card.defaultCount ?? 1)
    }
}
