import Foundation
import Testing
import WellnessTestSupport

/// `wellness deck swipe` end to end: without a terminal, and under a pseudo-terminal (tmux).
@Suite("CLI: deck swipe", .timeLimit(.minutes(3)))
struct DeckSwipeCLITests {
    typealias F = DeckFixture

    @Test("without a terminal, deck swipe exits (no hang) with status 1 and points to deck done/skip",
          arguments: persistentStores)
    func notATerminal(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        // No timing assertion on a shared machine: the run's timeout is what catches a hang.
        let result = try await CLI.spawn(["deck", "swipe", "--store", store, "--data-dir", cli.data.path,
                                          "--now", F.tenAM], env: cli.environment, timeout: 60)
        #expect(result.status != 0, "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("needs an interactive terminal"), "\(result)")
        #expect(result.stderr.contains("wellness deck done"), "\(result)")
        #expect(result.stderr.contains("skip"), "\(result)")
        #expect(try await cli.cardKeys(now: F.tenAM) == F.keys(on: F.yesterday), "nothing decided")
    }

    @Test("with a terminal for input but output redirected, deck swipe refuses too",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func outputNotATerminal() async throws {
        let cli = try await Sandbox().started()
        let session = try await TerminalSession(cli, ["deck", "swipe"], now: F.tenAM, redirectOutput: true)
        defer { session.close() }
        #expect(try await session.waitForExit() == 1)
        let errors = try String(contentsOf: session.file("stderr.txt"), encoding: .utf8)
        #expect(errors.contains("needs an interactive terminal"), "\(errors)")
    }

    @Test("swipe: top card in full, three stacked behind; d, + and -, s, q; terminal restored, decisions stored",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"), arguments: persistentStores)
    func swipe(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let catalog = try cli.write("small.json", F.smallCatalog)
        let session = try await TerminalSession(cli, ["deck", "swipe", "--catalog", catalog.path], now: F.tenAM)
        defer { session.close() }

        let first = try await session.waitForScreen("the first card") { $0.contains("Catch-up — 5 left") }
        let firstScreen = SwipeScreen(first)
        #expect(firstScreen.top.contains("Morning yesterday [stretch --day 2026-01-05]"), "\(first)")
        #expect(firstScreen.top.contains("\nMorning stretch\n"), "\(first)")
        #expect(firstScreen.top.contains("Five minutes of stretching."), "\(first)")
        #expect(firstScreen.top.contains("binary · medium return"), "\(first)")
        #expect(firstScreen.behind == ["Afternoon yesterday — Glasses of water", "Afternoon yesterday — Afternoon walk",
                                       "Evening yesterday — Call a friend"], "three stacked behind: \(first)")
        #expect(!first.contains("Read a book"), "only four cards are visible: \(first)")
        #expect(first.contains("q: quit"), "\(first)")
        #expect(try await !session.cursorVisible(), "the cursor is hidden while swiping")

        try await session.send("d")
        let second = try await session.waitForScreen("the second card") { $0.contains("Catch-up — 4 left") }
        let secondScreen = SwipeScreen(second)
        #expect(secondScreen.top.contains("\nGlasses of water\n"), "\(second)")
        #expect(secondScreen.top.contains("count 1"), "a counter starts at 1: \(second)")
        #expect(secondScreen.top.contains("♥ Connect your health data to see the water you logged"), "\(second)")
        #expect(secondScreen.behind == ["Afternoon yesterday — Afternoon walk", "Evening yesterday — Call a friend",
                                        "Pre-bed yesterday — Read a book"], "the next card joins the back: \(second)")
        #expect(!second.contains("Morning stretch"), "\(second)")

        try await session.send("+")
        try await session.waitForScreen("count 2") { $0.contains("count 2") }
        try await session.send("+")
        try await session.waitForScreen("count 3") { $0.contains("count 3") }
        try await session.send("-")
        try await session.waitForScreen("count 2 again") { $0.contains("count 2") && !$0.contains("count 3") }
        try await session.send("d")
        let third = try await session.waitForScreen("the third card") { $0.contains("Catch-up — 3 left") }
        #expect(SwipeScreen(third).top.contains("\nAfternoon walk"), "\(third)")

        try await session.send("s")
        let fourth = try await session.waitForScreen("the fourth card") { $0.contains("Catch-up — 2 left") }
        #expect(SwipeScreen(fourth).top.contains("\nCall a friend"), "\(fourth)")
        #expect(SwipeScreen(fourth).behind == ["Pre-bed yesterday — Read a book"], "\(fourth)")

        try await session.send("q")
        #expect(try await session.waitForExit() == 0)
        let flags = try session.terminalFlags()
        #expect(flags.isSuperset(of: ["icanon", "echo", "isig", "iexten"]), "restored: \(flags.sorted())")
        #expect(flags.isDisjoint(with: ["-icanon", "-echo", "-isig", "-iexten"]), "restored: \(flags.sorted())")
        #expect(try await session.cursorVisible(), "the cursor is shown again")

        // Another process sees what was swiped: done at local noon (11:00Z), the count, the skip.
        let extra = ["--catalog", catalog.path]
        let stretch = try await cli.history("stretch", now: F.tenAM, extra)
        #expect(stretch.completions.map { $0["timestamp"] as? String } == ["2026-01-05T11:00:00.000Z"])
        #expect(stretch.completions.map { $0["count"] as? Int } == [1])
        #expect(stretch.decisions.map { $0["status"] as? String } == ["done"])
        let water = try await cli.history("water_glasses", now: F.tenAM, extra)
        #expect(water.completions.map { $0["day"] as? String } == [F.yesterday])
        #expect(water.completions.map { $0["timestamp"] as? String } == ["2026-01-05T11:00:00.000Z"])
        #expect(water.completions.map { $0["count"] as? Int } == [2])
        #expect(water.decisions.map { $0["status"] as? String } == ["done"])
        #expect(water.decisions.map { $0["count"] as? Int } == [2])
        let walk = try await cli.history("walk", now: F.tenAM, extra)
        #expect(walk.completions.isEmpty)
        #expect(walk.decisions.map { $0["status"] as? String } == ["skipped"])
        for id in ["call_friend", "read"] {
            let history = try await cli.history(id, now: F.tenAM, extra)
            #expect(history.completions.isEmpty && history.decisions.isEmpty, "\(id) was not reached")
        }
        #expect(try await cli.cardKeys(now: F.tenAM, extra) == ["call_friend@2026-01-05", "read@2026-01-05"])
    }

    @Test("swipe with the arrow keys: → done, ← skip; after the last card it shows the summary and exits by itself",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"), arguments: persistentStores)
    func arrows(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let catalog = try cli.write("two.json", F.twoCardCatalog)
        let session = try await TerminalSession(cli, ["deck", "swipe", "--catalog", catalog.path], now: F.tenAM)
        defer { session.close() }
        try await session.waitForScreen("the first card") { $0.contains("Catch-up — 2 left") }
        try await session.send("Right")
        let second = try await session.waitForScreen("the second card") { $0.contains("Catch-up — 1 left") }
        #expect(SwipeScreen(second).top.contains("\nGlasses of water"), "\(second)")
        try await session.send("Left")
        let last = try await session.waitForScreen("the end") { $0.contains("Deck done") }
        #expect(last.contains("Deck done — everything is settled."), "\(last)")
        #expect(last.contains("Morning: 2 h 0 min left."), "\(last)")
        #expect(try await session.waitForExit() == 0)
        let flags = try session.terminalFlags()
        #expect(flags.isSuperset(of: ["icanon", "echo"]) && flags.isDisjoint(with: ["-icanon", "-echo"]),
                "\(flags.sorted())")

        let extra = ["--catalog", catalog.path]
        let stretch = try await cli.history("stretch", now: F.tenAM, extra)
        #expect(stretch.decisions.map { $0["status"] as? String } == ["done"])
        #expect(stretch.completions.count == 1)
        let water = try await cli.history("water_glasses", now: F.tenAM, extra)
        #expect(water.decisions.map { $0["status"] as? String } == ["skipped"])
        #expect(water.completions.isEmpty)
        #expect(try await cli.cardKeys(now: F.tenAM, extra).isEmpty)
    }

    @Test("Ctrl-C quits without deciding anything, and restores the terminal",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func controlC() async throws {
        let cli = try await Sandbox().started()
        let session = try await TerminalSession(cli, ["deck", "swipe"], now: F.tenAM)
        defer { session.close() }
        let first = try await session.waitForScreen("the first card") { $0.contains("Catch-up — 16 left") }
        #expect(SwipeScreen(first).top.contains("\nCharge your biofeedback device\n"), "\(first)")
        #expect(SwipeScreen(first).behind.first == "Morning yesterday — Drink water on waking", "\(first)")
        try await session.send("C-c")
        #expect(try await session.waitForExit() == 0)
        let flags = try session.terminalFlags()
        #expect(flags.isSuperset(of: ["icanon", "echo", "isig"]) && flags.isDisjoint(with: ["-icanon", "-echo", "-isig"]),
                "\(flags.sorted())")
        #expect(try await session.cursorVisible())
        #expect(try await cli.cardKeys(now: F.tenAM) == F.keys(on: F.yesterday))
    }

    @Test("an empty deck: swipe says so and exits at once", .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func emptyDeck() async throws {
        let cli = try await Sandbox().started()
        let catalog = try cli.write("anytime.json", """
            [{"id": "vitamins", "title": "Vitamins", "sections": ["anytime"], "trackingType": "binary"}]
            """)
        let session = try await TerminalSession(cli, ["deck", "swipe", "--catalog", catalog.path], now: F.lateNight)
        defer { session.close() }
        #expect(try await session.waitForExit() == 0)
        let screen = try await session.screen()
        #expect(screen.contains("Deck done"), "\(screen)")
        #expect(screen.contains("All caught up"), "\(screen)")
    }

    @Test("a card decided by another process meanwhile: swiping it decides it again, replacing the other decision",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func decidedElsewhere() async throws {
        let cli = try await Sandbox().started()
        let catalog = try cli.write("small.json", F.smallCatalog)
        let extra = ["--catalog", catalog.path]
        let session = try await TerminalSession(cli, ["deck", "swipe"] + extra, now: F.tenAM)
        defer { session.close() }
        try await session.waitForScreen("the first card") { $0.contains("Catch-up — 5 left") }
        try await cli.ok(["deck", "skip", "stretch", "--day", F.yesterday] + extra, now: F.tenAM)
        try await session.send("d")
        let next = try await session.waitForScreen("the second card") { $0.contains("Catch-up — 4 left") }
        #expect(!next.contains("not in the catch-up deck"), "\(next)")
        #expect(SwipeScreen(next).top.contains("\nGlasses of water"), "\(next)")
        try await session.send("q")
        #expect(try await session.waitForExit() == 0)
        let stretch = try await cli.history("stretch", now: F.tenAM, extra)
        #expect(stretch.decisions.map { $0["status"] as? String } == ["done"], "the last decision stands")
        #expect(stretch.completions.count == 1)
    }

    /// Keys typed faster than the deck redraws (or pasted) reach the program in one read; each
    /// must still count. `RawTerminal.readKey()` reads up to 8 bytes and treats any chunk other
    /// than exactly one ASCII byte or one arrow sequence as an unknown key, so `dd` typed
    /// quickly is dropped entirely.
    @Test("keys typed ahead in one burst are each handled (dd settles two cards)",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func typeAhead() async throws {
        let cli = try await Sandbox().started()
        let catalog = try cli.write("small.json", F.smallCatalog)
        let extra = ["--catalog", catalog.path]
        let session = try await TerminalSession(cli, ["deck", "swipe"] + extra, now: F.tenAM)
        defer { session.close() }
        try await session.waitForScreen("the first card") { $0.contains("Catch-up — 5 left") }
        try await session.type("dd")
        do {
            try await session.waitForScreen("two cards settled") { $0.contains("Catch-up — 3 left") }
        } catch {
            Issue.record("typing \"dd\" in one burst did not settle two cards: \(error)")
        }
        try await session.send("q")
        _ = try await session.waitForExit()
        #expect(try await cli.cardKeys(now: F.tenAM, extra) == Array(F.smallDeck.dropFirst(2)))
    }
}
