import WellnessDomain

/// Marks a supplement taken or not taken for a day (today by default), saved at once.
public struct SetSupplementTaken: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]
    let time: TimeContext

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, time: TimeContext, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
        self.time = time
    }

    /// Saves whether the supplement `reference` names was taken on `day` (today when `nil`) and returns the
    /// log; throws `InvalidValue` when it names none or several, and `TimeProblem` for a day after today.
    @discardableResult
    public func execute(_ reference: String, taken: Bool, day: LocalDay? = nil) async throws -> SupplementLog {
        let supplement = try await SeededStack(supplements, defaults: defaults).load().find(reference)
        let log = SupplementLog(day: try day.map(time.recordable) ?? time.today(), supplementID: supplement.id, taken: taken,
                                timestamp: time.now())
        try await supplements.save(log)
        return log
    }
}
