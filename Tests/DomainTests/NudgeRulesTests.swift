import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("NudgeRules")
struct NudgeRulesTests {
    let calendar = Fixtures.calendar("Europe/Amsterdam")
    let rules = NudgeRules()
    /// First run: 1 March 2026, 10:00 in Amsterdam.
    let t0 = Fixtures.instant("2026-03-01T10:00:00+01:00")

    func day(_ days: Int) -> Date { DomainFixtures.adding(days: days, to: t0, in: calendar) }

    /// Only `modules` on, all switched on at `enabledAt`, never used.
    func settings(_ modules: [TrackingModule], enabledAt: Date) -> ModuleSettings {
        ModuleSettings(entries: modules.map { ModuleEntry(module: $0.rawValue, isEnabled: true, enabledAt: enabledAt) })
    }

    func profile(born: String) -> DogProfile {
        DogProfile(storedName: "Bobbie", birthDate: Fixtures.day(born))
    }

    func nudges(_ settings: ModuleSettings, profile: DogProfile? = nil, at now: Date) -> [Nudge] {
        rules.nudges(settings: settings, profile: profile, now: now, calendar: calendar)
    }

    // MARK: - Unused modules

    @Test("defaults")
    func defaults() {
        #expect(rules.inactivityThreshold == 30)
        #expect(rules.socializationWindowWeeks == 16)
        #expect(rules.simplifyThreshold == 3)
    }

    @Test("a new user is not nudged on day one, nor before 30 days")
    func newUser() {
        let settings = ModuleSettings.defaults(at: t0)
        #expect(nudges(settings, at: t0).isEmpty)
        #expect(nudges(settings, at: day(1)).isEmpty)
        #expect(nudges(settings, at: day(29)).isEmpty)
    }

    @Test("a new user who never uses the defaults is nudged after 30 days")
    func newUserAfterThirtyDays() {
        let settings = ModuleSettings.defaults(at: t0)
        #expect(nudges(settings, at: day(30)) == [
            .disableUnused(module: .medications, daysSinceUse: 30),
            .disableUnused(module: .walks, daysSinceUse: 30),
            .disableUnused(module: .feeding, daysSinceUse: 30),
            .disableUnused(module: .documents, daysSinceUse: 30),
            .simplifyMode,
        ])
    }

    @Test("a module is unused from exactly 30 local days", arguments: [0, 1, 15, 29, 30, 31, 90])
    func threshold(days: Int) {
        let settings = settings([.walks], enabledAt: t0)
        let expected: [Nudge] = days >= 30 ? [.disableUnused(module: .walks, daysSinceUse: days)] : []
        #expect(nudges(settings, at: day(days)) == expected)
    }

    @Test("the threshold counts calendar days, not 24-hour periods, across the spring-forward")
    func thresholdAcrossDST() {
        // 30 calendar days but only 29 days 23h40m elapsed.
        let late = settings([.walks], enabledAt: Fixtures.instant("2026-03-10T23:30:00+01:00"))
        #expect(nudges(late, at: Fixtures.instant("2026-04-09T00:10:00+02:00"))
                == [.disableUnused(module: .walks, daysSinceUse: 30)])
        // 29 calendar days although 29 days 22h40m elapsed.
        let early = settings([.walks], enabledAt: Fixtures.instant("2026-03-10T00:10:00+01:00"))
        #expect(nudges(early, at: Fixtures.instant("2026-04-08T23:50:00+02:00")).isEmpty)
    }

    @Test("the threshold counts local days in the person's zone")
    func thresholdInZone() {
        let enabled = Fixtures.instant("2026-05-01T14:30:00Z")
        let now = Fixtures.instant("2026-05-31T15:30:00Z")
        let settings = settings([.walks], enabledAt: enabled)
        // Switched on at 23:30 in Tokyo but 07:30 in Los Angeles: checked at 00:30 (Tokyo) and
        // 08:30 (Los Angeles), Tokyo has passed one more midnight.
        #expect(rules.inactiveModules(settings, now: now, calendar: Fixtures.calendar("Asia/Tokyo")).map(\.days) == [31])
        #expect(rules.inactiveModules(settings, now: now, calendar: Fixtures.calendar("America/Los_Angeles")).map(\.days) == [30])
        let beforeThreshold = Fixtures.instant("2026-05-30T15:30:00Z")
        #expect(rules.inactiveModules(settings, now: beforeThreshold, calendar: Fixtures.calendar("Asia/Tokyo")).map(\.days) == [30])
        #expect(rules.inactiveModules(settings, now: beforeThreshold, calendar: Fixtures.calendar("America/Los_Angeles")).isEmpty)
    }

    @Test("recent use keeps a module from being nudged; the count restarts from the use")
    func recentUse() {
        var settings = settings([.walks], enabledAt: t0)
        settings.recordUse(of: .walks, at: day(10))
        #expect(nudges(settings, at: day(35)).isEmpty)
        #expect(nudges(settings, at: day(39)).isEmpty)
        #expect(nudges(settings, at: day(40)) == [.disableUnused(module: .walks, daysSinceUse: 30)])
    }

    @Test("re-enabling a module long unused counts from the re-enable")
    func reEnabled() {
        let entry = ModuleEntry(module: "walks", isEnabled: true, enabledAt: day(20), lastUsed: t0)
        let settings = ModuleSettings(entries: [entry])
        #expect(nudges(settings, at: day(35)).isEmpty)
        #expect(nudges(settings, at: day(50)) == [.disableUnused(module: .walks, daysSinceUse: 30)])
    }

    @Test("an enabled module with no activity at all is never nudged")
    func noActivityNeverNudged() {
        let settings = ModuleSettings(entries: [
            ModuleEntry(module: "walks", isEnabled: true),
            ModuleEntry(module: "feeding", isEnabled: true),
            ModuleEntry(module: "documents", isEnabled: true),
        ])
        #expect(nudges(settings, at: day(3650)).isEmpty)
        #expect(rules.inactiveModules(settings, now: day(3650), calendar: calendar).isEmpty)
    }

    @Test("disabled modules and modules from a newer version are never nudged")
    func disabledAndUnknown() {
        let settings = ModuleSettings(entries: [
            ModuleEntry(module: "walks", isEnabled: false, lastUsed: t0),
            ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t0),
            ModuleEntry(module: "alpha", isEnabled: true, enabledAt: t0),
            ModuleEntry(module: "zeta", isEnabled: true, enabledAt: t0),
        ])
        #expect(nudges(settings, at: day(100)).isEmpty)
    }

    @Test("unused modules come in declaration order with their day counts")
    func declarationOrder() {
        var settings = ModuleSettings(entries: TrackingModule.allCases.reversed().map {
            ModuleEntry(module: $0.rawValue, isEnabled: true, enabledAt: t0)
        })
        settings.recordUse(of: .training, at: day(5))
        let inactive = rules.inactiveModules(settings, now: day(40), calendar: calendar)
        #expect(inactive.map(\.module) == [.medications, .walks, .socialization, .training, .feeding, .documents, .milestones])
        #expect(inactive.map(\.days) == [40, 40, 40, 35, 40, 40, 40])
        let disables = nudges(settings, at: day(40)).filter { $0.kind == .disableUnused }
        #expect(disables.map(\.module) == TrackingModule.allCases.map(Optional.some))
    }

    @Test("a custom threshold is honoured")
    func customThreshold() {
        let rules = NudgeRules(inactivityThreshold: 7, socializationWindowWeeks: 16, simplifyThreshold: 2)
        let settings = settings([.walks, .feeding], enabledAt: t0)
        #expect(rules.nudges(settings: settings, profile: nil, now: day(6), calendar: calendar).isEmpty)
        #expect(rules.nudges(settings: settings, profile: nil, now: day(7), calendar: calendar) == [
            .disableUnused(module: .walks, daysSinceUse: 7),
            .disableUnused(module: .feeding, daysSinceUse: 7),
            .simplifyMode,
        ])
    }

    // MARK: - Simplify

    @Test("simplify appears only from 3 inactive modules", arguments: [1, 2, 3, 4])
    func simplify(count: Int) {
        let inactive = Array([TrackingModule.medications, .walks, .feeding, .documents].prefix(count))
        var settings = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { settings.disable($0) }
        inactive.forEach { settings.enable($0, at: t0) }
        settings.enable(.training, at: day(40)) // active: does not count
        let result = nudges(settings, at: day(40))
        #expect(result.contains(.simplifyMode) == (count >= 3))
        #expect(result.filter { $0.kind == .disableUnused }.count == count)
    }

    // MARK: - Phase transition

    @Test("phase review when the dog is no longer a puppy and a puppy module is on", arguments: [
        (TrackingModule.training, "2024-01-01", DogLifePhase.adult),
        (.socialization, "2024-01-01", .adult),
        (.milestones, "2015-01-01", .senior),
    ])
    func phaseTransition(module: TrackingModule, born: String, phase: DogLifePhase) {
        let settings = settings([.walks, module], enabledAt: t0)
        #expect(nudges(settings, profile: profile(born: born), at: day(1)) == [.phaseTransition(from: .puppy, to: phase)])
    }

    @Test("no phase review without a puppy module, for a puppy, or without a profile")
    func noPhaseTransition() {
        let noPuppyModules = ModuleSettings.defaults(at: t0)
        #expect(nudges(noPuppyModules, profile: profile(born: "2020-01-01"), at: day(1)).isEmpty)
        let puppyModules = settings([.training, .milestones, .socialization], enabledAt: t0)
        #expect(nudges(puppyModules, profile: profile(born: "2025-06-01"), at: day(1)).isEmpty)
        #expect(nudges(puppyModules, at: day(1)).isEmpty)
    }

    @Test("the phase review appears the day the dog turns 52 weeks")
    func phaseTransitionAtFiftyTwoWeeks() {
        let settings = settings([.training, .milestones], enabledAt: t0)
        // Born 2025-03-03: 363 days on 2026-03-01 (t0), 364 days on 2026-03-02.
        let dog = profile(born: "2025-03-03")
        #expect(nudges(settings, profile: dog, at: t0).isEmpty)
        #expect(nudges(settings, profile: dog, at: day(1)) == [.phaseTransition(from: .puppy, to: .adult)])
    }

    // MARK: - Socialization suggestion

    @Test("suggest each puppy module that is off within its window: socialization under 16 weeks, training under 26, milestones under 52",
          arguments: [
              ("2026-03-01", ["socialization", "training", "milestones"]),  // born today
              ("2025-11-10", ["socialization", "training", "milestones"]),  // 15 weeks 6 days
              ("2025-11-09", ["training", "milestones"]),                   // 16 weeks
              ("2025-09-01", ["training", "milestones"]),                   // 25 weeks 6 days
              ("2025-08-31", ["milestones"]),                               // 26 weeks
              ("2025-03-03", ["milestones"]),                               // 51 weeks 6 days
              ("2025-03-02", []),                                           // 52 weeks
              ("2024-01-01", []),                                           // adult
          ])
    func growingUpSuggestions(born: String, suggested: [String]) {
        let settings = ModuleSettings.defaults(at: t0)
        let reasons: [TrackingModule: Nudge.EnableReason] = [.socialization: .socializationWindow,
                                                             .training: .trainingWindow, .milestones: .milestonesWindow]
        let expected = suggested.map { TrackingModule(rawValue: $0)! }
            .map { Nudge.enableSuggestion(module: $0, reason: reasons[$0]!) }
        #expect(nudges(settings, profile: profile(born: born), at: t0) == expected)
    }

    @Test("no growing-up suggestion for a module already on, nor without a dog")
    func noGrowingUpSuggestion() {
        var settings = ModuleSettings.defaults(at: t0)
        #expect(nudges(settings, at: t0).isEmpty)
        settings.enable(.socialization, at: t0)
        #expect(nudges(settings, profile: profile(born: "2025-12-21"), at: t0)
                == [.enableSuggestion(module: .training, reason: .trainingWindow),
                    .enableSuggestion(module: .milestones, reason: .milestonesWindow)])
        settings.enable(.training, at: t0)
        settings.enable(.milestones, at: t0)
        #expect(nudges(settings, profile: profile(born: "2025-12-21"), at: t0).isEmpty)
    }

    // MARK: - Order

    @Test("order: unused modules, phase review, simplify")
    func orderAdult() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.enable(.milestones, at: t0)
        settings.recordUse(of: .walks, at: day(20))
        #expect(nudges(settings, profile: profile(born: "2020-01-01"), at: day(30)) == [
            .disableUnused(module: .medications, daysSinceUse: 30),
            .disableUnused(module: .feeding, daysSinceUse: 30),
            .disableUnused(module: .documents, daysSinceUse: 30),
            .disableUnused(module: .milestones, daysSinceUse: 30),
            .phaseTransition(from: .puppy, to: .adult),
            .simplifyMode,
        ])
    }

    @Test("order: unused modules, simplify, growing-up suggestions")
    func orderPuppy() {
        let settings = ModuleSettings.defaults(at: t0)
        // A 10-week-old puppy on day 30.
        #expect(nudges(settings, profile: profile(born: "2026-01-20"), at: day(30)) == [
            .disableUnused(module: .medications, daysSinceUse: 30),
            .disableUnused(module: .walks, daysSinceUse: 30),
            .disableUnused(module: .feeding, daysSinceUse: 30),
            .disableUnused(module: .documents, daysSinceUse: 30),
            .simplifyMode,
            .enableSuggestion(module: .socialization, reason: .socializationWindow),
            .enableSuggestion(module: .training, reason: .trainingWindow),
            .enableSuggestion(module: .milestones, reason: .milestonesWindow),
        ])
    }

    @Test("the same input always gives the same output")
    func deterministic() {
        var settings = ModuleSettings(entries: TrackingModule.allCases.shuffled().map {
            ModuleEntry(module: $0.rawValue, isEnabled: true, enabledAt: t0)
        })
        settings.recordUse(of: .feeding, at: day(3))
        let first = nudges(settings, profile: profile(born: "2019-01-01"), at: day(45))
        for _ in 0..<5 {
            #expect(nudges(settings, profile: profile(born: "2019-01-01"), at: day(45)) == first)
        }
        #expect(first.last == .simplifyMode)
    }

    // MARK: - Snoozes

    @Test("a snoozed nudge is hidden until its end and shows again from then")
    func visibleNudges() {
        let settings = settings([.walks, .feeding], enabledAt: t0)
        let snooze = NudgeSnooze.notNow(.disable(.walks), now: day(30), calendar: calendar)
        func visible(_ now: Date) -> [Nudge] {
            rules.visibleNudges(settings: settings, profile: nil, snoozes: [snooze], now: now, calendar: calendar)
        }
        #expect(visible(day(30)) == [.disableUnused(module: .feeding, daysSinceUse: 30)])
        #expect(snooze.until == day(60))
        #expect(visible(snooze.until.addingTimeInterval(-1)) == [.disableUnused(module: .feeding, daysSinceUse: 60)])
        #expect(visible(snooze.until) == [
            .disableUnused(module: .walks, daysSinceUse: 60),
            .disableUnused(module: .feeding, daysSinceUse: 60),
        ])
    }

    @Test("snoozes of other or unknown ids hide nothing")
    func otherSnoozes() {
        let settings = settings([.walks], enabledAt: t0)
        let snoozes = [
            NudgeSnooze(nudgeID: "disable_feeding", until: day(90)),
            NudgeSnooze(nudgeID: "disable_grooming", until: day(90)),
            NudgeSnooze(nudgeID: "simplify", until: day(90)),
        ]
        #expect(rules.visibleNudges(settings: settings, profile: nil, snoozes: snoozes, now: day(30), calendar: calendar)
                == [.disableUnused(module: .walks, daysSinceUse: 30)])
    }

    @Test("a snoozed nudge that no longer applies does not return")
    func snoozedThenUsed() {
        var settings = settings([.walks], enabledAt: t0)
        let snooze = NudgeSnooze.notNow(.disable(.walks), now: day(30), calendar: calendar)
        settings.recordUse(of: .walks, at: day(45))
        #expect(rules.visibleNudges(settings: settings, profile: nil, snoozes: [snooze], now: day(60), calendar: calendar).isEmpty)
    }
}
