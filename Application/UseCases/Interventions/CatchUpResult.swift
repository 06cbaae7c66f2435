import WellnessDomain

/// The catch-up deck with the health hints of its cards, and what is left to do now.
public struct CatchUpResult: Sendable, Equatable {
    /// The cards still to settle.
    public let cards: [CatchUpCard]
    /// Hints by card id, for the cards whose intervention has one.
    public let hints: [String: HealthHintStatus]
    /// What is left to do in the current section.
    public let summary: CurrentSectionSummary

    /// The health hint of `card`, or `nil` when its intervention has none.
    public func hint(for card: CatchUpCard) -> HealthHintStatus? { hints[card.id] }

    /// The deck to swipe through.
    public var deck: CatchUpDeck { CatchUpDeck(cards: cards) }
}
