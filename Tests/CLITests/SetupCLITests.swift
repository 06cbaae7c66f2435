import Foundation
import Testing
@testable import WellnessCLI
import WellnessComposition
import WellnessTestSupport

/// `wellness setup` (seed 000's first-run module selection), module descriptions, and the
/// summary's suggestion to set up.
@Suite("CLI: setup")
struct SetupCLITests {
    static let now = "2026-03-02T09:00"

    @Test("setup --modules switches on exactly those, in a later process too; the summary stops suggesting setup",
          arguments: persistentStores)
    func modulesFlag(store: String) async throws {
        let cli = try Sandbox(store: store)
        let before = try await cli.ok(["summary"], now: Self.now)
        #expect(before.stdout.contains("Run: wellness setup"), "\(before)")
        #expect((try await cli.ok(["summary", "--json"], now: Self.now).json() as? [String: Any])?["needsSetup"] as? Bool
                == true)
        let saved = try await cli.ok(["setup", "--modules", "walks, training"], now: Self.now)
        #expect(saved.stdout.contains("Saved."), "\(saved)")
        #expect(try await cli.enabledModules(now: Self.now) == ["walks", "training"])
        let after = try await cli.ok(["summary"], now: Self.now)
        #expect(!after.stdout.contains("wellness setup"), "\(after)")
        #expect((try await cli.ok(["summary", "--json"], now: Self.now).json() as? [String: Any])?["needsSetup"] as? Bool
                == false)
        let none = try #require(try await cli.ok(["setup", "--modules", "none", "--json"], now: Self.now).json()
                                    as? [[String: Any]])
        #expect(none.count == 7 && none.allSatisfy { $0["enabled"] as? Bool == false }, "\(none)")
    }

    @Test("the summary suggests setup in Dutch too, until modules are chosen")
    func dutchSuggestion() async throws {
        let cli = try Sandbox()
        let before = try await cli.ok(["summary", "--locale", "nl"], now: Self.now)
        #expect(before.stdout.contains("Je hebt nog niet gekozen wat je wilt bijhouden. Voer uit: wellness setup"), "\(before)")
        try await cli.ok(["modules", "disable", "documents"], now: Self.now)
        let after = try await cli.ok(["summary", "--locale", "nl"], now: Self.now)
        #expect(!after.stdout.contains("wellness setup"), "switching a module off is a choice too: \(after)")
    }

    @Test("setup refuses an unknown module (exit 64, naming it and the valid ones) and saves nothing",
          arguments: ["walks,flying", "", ","])
    func refused(value: String) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["setup", "--modules", value], now: Self.now)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("milestones"), "lists the valid modules: \(result)")
        let summary = try await cli.ok(["summary", "--json"], now: Self.now).json() as? [String: Any]
        #expect(summary?["needsSetup"] as? Bool == true)
    }

    @Test("setup without --modules and without a terminal says how to do it without one (exit 1)")
    func noTerminal() async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["setup"], now: Self.now)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("needs an interactive terminal") && result.stderr.contains("setup --modules"),
                "\(result)")
    }

    @Test("modules list shows each module's description, in English and Dutch",
          arguments: [("C.UTF-8", "Walks logged and planned", "DESCRIPTION"),
                      ("nl_NL.UTF-8", "Wandelingen bijhouden en plannen", "OMSCHRIJVING")])
    func descriptions(lang: String, walks: String, header: String) async throws {
        let cli = try Sandbox()
        let text = try await cli.ok(["modules", "list"], now: Self.now, extraEnv: ["LANG": lang])
        #expect(text.stdout.contains(walks) && text.stdout.contains(header), "\(text)")
        let json = try #require(try await cli.ok(["modules", "list", "--json"], now: Self.now, extraEnv: ["LANG": lang])
                                    .json() as? [[String: Any]])
        #expect(json.first { $0["module"] as? String == "walks" }?["description"] as? String == walks)
    }

    @Test("the selection: arrows move (wrapping), space switches, enter saves what is shown, q leaves")
    func selection() {
        var settings = ModuleSettings.defaults(at: Date(timeIntervalSince1970: 0))
        var selection = ModuleSelection(settings: settings)
        #expect(selection.chosen == Set(settings.enabledModules))
        let keys = RawTerminal.keys(in: ArraySlice(Array("\u{1B}[A \u{1B}[B\u{1B}[B ".utf8)))
        #expect(keys == [.up, .character(" "), .down, .down, .character(" ")])
        for key in keys { #expect(selection.press(key) == .changed) }
        // Up from the first wraps to milestones (switched on); down twice to walks (switched off).
        #expect(selection.chosen.contains(.milestones) && !selection.chosen.contains(.walks))
        #expect(selection.press(RawTerminal.keys(in: ArraySlice([0x0D]))[0]) == .saved(selection.chosen))
        #expect(selection.press(.quit) == .left)
        settings.choose(exactly: [], at: Date(timeIntervalSince1970: 0))
        let screen = ModuleSelection(settings: settings).screen(Localizer(locale: .nl))
        #expect(screen.first == "Wat wil je bijhouden?", "\(screen)")
        #expect(screen.contains { $0.hasPrefix("> [ ] ") }, "the cursor on the first module, off: \(screen)")
        #expect(screen.contains { $0.contains("Wandelingen bijhouden en plannen") }, "\(screen)")
    }

    @Test("setup in a real terminal: space switches the first module off, enter saves",
          .enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func interactive() async throws {
        let cli = try Sandbox()
        let session = try await TerminalSession(cli, ["setup"], now: Self.now)
        defer { session.close() }
        // The first screen may take a while: the whole suite shares two cores.
        try await session.waitForScreen("the selection", timeout: 180) { $0.contains("What would you like to track?") }
        try await session.send("Space")
        try await session.waitForScreen("medications off") { $0.contains("> [ ] Medications") }
        try await session.send("Enter")
        #expect(try await session.waitForExit() == 0)
        #expect(try await cli.enabledModules(now: Self.now) == ["walks", "feeding", "documents"])
    }
}
