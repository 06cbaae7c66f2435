/// The cards left to settle, shown as a stable stack: the top card plus up to three behind it.
///
/// A swipe removes the top card and appends the next card of the deck to the back of the
/// stack, so the cards already visible never reorder.
public struct CatchUpDeck: Sendable, Equatable {
    /// How many cards are visible at once.
    public static let stackSize = 4

    /// Every card not yet swiped, in deck order.
    public private(set) var remaining: [CatchUpCard]
    /// The visible cards, top first.
    public private(set) var stack: [CatchUpCard]

    public init(cards: [CatchUpCard]) {
        remaining = cards
        stack = Array(cards.prefix(Self.stackSize))
    }

    public var top: CatchUpCard? { stack.first }
    public var isEmpty: Bool { stack.isEmpty }

    /// Removes the top card and brings the next card in behind the stack; returns the card
    /// swiped away, or `nil` when the deck is empty.
    @discardableResult
    public mutating func swipe() -> CatchUpCard? {
        guard !stack.isEmpty else { return nil }
        let card = stack.removeFirst()
        remaining.removeFirst()
        if remaining.count >= stack.count + 1 {
            stack.append(remaining[stack.count])
        }
        return card
    }
}
