import WellnessDomain

/// What applying a nudge did.
public enum NudgeOutcome: Sendable, Equatable {
    /// These modules were switched off (one for "disable", every inactive one for "simplify"),
    /// as they are stored now.
    case disabled([ModuleEntry])
    /// This module was switched on, as it is stored now.
    case enabled(ModuleEntry)
    /// Nothing changed: these are the puppy-specific modules to review, in declaration order.
    case review([ModuleEntry])
}
