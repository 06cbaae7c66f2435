import Foundation
import Testing
import WellnessComposition

/// The string tables: complete in English and Dutch, and every key the domain produces resolves.
@Suite("Localizer")
struct LocalizerTests {
    /// The keys seed 000 lists.
    static let seedKeys: [String] = TrackingModule.allCases.flatMap { ["module.\($0.rawValue)", "module.\($0.rawValue).desc"] }
        + ["modules.title", "modules.description", "modules.active", "modules.resetDefaults",
           "onboarding.modules.title", "onboarding.modules.subtitle", "onboarding.continue",
           "nudge.dismiss", "nudge.unused.title", "nudge.unused.subtitle", "nudge.suggest.title",
           "nudge.phase.title", "nudge.phase.subtitle", "nudge.simplify.title", "nudge.simplify.subtitle",
           "nudge.disable", "nudge.enable", "nudge.review", "nudge.simplify"]

    /// One nudge of every kind (and every module and phase where the kind has one).
    static let everyNudge: [Nudge] = TrackingModule.allCases.map { Nudge.disableUnused(module: $0, daysSinceUse: 31) }
        + TrackingModule.allCases.map { Nudge.enableSuggestion(module: $0, reason: .socializationWindow) }
        + DogLifePhase.allCases.map { Nudge.phaseTransition(from: .puppy, to: $0) }
        + [.simplifyMode]

    /// Every text the domain produces.
    static let domainTexts: [LocalizedText] = TrackingModule.allCases.flatMap { [$0.name, $0.summary] }
        + DogLifePhase.allCases.map(\.name)
        + everyNudge.flatMap { [$0.title, $0.subtitle, $0.actionLabel] }
        + [Nudge.EnableReason.socializationWindow.text]

    @Test("every seed key exists in English and in Dutch, not empty", arguments: WellnessLocale.allCases)
    func seedKeysPresent(locale: WellnessLocale) {
        let keys = Localizer.keys(of: locale)
        for key in Self.seedKeys {
            #expect(keys.contains(key), "\(locale) lacks \(key)")
        }
        let localizer = Localizer(locale: locale)
        for key in Self.seedKeys {
            let text = localizer.string(key)
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty && text != key, "\(locale): \(key)")
        }
    }

    @Test("English and Dutch have exactly the same keys")
    func sameKeys() {
        let english = Localizer.keys(of: .en)
        let dutch = Localizer.keys(of: .nl)
        #expect(!english.isEmpty)
        #expect(english.subtracting(dutch).sorted() == [], "missing in Dutch")
        #expect(dutch.subtracting(english).sorted() == [], "missing in English")
    }

    @Test("every key the domain produces resolves in both languages, with no format left over",
          arguments: WellnessLocale.allCases)
    func domainKeysResolve(locale: WellnessLocale) {
        let localizer = Localizer(locale: locale)
        let keys = Localizer.keys(of: locale)
        for text in Self.domainTexts {
            #expect(keys.contains(text.key), "\(locale) lacks \(text.key)")
            let resolved = localizer.string(text)
            #expect(resolved != text.key, "\(locale): \(text.key)")
            #expect(!resolved.isEmpty, "\(locale): \(text.key)")
            #expect(!resolved.contains("%@") && !resolved.contains("%d") && !resolved.contains("module."),
                    "\(locale): \(text.key) → \(resolved)")
        }
    }

    @Test("arguments are substituted: nested texts in the same language, numbers")
    func substitution() {
        let english = Localizer(locale: .en)
        let dutch = Localizer(locale: .nl)
        let unused = Nudge.disableUnused(module: .walks, daysSinceUse: 42)
        #expect(english.string(unused.title) == "Still using Walks?")
        #expect(english.string(unused.subtitle) == "You haven't used this in 42 days")
        #expect(dutch.string(unused.title) == "Gebruik je Wandelingen nog?")
        #expect(dutch.string(unused.subtitle) == "Je hebt dit 42 dagen niet gebruikt")
        #expect(english.string(Nudge.phaseTransition(from: .puppy, to: .senior).title) == "Time for senior mode")
        #expect(english.string("nudge.phase.title", .text(DogLifePhase.puppy.name)) == "Time for puppy mode")
        #expect(dutch.string("nudge.phase.title", .text(DogLifePhase.adult.name)).contains("volwassen"))
        #expect(english.string("error.supplement.invalidPosition", .number(4), .number(3))
                == "position 4 is outside 1...3 (the first supplement of its time of day is 1)")
        #expect(english.string("nudge.unused.subtitle", .number(-3)) == "You haven't used this in -3 days")
        #expect(english.string("nudge.suggest.title", .verbatim("100% and %@")) == "Try 100% and %@?",
                "verbatim arguments are not formats themselves")
    }

    @Test("missing arguments become empty, extra ones are ignored, an unknown key falls back to itself")
    func looseArguments() {
        let english = Localizer(locale: .en)
        #expect(english.string("nudge.unused.title") == "Still using ?")
        #expect(english.string("nudge.simplify.title", .number(1)) == "Simplify your app")
        #expect(english.string("no.such.key") == "no.such.key")
        #expect(Localizer(locale: .nl).string("no.such.key") == "no.such.key")
    }

    @Test("Dutch differs from English", arguments: ["nudge.disable", "nudge.dismiss", "nudge.enable",
                                                    "nudge.simplify.title", "module.walks", "onboarding.continue"])
    func dutchDiffers(key: String) {
        #expect(Localizer(locale: .nl).string(key) != Localizer(locale: .en).string(key))
    }

    @Test("known translations")
    func knownTranslations() {
        let dutch = Localizer(locale: .nl)
        #expect(dutch.locale == .nl)
        #expect(dutch.string("nudge.disable") == "Uitschakelen")
        #expect(dutch.string("nudge.dismiss") == "Niet nu")
        #expect(Localizer(locale: .en).string("nudge.disable") == "Disable")
        #expect(Localizer(locale: .en).string("nudge.dismiss") == "Not now")
    }
}
