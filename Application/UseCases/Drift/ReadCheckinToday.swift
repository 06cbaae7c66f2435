import Foundation
import WellnessDomain

/// Whether today has a check-in. Logged in (with `remote`), as the server knows it
/// (`GET /api/checkins/today`, through the cache for a minute); when the server cannot be
/// reached and nothing is cached, this device's check-in answers, marked offline. Otherwise the
/// local store answers.
public struct ReadCheckinToday: Sendable {
    let checkins: any CheckinRepository
    let remote: (any DriftRemote)?
    let cache: StaleWhileRevalidate
    let time: TimeContext

    /// A use case on `checkins`, and on `remote` through `cache` when logged in.
    public init(checkins: any CheckinRepository, remote: (any DriftRemote)?, cache: StaleWhileRevalidate,
                time: TimeContext) {
        self.checkins = checkins
        self.remote = remote
        self.cache = cache
        self.time = time
    }

    /// Today's check-in as the type describes; a failure of the server other than being
    /// unreachable is thrown.
    public func execute() async throws -> CheckinToday {
        let today = time.today()
        guard let remote else { return CheckinToday(checkin: try await local(today), source: .local) }
        do {
            let read = try await cache.read("checkin:today:\(today)", type: .checkinToday, as: Answer.self) {
                Answer(checkin: try await remote.today())
            }
            return CheckinToday(checkin: read.latest.checkin, source: .server, offline: read.offline,
                                fetchedAt: read.fetchedAt)
        } catch where ApiFailure.isUnreachable(error) {
            return CheckinToday(checkin: try await local(today), source: .local, offline: true)
        }
    }

    /// The server's answer as cached: its check-in, or none.
    struct Answer: Codable, Sendable {
        let checkin: Checkin?
    }

    private func local(_ today: LocalDay) async throws -> Checkin? {
        try await checkins.checkins(on: today...today).first
    }
}
