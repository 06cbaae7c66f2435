import WellnessDomain

/// Stores "Not now" snoozes of nudges.
public protocol NudgeSnoozeRepository: Sendable {
    /// Every stored snooze, expired ones included, ordered by nudge id.
    func all() async throws -> [NudgeSnooze]

    /// Saves a snooze, replacing any earlier snooze of the same nudge.
    func save(_ snooze: NudgeSnooze) async throws
}
