import Foundation
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// In-memory repositories, a fixed clock and the person's calendar, with the use cases on them.
struct TestWorld {
    let clock: FixedWallClock
    let calendar: Calendar
    let time: TimeContext
    let settings: InMemoryModuleSettingsRepository
    let profiles: InMemoryDogProfileRepository
    let snoozes: InMemoryNudgeSnoozeRepository

    init(now: String = "2026-03-01T10:00:00+01:00", zone: String = "Europe/Amsterdam",
         settings: ModuleSettings? = nil, profile: DogProfile? = nil) {
        clock = FixedWallClock(Fixtures.instant(now))
        calendar = Fixtures.calendar(zone)
        time = TimeContext(clock: clock, calendar: calendar)
        self.settings = InMemoryModuleSettingsRepository(settings)
        profiles = InMemoryDogProfileRepository(profile)
        snoozes = InMemoryNudgeSnoozeRepository()
    }

    var now: Date { clock.now() }

    /// Moves the clock `days` local calendar days forward.
    func advance(days: Int) { clock.advance(days: days, calendar: calendar) }

    var listModules: ListModules { ListModules(settings: settings, time: time) }
    var setModulesEnabled: SetModulesEnabled { SetModulesEnabled(settings: settings, time: time) }
    var resetModules: ResetModules { ResetModules(settings: settings, time: time) }
    var recordModuleUse: RecordModuleUse { RecordModuleUse(settings: settings, time: time) }
    var setDogProfile: SetDogProfile { SetDogProfile(profiles: profiles, time: time) }
    var getDogProfile: GetDogProfile { GetDogProfile(profiles: profiles, time: time) }
    var evaluateNudges: EvaluateNudges {
        EvaluateNudges(settings: settings, profiles: profiles, snoozes: snoozes, time: time)
    }
    var dismissNudge: DismissNudge {
        DismissNudge(nudges: evaluateNudges, snoozes: snoozes, time: time)
    }
    var applyNudge: ApplyNudge { ApplyNudge(settings: settings, profiles: profiles, time: time) }
    var todaySummary: GetTodaySummary {
        GetTodaySummary(modules: listModules, profile: getDogProfile, nudges: evaluateNudges, time: time)
    }
}
