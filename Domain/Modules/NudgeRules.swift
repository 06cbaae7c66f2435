import Foundation

/// The pure rules that decide which nudges apply.
public struct NudgeRules: Sendable {
    /// Days without activity after which an enabled module counts as unused.
    public var inactivityThreshold: Int
    /// A puppy younger than this many weeks is in its socialization window.
    public var socializationWindowWeeks: Int
    /// How many inactive modules make the app worth simplifying.
    public var simplifyThreshold: Int

    public init(inactivityThreshold: Int = 30, socializationWindowWeeks: Int = 16, simplifyThreshold: Int = 3) {
        self.inactivityThreshold = inactivityThreshold
        self.socializationWindowWeeks = socializationWindowWeeks
        self.simplifyThreshold = simplifyThreshold
    }

    /// Enabled known modules with no activity for `inactivityThreshold` local days, in
    /// declaration order, with their day count. A module with no recorded activity at all is
    /// never called inactive: its idle time would be invented.
    public func inactiveModules(_ settings: ModuleSettings, now: Date, calendar: Calendar)
        -> [(module: TrackingModule, days: Int)]
    {
        settings.enabledModules.compactMap { module in
            guard let days = settings.entry(for: module).daysSinceActivity(now: now, calendar: calendar),
                  days >= inactivityThreshold else { return nil }
            return (module, days)
        }
    }

    /// How long each puppy module is worth switching on, in weeks of the dog's age, and why, in
    /// declaration order: socialization in its window (``socializationWindowWeeks``), training
    /// under six months (26 weeks), milestones under a year (52 weeks, the puppy phase).
    public var growingUpWindows: [(module: TrackingModule, weeks: Int, reason: Nudge.EnableReason)] {
        [(.socialization, socializationWindowWeeks, .socializationWindow),
         (.training, Self.trainingWindowWeeks, .trainingWindow),
         (.milestones, Self.milestonesWindowWeeks, .milestonesWindow)]
    }

    /// A puppy younger than this many weeks (six months) is suggested the training module.
    public static let trainingWindowWeeks = 26
    /// A puppy younger than this many weeks (a year) is suggested the milestones module.
    public static let milestonesWindowWeeks = 52

    /// Every nudge that applies now, before snoozes, in a fixed order: unused modules (in
    /// declaration order), phase transition, simplify, then the growing-up suggestions of the
    /// modules that are off (``growingUpWindows``).
    public func nudges(settings: ModuleSettings, profile: DogProfile?, now: Date, calendar: Calendar) -> [Nudge] {
        let inactive = inactiveModules(settings, now: now, calendar: calendar)
        var nudges = inactive.map { Nudge.disableUnused(module: $0.module, daysSinceUse: $0.days) }

        let today = LocalDay(now, in: calendar)
        let phase = profile?.lifePhase(today: today)
        if let phase, phase != .puppy,
           !TrackingModule.puppySpecific.isDisjoint(with: settings.enabledModules) {
            nudges.append(.phaseTransition(from: .puppy, to: phase))
        }
        if inactive.count >= simplifyThreshold {
            nudges.append(.simplifyMode)
        }
        if let profile {
            let weeks = profile.ageInWeeks(today: today)
            for window in growingUpWindows where weeks < window.weeks && !settings.isEnabled(window.module) {
                nudges.append(.enableSuggestion(module: window.module, reason: window.reason))
            }
        }
        return nudges
    }

    /// The nudges that apply now and are not snoozed.
    public func visibleNudges(settings: ModuleSettings, profile: DogProfile?, snoozes: [NudgeSnooze],
                              now: Date, calendar: Calendar) -> [Nudge] {
        nudges(settings: settings, profile: profile, now: now, calendar: calendar).filter { nudge in
            !snoozes.contains { $0.hides(nudge.id, at: now) }
        }
    }
}
