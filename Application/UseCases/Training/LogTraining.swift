import Foundation
import WellnessDomain

/// Records a training session, and with it a use of the training module, in one transaction.
public struct LogTraining: Sendable {
    let sessions: ModuleTracker<TrainingRecords>
    let time: TimeContext

    /// A use case writing through `sessions` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(sessions: ModuleTracker<TrainingRecords>, time: TimeContext) {
        self.sessions = sessions
        self.time = time
    }

    /// Records a session of `skill` at `at` (now by default; never in the future), as long as
    /// `minutes`, scored `score`. Throws `ModuleOffError` when the training module is off,
    /// `TimeProblem` for a moment in the future, `TrainingError` for the rest.
    @discardableResult
    public func execute(skill: String, at: Date? = nil, minutes: Int? = nil, score: Int? = nil) async throws
        -> TrainingSession {
        let now = time.now()
        try await ModuleOffError.requireOn(.training, in: sessions.modules, now: now)
        let session = try TrainingSession(skill: skill, at: try time.recordable(at ?? now), minutes: minutes, score: score)
        try await sessions.write([session], removing: [], module: .training, at: now)
        return session
    }
}

/// Every skill trained, with its sessions, scores and trend.
public struct GetTrainingProgress: Sendable {
    let sessions: any RecordRepository<TrainingRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's training `sessions` and its `modules`, with now from `time`.
    public init(sessions: any RecordRepository<TrainingRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.sessions = sessions
        self.modules = modules
        self.time = time
    }

    /// Each skill, by name (`TrainingProgress.skills`). Throws `ModuleOffError` when the training module is off.
    public func execute() async throws -> [SkillProgress] {
        try await ModuleOffError.requireOn(.training, in: modules, now: time.now())
        return TrainingProgress.skills(try await sessions.all())
    }
}
