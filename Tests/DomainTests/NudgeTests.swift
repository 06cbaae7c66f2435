import Foundation
import Testing
import WellnessDomain

@Suite("Nudge")
struct NudgeTests {
    @Test("disableUnused: texts name the module and the day count")
    func disableUnused() {
        let nudge = Nudge.disableUnused(module: .walks, daysSinceUse: 31)
        #expect(nudge.title == LocalizedText("nudge.unused.title", [.text(LocalizedText("module.walks"))]))
        #expect(nudge.subtitle == LocalizedText("nudge.unused.subtitle", [.number(31)]))
        #expect(nudge.actionLabel == LocalizedText("nudge.disable"))
        #expect(nudge.id == .disable(.walks))
        #expect(nudge.kind == .disableUnused)
        #expect(nudge.module == .walks)
        #expect(nudge.systemImage == "figure.walk")
    }

    @Test("enableSuggestion: title names the module, subtitle is the reason")
    func enableSuggestion() {
        let nudge = Nudge.enableSuggestion(module: .socialization, reason: .socializationWindow)
        #expect(nudge.title == LocalizedText("nudge.suggest.title", [.text(LocalizedText("module.socialization"))]))
        #expect(nudge.subtitle == LocalizedText("nudge.suggest.reason.socializationWindow"))
        #expect(nudge.actionLabel == LocalizedText("nudge.enable"))
        #expect(nudge.id == .enable(.socialization))
        #expect(nudge.kind == .enableSuggestion)
        #expect(nudge.module == .socialization)
        #expect(nudge.systemImage == "person.3")
    }

    @Test("phaseTransition: title names the new phase", arguments: [DogLifePhase.adult, .senior])
    func phaseTransition(to phase: DogLifePhase) {
        let nudge = Nudge.phaseTransition(from: .puppy, to: phase)
        #expect(nudge.title == LocalizedText("nudge.phase.title", [.text(LocalizedText("phase.\(phase.rawValue)"))]))
        #expect(nudge.subtitle == LocalizedText("nudge.phase.subtitle"))
        #expect(nudge.actionLabel == LocalizedText("nudge.review"))
        #expect(nudge.id == .phase(phase))
        #expect(nudge.kind == .phaseTransition)
        #expect(nudge.module == nil)
        #expect(nudge.systemImage == "sparkles")
    }

    @Test("simplifyMode: fixed texts without arguments")
    func simplifyMode() {
        let nudge = Nudge.simplifyMode
        #expect(nudge.title == LocalizedText("nudge.simplify.title"))
        #expect(nudge.title.arguments.isEmpty)
        #expect(nudge.subtitle == LocalizedText("nudge.simplify.subtitle"))
        #expect(nudge.actionLabel == LocalizedText("nudge.simplify"))
        #expect(nudge.id == .simplify)
        #expect(nudge.kind == .simplifyMode)
        #expect(nudge.module == nil)
        #expect(nudge.systemImage == "leaf")
    }

    @Test("a disable nudge uses its module's symbol", arguments: TrackingModule.allCases)
    func moduleSymbol(module: TrackingModule) {
        #expect(Nudge.disableUnused(module: module, daysSinceUse: 30).systemImage == module.systemImage)
        #expect(Nudge.disableUnused(module: module, daysSinceUse: 30).id.description == "disable_\(module.rawValue)")
    }
}
