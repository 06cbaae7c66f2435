import Foundation
import WellnessDomain

/// Records what the puppy met, and with it a use of the socialization module, in one transaction.
public struct LogSocialization: Sendable {
    let exposures: ModuleTracker<SocializationRecords>
    let time: TimeContext

    /// A use case writing through `exposures` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(exposures: ModuleTracker<SocializationRecords>, time: TimeContext) {
        self.exposures = exposures
        self.time = time
    }

    /// Records that the puppy met `what` of `category` at `at` (now by default; never in the
    /// future) and reacted `reaction` (1 fearful to 5 relaxed). Throws `ModuleOffError` when the
    /// socialization module is off, `TimeProblem` for a moment in the future,
    /// `SocializationError` for the rest.
    @discardableResult
    public func execute(_ what: String, category: SocializationCategory, reaction: Int, at: Date? = nil)
        async throws -> SocializationExposure {
        let now = time.now()
        try await ModuleOffError.requireOn(.socialization, in: exposures.modules, now: now)
        let exposure = try SocializationExposure(what: what, category: category, reaction: reaction,
                                                 at: try time.recordable(at ?? now))
        try await exposures.write([exposure], removing: [], module: .socialization, at: now)
        return exposure
    }
}

/// How socialization is going, per category, over the puppy's socialization window.
public struct GetSocializationProgress: Sendable {
    let exposures: any RecordRepository<SocializationRecords>
    let profiles: any DogProfileRepository
    let modules: any ModuleSettingsRepository
    let windowWeeks: Int
    let time: TimeContext

    /// A use case on the store's `exposures`, its dog profile (`profiles`, for the window) and
    /// its `modules`, with a window of `windowWeeks` weeks and today from `time`.
    public init(exposures: any RecordRepository<SocializationRecords>, profiles: any DogProfileRepository,
                modules: any ModuleSettingsRepository, windowWeeks: Int, time: TimeContext) {
        self.exposures = exposures
        self.profiles = profiles
        self.modules = modules
        self.windowWeeks = windowWeeks
        self.time = time
    }

    /// Each category's exposures and reactions, in and out of the window (from the dog's birth
    /// date; without a profile, every exposure counts). Throws `ModuleOffError` when the
    /// socialization module is off.
    public func execute() async throws -> SocializationProgress {
        try await ModuleOffError.requireOn(.socialization, in: modules, now: time.now())
        return SocializationProgress.of(try await exposures.all(), birthDate: try await profiles.load()?.birthDate,
                                        weeks: windowWeeks, today: time.today(), calendar: time.calendar)
    }
}
