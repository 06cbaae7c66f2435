import Foundation
import WellnessComposition

/// `wellness deck swipe`: the top card in full with the next three stacked behind it.
/// → or d: done, ← or s: skip, + / -: adjust a counter, q: quit.
struct TerminalDeck {
    let console: Console
    /// The terminal's file descriptors.
    let input: Int32
    let output: Int32

    func run() async throws {
        let result = try await console.wellness.catchUp.deck()
        var deck = result.deck
        var count = deck.top?.defaultCount
        var notice: String?
        console.context.output.flush()
        let terminal = RawTerminal(input: input, output: output)
        defer { terminal.restore() }
        while let card = deck.top {
            terminal.draw(screen(deck, result, count: count, notice: notice))
            notice = nil
            let status: InterventionDecision.Status
            switch terminal.readKey() {
            case .right, .character("d"), .character("D"): status = .done
            case .left, .character("s"), .character("S"): status = .skipped
            case .character("+") where count != nil: count = min(count! + 1, InterventionLimits.maximumCount); continue
            case .character("-") where count != nil: count = max(count! - 1, 1); continue
            case .quit: return
            default: continue
            }
            do {
                try await console.wellness.catchUp.decide(card.interventionID, day: card.day,
                                                                     status: status, count: count)
            } catch let error as InterventionError {
                notice = console.messages.message(for: error) // decided elsewhere meanwhile: move on
            }
            deck.swipe()
            count = deck.top?.defaultCount
        }
        let summary = try await console.wellness.catchUp.deck().summary
        terminal.draw([console.text.string("cli.deck.finished"), "", console.sectionSummary(summary)])
    }

    /// Splits `line` at spaces into lines of at most `width` characters, keeping its indent.
    static func wrap(_ line: String, to width: Int) -> [String] {
        let indent = String(line.prefix { $0 == " " })
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            let candidate = current.isEmpty ? indent + word : current + " " + word
            if candidate.count > width, !current.isEmpty {
                lines.append(current)
                current = indent + word
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.map { $0.count > width ? String($0.prefix(width)) : $0 }
    }

    private func screen(_ deck: CatchUpDeck, _ result: CatchUpResult, count: Int?, notice: String?) -> [String] {
        let text = console.text
        var lines = [text.string("cli.swipe.header", .number(deck.remaining.count)), ""]
        if let top = deck.top {
            let width = 72
            let body = console.cardLines(top, hint: result.hint(for: top), count: count).flatMap { Self.wrap($0, to: width) }
            lines.append("┌" + String(repeating: "─", count: width + 2) + "┐")
            lines += body.map { "│ " + $0.padding(toLength: width, withPad: " ", startingAt: 0) + " │" }
            lines.append("└" + String(repeating: "─", count: width + 2) + "┘")
        }
        for (depth, behind) in deck.stack.dropFirst().enumerated() {
            lines.append(String(repeating: " ", count: 2 * (depth + 1)) + "└ "
                         + text.string(behind.label) + " — " + behind.title)
        }
        lines += ["", text.string("cli.swipe.keys")]
        if let notice { lines += ["", notice] }
        return lines
    }
}
