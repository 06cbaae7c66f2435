import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Socialization (the socialization module of seed 000): what the puppy met, by category, and
    /// how it reacted, over its socialization window. Every write records a use of the module;
    /// every call is refused with `ModuleOffError` while the module is off.
    public struct Socialization: Sendable {
        let logSocialization: LogSocialization
        let getSocializationProgress: GetSocializationProgress

        init(repositories: WellnessRepositories, windowWeeks: Int, time: TimeContext) {
            logSocialization = LogSocialization(exposures: repositories.tracker(for: SocializationRecords.self), time: time)
            getSocializationProgress = GetSocializationProgress(
                exposures: repositories.records.repository(for: SocializationRecords.self),
                profiles: repositories.dogProfile, modules: repositories.moduleSettings,
                windowWeeks: windowWeeks, time: time)
        }

        /// Records that the puppy met `what` of `category` at `at` (now by default) and reacted
        /// `reaction` (1 fearful to 5 relaxed).
        @discardableResult
        public func log(_ what: String, category: SocializationCategory, reaction: Int, at: Date? = nil) async throws
            -> SocializationExposure {
            try await logSocialization.execute(what, category: category, reaction: reaction, at: at)
        }

        /// Each category's exposures and reactions over the socialization window.
        public func progress() async throws -> SocializationProgress { try await getSocializationProgress.execute() }
    }
}
