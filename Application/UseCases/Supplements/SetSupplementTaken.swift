import WellnessDomain

/// Marks a supplement taken or not taken for a day (today by default), saved at once.
public struct SetSupplementTaken: Sendable {
    let supplements: any SupplementRepository
    let time: TimeContext

    public init(supplements: any SupplementRepository, time: TimeContext) {
        self.supplements = supplements
        self.time = time
    }

    @discardableResult
    public func execute(_ reference: String, taken: Bool, day: LocalDay? = nil) async throws -> SupplementLog {
        let supplement = try await SeededStack(supplements).load().find(reference)
        let log = SupplementLog(day: try day.map(time.recordable) ?? time.today(), supplementID: supplement.id, taken: taken,
                                timestamp: time.now())
        try await supplements.save(log)
        return log
    }
}
