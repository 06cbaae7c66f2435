import WellnessDomain

/// "Not now": hides a nudge that applies for 30 days; it returns only if it still applies then.
public struct DismissNudge: Sendable {
    let nudges: EvaluateNudges
    let snoozes: any NudgeSnoozeRepository
    let time: TimeContext

    /// A use case on the nudges `nudges` finds, keeping snoozes in `snoozes`, with now from `time`.
    public init(nudges: EvaluateNudges, snoozes: any NudgeSnoozeRepository, time: TimeContext) {
        self.nudges = nudges
        self.snoozes = snoozes
        self.time = time
    }

    /// Snoozes nudge `id` for 30 days and returns the snooze; throws `NudgeError.notApplicable` when it
    /// does not apply now.
    @discardableResult
    public func execute(_ id: NudgeID) async throws -> NudgeSnooze {
        let now = time.now()
        let applicable = try await nudges.applicable(at: now).map(\.id)
        guard applicable.contains(id) else { throw NudgeError.notApplicable(id, applicable: applicable) }
        let snooze = NudgeSnooze.notNow(id, now: now, calendar: time.calendar)
        try await snoozes.save(snooze)
        return snooze
    }
}
