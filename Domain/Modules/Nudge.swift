/// A suggestion to adapt the app to how it is actually used.
public enum Nudge: Sendable, Equatable {
    /// An enabled module that has not been used for `daysSinceUse` days.
    case disableUnused(module: TrackingModule, daysSinceUse: Int)
    /// A module worth switching on now, with the reason why.
    case enableSuggestion(module: TrackingModule, reason: EnableReason)
    /// The dog has grown out of the puppy phase while puppy modules are still on.
    case phaseTransition(from: DogLifePhase, to: DogLifePhase)
    /// Several modules seem unused: switch them all off at once.
    case simplifyMode

    /// Why a module is suggested.
    public enum EnableReason: String, Sendable, Equatable, Codable {
        /// A puppy under 16 weeks is in its key socialization window.
        case socializationWindow
        /// A puppy under six months learns the basics most easily.
        case trainingWindow
        /// A puppy under a year reaches its milestones.
        case milestonesWindow

        public var text: LocalizedText { LocalizedText("nudge.suggest.reason.\(rawValue)") }
    }

    /// The kind, as named in machine output.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case disableUnused, enableSuggestion, phaseTransition, simplifyMode
    }

    /// Stable identifier: `disable_<module>`, `enable_<module>`, `phase_<phase>`, `simplify`.
    public var id: NudgeID {
        switch self {
        case .disableUnused(let module, _): .disable(module)
        case .enableSuggestion(let module, _): .enable(module)
        case .phaseTransition(_, let to): .phase(to)
        case .simplifyMode: .simplify
        }
    }

    public var kind: Kind {
        switch self {
        case .disableUnused: .disableUnused
        case .enableSuggestion: .enableSuggestion
        case .phaseTransition: .phaseTransition
        case .simplifyMode: .simplifyMode
        }
    }

    /// The module the nudge is about, if any.
    public var module: TrackingModule? {
        switch self {
        case .disableUnused(let module, _), .enableSuggestion(let module, _): module
        case .phaseTransition, .simplifyMode: nil
        }
    }

    public var title: LocalizedText {
        switch self {
        case .disableUnused(let module, _): LocalizedText("nudge.unused.title", [.text(module.name)])
        case .enableSuggestion(let module, _): LocalizedText("nudge.suggest.title", [.text(module.name)])
        case .phaseTransition(_, let to): LocalizedText("nudge.phase.title", [.text(to.name)])
        case .simplifyMode: LocalizedText("nudge.simplify.title")
        }
    }

    public var subtitle: LocalizedText {
        switch self {
        case .disableUnused(_, let days): LocalizedText("nudge.unused.subtitle", [.number(days)])
        case .enableSuggestion(_, let reason): reason.text
        case .phaseTransition: LocalizedText("nudge.phase.subtitle")
        case .simplifyMode: LocalizedText("nudge.simplify.subtitle")
        }
    }

    /// The label of the nudge's action button.
    public var actionLabel: LocalizedText {
        switch self {
        case .disableUnused: LocalizedText("nudge.disable")
        case .enableSuggestion: LocalizedText("nudge.enable")
        case .phaseTransition: LocalizedText("nudge.review")
        case .simplifyMode: LocalizedText("nudge.simplify")
        }
    }

    /// The SF Symbol an Apple client shows for the nudge (kept as data).
    public var systemImage: String {
        switch self {
        case .disableUnused(let module, _), .enableSuggestion(let module, _): module.systemImage
        case .phaseTransition: "sparkles"
        case .simplifyMode: "leaf"
        }
    }
}
