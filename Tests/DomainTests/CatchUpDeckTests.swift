import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("CatchUpDeck")
struct CatchUpDeckTests {
    let today = Fixtures.day("2026-03-05")

    /// `count` distinct cards c0, c1, …
    func cards(_ count: Int) -> [CatchUpCard] {
        (0..<count).map {
            CatchUpCard(intervention: DomainFixtures.intervention(Intervention.ID("c\($0)")), day: today.adding(days: -1),
                        section: .evening, today: today)
        }
    }

    func names(_ cards: [CatchUpCard]) -> [String] { cards.map(\.interventionID.rawValue) }

    @Test("the visible stack is the first four cards, top first")
    func initialStack() {
        let deck = CatchUpDeck(cards: cards(7))
        #expect(CatchUpDeck.stackSize == 4)
        #expect(names(deck.stack) == ["c0", "c1", "c2", "c3"])
        #expect(deck.remaining.count == 7)
        #expect(deck.top?.interventionID == "c0")
        #expect(!deck.isEmpty)
    }

    @Test("a swipe removes the top card and appends the next; visible cards never reorder")
    func swipe() {
        var deck = CatchUpDeck(cards: cards(7))
        var previous = deck.stack
        var swiped: [String] = []
        var stacks: [[String]] = []
        while let card = deck.swipe() {
            swiped.append(card.interventionID.rawValue)
            stacks.append(names(deck.stack))
            // The cards that stayed visible keep their order, at the front of the new stack.
            #expect(Array(deck.stack.prefix(previous.count - 1)) == Array(previous.dropFirst()))
            #expect(deck.stack.count <= CatchUpDeck.stackSize)
            #expect(Array(deck.remaining.prefix(deck.stack.count)) == deck.stack)
            previous = deck.stack
        }
        #expect(swiped == ["c0", "c1", "c2", "c3", "c4", "c5", "c6"])
        #expect(stacks == [
            ["c1", "c2", "c3", "c4"], ["c2", "c3", "c4", "c5"], ["c3", "c4", "c5", "c6"],
            ["c4", "c5", "c6"], ["c5", "c6"], ["c6"], [],
        ])
        #expect(deck.isEmpty)
        #expect(deck.top == nil)
        #expect(deck.remaining.isEmpty)
    }

    @Test("swiping an empty deck does nothing")
    func swipeEmpty() {
        var deck = CatchUpDeck(cards: [])
        #expect(deck.isEmpty)
        #expect(deck.top == nil)
        #expect(deck.swipe() == nil)
        #expect(deck == CatchUpDeck(cards: []))
    }

    @Test("fewer than four cards: all visible, and they drain one by one", arguments: [1, 2, 3, 4])
    func fewCards(count: Int) {
        var deck = CatchUpDeck(cards: cards(count))
        #expect(deck.stack.count == count)
        for left in stride(from: count - 1, through: 0, by: -1) {
            let top = deck.top
            #expect(deck.swipe() == top)
            #expect(deck.stack.count == left)
            #expect(deck.remaining.count == left)
        }
        #expect(deck.isEmpty)
        #expect(deck.swipe() == nil)
    }

    @Test("exactly five cards: the fifth comes in behind after the first swipe")
    func fiveCards() {
        var deck = CatchUpDeck(cards: cards(5))
        deck.swipe()
        #expect(names(deck.stack) == ["c1", "c2", "c3", "c4"])
        deck.swipe()
        #expect(names(deck.stack) == ["c2", "c3", "c4"])
    }
}
