import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Suggestions to adapt the app to how it is used (seed 000).
    public struct Nudges: Sendable {
        let evaluateNudges: EvaluateNudges
        let dismissNudge: DismissNudge
        let applyNudge: ApplyNudge

        init(repositories: WellnessRepositories, rules: NudgeRules, time: TimeContext) {
            evaluateNudges = EvaluateNudges(settings: repositories.moduleSettings, profiles: repositories.dogProfile,
                                            snoozes: repositories.nudgeSnoozes, rules: rules, time: time)
            dismissNudge = DismissNudge(nudges: evaluateNudges, snoozes: repositories.nudgeSnoozes, time: time)
            applyNudge = ApplyNudge(settings: repositories.moduleSettings, profiles: repositories.dogProfile,
                                    rules: rules, time: time)
        }

        /// The nudges that apply now, in a stable order.
        public func evaluate() async throws -> [Nudge] { try await evaluateNudges.execute() }

        /// "Not now": hides a nudge for 30 days.
        @discardableResult
        public func dismiss(_ id: NudgeID) async throws -> NudgeSnooze { try await dismissNudge.execute(id) }

        /// Carries out a nudge's action.
        @discardableResult
        public func apply(_ id: NudgeID) async throws -> NudgeOutcome { try await applyNudge.execute(id) }
    }
}
