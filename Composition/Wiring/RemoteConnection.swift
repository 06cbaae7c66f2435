import Foundation
import WellnessApplication
import WellnessDomain

/// A login to a Wellness server and the server's side of the ports, for a client that is
/// logged in: check-ins are queued for the server and sent, tips come from it, and the Drift
/// views are read from it. The client composition (`WellnessClient`) builds one over HTTP; a
/// test or an app can bring its own.
public struct RemoteConnection: Sendable {
    /// The server and the account, for messages ("your session on … has ended").
    public var login: StoredCredentials
    /// Where queued check-ins are sent.
    public var checkins: any CheckinAPI
    /// Where insights and trends are read.
    public var drift: any DriftRemote
    /// Where goal tips come from.
    public var tips: any GoalTipsService

    /// Pairs a login with the server's side of each port.
    public init(login: StoredCredentials, checkins: any CheckinAPI, drift: any DriftRemote,
                tips: any GoalTipsService) {
        self.login = login
        self.checkins = checkins
        self.drift = drift
        self.tips = tips
    }
}
