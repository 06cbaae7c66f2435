import Foundation
import Testing
@testable import WellnessCLI
import WellnessComposition
import WellnessTestSupport

/// The CLI's own words: its string table in both languages, its errors, and the hints it adds
/// to the core's messages.
@Suite("CLI messages: its table, its errors, its hints")
struct CLIMessagesTests {
    static let cliBundle = CLIMessages.bundle

    @Test("the CLI's table has the same keys in English and Dutch, none of them the core's")
    func sameKeys() {
        let english = Localizer.keys(of: .en, in: Self.cliBundle)
        let dutch = Localizer.keys(of: .nl, in: Self.cliBundle)
        #expect(english.count > 100)
        #expect(english.subtracting(dutch).sorted() == [], "missing in Dutch")
        #expect(dutch.subtracting(english).sorted() == [], "missing in English")
        #expect(english.allSatisfy { $0.hasPrefix("cli.") })
        #expect(english.isDisjoint(with: Localizer.keys(of: .en)), "a key in both tables")
    }

    static let cliErrors: [CLIError] = [
        .invalidValue(source: "--now", value: "soon", expected: LocalizedText("cli.expected.instant")),
        .notATerminal(command: "setup", instead: "wellness setup --modules walks"), .noPassword, .passwordMismatch, .loginNeedsStore, .unreadableInput("EIO"),
        .notImported(file: "w.csv", WeightImportError.empty.message),
    ]

    @Test("every CLI error is worded in both languages", arguments: WellnessLocale.allCases)
    func cliErrorsWorded(locale: WellnessLocale) {
        let messages = CLIMessages(locale: locale)
        for error in Self.cliErrors {
            let text = messages.message(for: error)
            #expect(!text.isEmpty && !text.contains("cli.") && !text.contains("%@") && !text.contains("error."), "\(text)")
        }
    }

    @Test("the hints name the flag or command to use, after the core's message", arguments: WellnessLocale.allCases)
    func hints(locale: WellnessLocale) {
        let messages = CLIMessages(locale: locale)
        let server = URL(string: "http://127.0.0.1:8080")!
        let hinted: [(any Error, String)] = [
            (DriftError.alreadyCheckedIn(LocalDay("2026-11-20")!), "--replace"),
            (DriftError.locked(.trends30d), "wellness tier set pro"),
            (GoalTipsError.goalNotFound(Goal.ID()), "wellness goals list"),
            (GoalReferenceError(reference: "nope", ambiguous: false), "wellness goals list"),
            (GoalReferenceError(reference: "abcd", ambiguous: true), "wellness goals list"),
            (ClientSessionError.notLoggedIn, "wellness login --server URL --email EMAIL"),
            (ClientSessionError.sessionEnded(server: server, email: "ann@example.org"),
             "wellness login --server http://127.0.0.1:8080 --email ann@example.org"),
            (WellnessDemoError.storeNotEmpty("/tmp/x"), "--data-dir"),
            (ClientSessionError.insecureServer("wellness.example.org"), "--insecure"),
        ]
        for (error, hint) in hinted {
            let core = ErrorPresenter(locale: locale).message(for: error)
            let text = messages.message(for: error)
            #expect(text.hasPrefix(core + "; "), "\(text)")
            #expect(text.contains(hint), "\(text)")
        }
        #expect(messages.message(for: DriftError.notQueued("x")) == ErrorPresenter(locale: locale).message(for: DriftError.notQueued("x")),
                "no hint where the CLI has none")
    }

    @Test("English wording of the messages the CLI tests rely on")
    func englishWording() {
        let messages = CLIMessages(locale: .en)
        #expect(messages.message(for: DriftError.alreadyCheckedIn(LocalDay("2026-11-20")!))
                == "already checked in on 2026-11-20; use --replace to change it")
        #expect(messages.message(for: CLIError.invalidValue(source: "TZ", value: "Mars/Olympus",
                                                            expected: LocalizedText("cli.expected.timeZone")))
                == "invalid TZ 'Mars/Olympus': expected an IANA time zone such as Europe/Amsterdam")
    }
}
