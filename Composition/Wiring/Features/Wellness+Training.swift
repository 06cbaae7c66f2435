import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Training (the training module of seed 000): sessions per skill, with minutes and a score,
    /// and each skill's progress. Every write records a use of the module; every call is refused
    /// with `ModuleOffError` while the module is off.
    public struct Training: Sendable {
        let logTraining: LogTraining
        let getTrainingProgress: GetTrainingProgress

        init(repositories: WellnessRepositories, time: TimeContext) {
            logTraining = LogTraining(sessions: repositories.tracker(for: TrainingRecords.self), time: time)
            getTrainingProgress = GetTrainingProgress(sessions: repositories.records.repository(for: TrainingRecords.self),
                                                      modules: repositories.moduleSettings, time: time)
        }

        /// Records a session of `skill` at `at` (now by default), as long as `minutes`, scored `score` (1 to 5).
        @discardableResult
        public func log(_ skill: String, at: Date? = nil, minutes: Int? = nil, score: Int? = nil) async throws
            -> TrainingSession {
            try await logTraining.execute(skill: skill, at: at, minutes: minutes, score: score)
        }

        /// Every skill trained, by name, with its sessions, last and best score and trend.
        public func progress() async throws -> [SkillProgress] { try await getTrainingProgress.execute() }
    }
}
