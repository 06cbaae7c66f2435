import Foundation
import WellnessApplication
import WellnessDomain

/// A ``RemoteConnection`` with each port behind its one decorator over the connection's
/// ``ServerConnectivity``, and the flush that sends the queue through them: what the container
/// calls the server through, and nothing else.
struct ConnectedServer: Sendable {
    let login: StoredCredentials
    let connectivity: ServerConnectivity
    /// Sends the queue (through ``ConnectedCheckinAPI``).
    let flush: FlushCheckinQueue
    let drift: any DriftRemote
    let tips: any GoalTipsService
    let session: (any SessionAPI)?
    /// Check-ins travel by sync, not through the check-in API (``RemoteConnection/syncsRecords``).
    let syncsRecords: Bool

    init(_ remote: RemoteConnection, queue: any CheckinQueueRepository, time: TimeContext) {
        let connectivity = remote.connectivity
        login = remote.login
        self.connectivity = connectivity
        flush = FlushCheckinQueue(queue: queue, api: ConnectedCheckinAPI(remote.checkins, connectivity: connectivity),
                                  time: time)
        drift = ConnectedDriftRemote(remote.drift, connectivity: connectivity, sendingFirst: flush)
        tips = ConnectedGoalTipsService(remote.tips, connectivity: connectivity, sendingFirst: flush)
        session = remote.session.map { ConnectedSessionAPI($0, connectivity: connectivity) }
        syncsRecords = remote.syncsRecords
    }
}
