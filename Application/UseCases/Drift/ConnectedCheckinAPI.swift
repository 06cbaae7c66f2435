import WellnessDomain

/// The check-in API through the process's ``ServerConnectivity``: offline, a check-in is not
/// tried (it stays queued, its tries untouched); a send that finds the server unreachable takes
/// the process offline.
public struct ConnectedCheckinAPI: CheckinAPI {
    let api: any CheckinAPI
    let connectivity: ServerConnectivity

    /// Sends through `api`, as `connectivity` allows.
    public init(_ api: any CheckinAPI, connectivity: ServerConnectivity) {
        self.api = api
        self.connectivity = connectivity
    }

    public func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        try await connectivity.call { try await api.submit(checkin, idempotencyKey: idempotencyKey, replacing: replacing) }
    }
}
