import WellnessDomain

/// The catch-up deck with the health hints of its cards, and what is left to do now.
public struct CatchUpResult: Sendable, Equatable {
    public let cards: [CatchUpCard]
    /// Hints by card id, for the cards whose intervention has one.
    public let hints: [String: HealthHintStatus]
    public let summary: CurrentSectionSummary

    public func hint(for card: CatchUpCard) -> HealthHintStatus? { hints[card.id] }

    /// The deck to swipe through.
    public var deck: CatchUpDeck { CatchUpDeck(cards: cards) }
}
