import Foundation
import WellnessApplication
import WellnessDomain

/// A login to a Wellness server and the server's side of the ports, for a client that is
/// logged in: check-ins are queued for the server and sent, tips come from it, and the Drift
/// views are read from it. The client composition (`WellnessClient`) builds one over HTTP; a
/// test or an app can bring its own.
///
/// The container calls every port through one decorator each, all sharing ``connectivity``:
/// the one owner of "online" for the process (a server found unreachable is not tried again).
public struct RemoteConnection: Sendable {
    /// The server and the account, for messages ("your session on … has ended").
    public var login: StoredCredentials
    /// Where queued check-ins are sent.
    public var checkins: any CheckinAPI
    /// Where insights and trends are read.
    public var drift: any DriftRemote
    /// Where goal tips come from.
    public var tips: any GoalTipsService
    /// The session's endpoints, where the account's tier is read; `nil` keeps the stored tier.
    public var session: (any SessionAPI)?
    /// Whether the server was found unreachable by any call of this process; share it with any
    /// other port the process calls the server through (the session's, say).
    public var connectivity: ServerConnectivity
    /// Whether the app syncs the store's records with the server (`WellnessClient` does):
    /// check-ins are then kept here and travel with every other record, never queued for the
    /// server's check-in API.
    public var syncsRecords: Bool

    /// Pairs a login with the server's side of each port, and the process's connectivity (a new
    /// one, online, by default).
    public init(login: StoredCredentials, checkins: any CheckinAPI, drift: any DriftRemote,
                tips: any GoalTipsService, session: (any SessionAPI)? = nil,
                connectivity: ServerConnectivity = ServerConnectivity(), syncsRecords: Bool = false) {
        self.login = login
        self.syncsRecords = syncsRecords
        self.checkins = checkins
        self.drift = drift
        self.tips = tips
        self.session = session
        self.connectivity = connectivity
    }
}
