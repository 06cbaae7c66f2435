import WellnessDomain

/// Tips from the server through the process's ``ServerConnectivity``: asked only after the
/// waiting check-ins had their chance to go out (with `flush`), not asked at all while offline
/// (``GoalTipsServiceError/unavailable(_:)``: the cached or the rules' tips answer), and a
/// service that cannot be reached takes the process offline.
public struct ConnectedGoalTipsService: GoalTipsService {
    let service: any GoalTipsService
    let connectivity: ServerConnectivity
    let flush: FlushCheckinQueue?

    /// Asks `service` for tips as `connectivity` allows, sending the queue with `flush` first.
    public init(_ service: any GoalTipsService, connectivity: ServerConnectivity, sendingFirst flush: FlushCheckinQueue?) {
        self.service = service
        self.connectivity = connectivity
        self.flush = flush
    }

    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        try await connectivity.callTipsService(sendingFirst: flush) { () async throws(GoalTipsServiceError) -> TipsAnswer in
            try await service.tips(for: goal, context: context)
        }
    }
}
