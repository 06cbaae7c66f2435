import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessTestSupport
import WellnessTips

/// A check-in API whose answer can be switched: offline, accepting, or hanging until cancelled.
private actor SwitchableCheckinAPI: CheckinAPI {
    enum Mode { case offline, accepting, hanging }
    var mode = Mode.offline
    private(set) var received: [Checkin] = []

    func set(_ mode: Mode) { self.mode = mode }

    func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        switch mode {
        case .offline: throw ApiFailure.offline
        case .accepting:
            received.append(checkin)
            return .accepted
        case .hanging:
            try await Task.sleep(for: .seconds(3600))
            return .accepted
        }
    }
}

/// A Drift server with no data.
private struct EmptyDriftRemote: DriftRemote {
    func weeklyInsights(days: Int) throws -> WeeklyInsights { throw ApiFailure.other(status: 501) }
    func trends(days: Int) -> [TrendPoint] { [] }
    func today() -> Checkin? { nil }
    func alerts(days: Int) -> [DriftAlert] { [] }
}

@Suite("Reads from the server send the waiting queue first")
struct SendWaitingFirstTests {
    private let api = SwitchableCheckinAPI()
    let repositories = WellnessRepositories.inMemory()
    let clock = FixedWallClock(Fixtures.instant("2026-11-20T10:00:00+01:00"))

    /// The next command's container. Its connectivity waits up to 300 s for the queue to go out
    /// before a read (the product's 3 s is the hanging server's test): on a starved machine the
    /// flush's hops can take longer than 3 s, and a test of what is sent would then see nothing.
    var wellness: Wellness {
        get throws { try wellness(limit: .seconds(300)) }
    }

    func wellness(limit: Duration) throws -> Wellness {
        let login = StoredCredentials(server: URL(string: "http://127.0.0.1:9")!, email: "ann@example.org",
                                      accessToken: "t", expiresAt: Fixtures.instant("2026-12-20T10:00:00Z"))
        return try Wellness(repositories: repositories, clock: clock, calendar: Fixtures.calendar(),
                            remote: RemoteConnection(login: login, checkins: api, drift: EmptyDriftRemote(),
                                                     tips: RuleBasedGoalTipsService(),
                                                     connectivity: ServerConnectivity(limit: limit)))
    }

    @Test("a check-in queued while offline goes out with the next trends, alerts or insights read",
          arguments: ["trends", "alerts"])
    func sentWithTheNextRead(read: String) async throws {
        #expect(try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3).delivery == .queued)
        await api.set(.accepting)
        let app = try wellness // the next command
        if read == "trends" { _ = try await app.drift.trends() } else { _ = try await app.drift.alerts() }
        #expect(await api.received.count == 1)
        #expect(try await app.drift.queued().isEmpty)
    }

    @Test("a server that does not answer does not hold up the read: the process is offline, the item keeps its tries")
    func hangingServer() async throws {
        #expect(try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3).delivery == .queued)
        await api.set(.hanging)
        let app = try wellness(limit: .seconds(3)) // the next command, with the product's limit
        let clock = ContinuousClock()
        let start = clock.now
        // Sending the queue first gives up after its limit, and takes the process offline.
        await #expect(throws: ApiFailure.offline, "nothing cached, and the server is not tried again") {
            try await app.drift.alerts()
        }
        #expect(clock.now - start < .seconds(1800), "bounded by the queue's limit, not the hour-long hanging call")
        let queued = try await app.drift.queued()
        #expect(queued.count == 1 && queued.first?.retryCount == 0)
    }

    @Test("tips from the server send the waiting queue first")
    func tipsSendTheQueue() async throws {
        let goal = try await wellness.goals.add(title: "Sleep better")
        #expect(try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3).delivery == .queued)
        await api.set(.accepting)
        let app = try wellness // the next command
        #expect(try await app.goals.tips(for: goal.id).tips.isEmpty == false)
        #expect(await api.received.count == 1)
        #expect(try await app.drift.queued().isEmpty)
    }

    @Test("in one process: once the server was found away, nothing tries it again; the next process sends the queue")
    func offlineForTheRestOfTheProcess() async throws {
        let app = try wellness
        await api.set(.accepting)
        _ = try await app.drift.alerts() // online now: nothing was waiting
        await api.set(.offline)
        #expect(try await app.drift.checkIn(energy: 2, stress: 4, social: 3).delivery == .queued)
        await api.set(.accepting)
        await #expect(throws: ApiFailure.offline) { try await app.drift.trends() }
        #expect(try await app.drift.sync().offline, "sync in the same process does not try either")
        #expect(await api.received.isEmpty)
        _ = try await wellness.drift.trends() // the next process (its own connectivity) sends it first
        #expect(await api.received.count == 1)
        #expect(try await app.drift.queued().isEmpty)
    }

    @Test("sendWaiting (before checking or ending the session) sends the queue")
    func sendWaitingExplicitly() async throws {
        #expect(try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3).delivery == .queued)
        await api.set(.accepting)
        let app = try wellness // the next command
        await app.drift.sendWaiting()
        #expect(await api.received.count == 1)
        #expect(try await app.drift.queued().isEmpty)
    }
}
