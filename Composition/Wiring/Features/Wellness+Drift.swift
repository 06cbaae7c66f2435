import Foundation
import WellnessApplication
import WellnessDomain
import WellnessInMemory

extension Wellness {
    /// Drift (seed 004): daily check-ins, weekly insights, trends, alerts, tiers and the offline
    /// queue. Logged in to a server (a ``RemoteConnection``), check-ins are queued and sent at
    /// once, and insights, trends and alerts come from the server through the cache, after the
    /// queue was given a few seconds to go out; otherwise everything is computed from the local
    /// store.
    public struct Drift: Sendable {
        let checkIn: CheckIn
        let listCheckins: ListCheckins
        let computeWeeklyInsights: ComputeWeeklyInsights
        let getTrends: GetTrends
        let listDriftAlerts: ListDriftAlerts
        let listFeatures: ListFeatures
        let getTier: GetTier
        let setTier: SetTier
        let listQueuedCheckins: ListQueuedCheckins
        let retryQueuedCheckins: RetryQueuedCheckins
        let dropQueuedCheckin: DropQueuedCheckin
        let server: Server?

        /// The use cases that read from and send to a server.
        struct Server: Sendable {
            let login: StoredCredentials
            /// Sends waiting check-ins before the first call of a process (and after the server
            /// was found unreachable); its `flush` sends the queue.
            let connectivity: ServerConnectivity
            let readRemoteInsights: ReadRemoteInsights
            let readRemoteTrends: ReadRemoteTrends
            let readRemoteAlerts: ReadRemoteAlerts
        }

        init(repositories: WellnessRepositories, tierOverride: Tier?, remote: RemoteConnection?,
             connectivity: ServerConnectivity?, time: TimeContext) {
            let tier: any TierSource = tierOverride.map { FixedTierSource($0) } ?? repositories.tier
            let cache = StaleWhileRevalidate(cache: repositories.driftCache, time: time)
            server = if let remote, let connectivity {
                Server(login: remote.login, connectivity: connectivity,
                       readRemoteInsights: ReadRemoteInsights(remote: remote.drift, cache: cache),
                       readRemoteTrends: ReadRemoteTrends(remote: remote.drift, cache: cache),
                       readRemoteAlerts: ReadRemoteAlerts(remote: remote.drift, cache: cache))
            } else {
                nil
            }
            let record = RecordCheckin(checkins: repositories.checkins,
                                       queue: remote == nil ? nil : repositories.checkinQueue, time: time)
            checkIn = CheckIn(record: record, sync: server?.connectivity.flush)
            listCheckins = ListCheckins(checkins: repositories.checkins, time: time)
            computeWeeklyInsights = ComputeWeeklyInsights(checkins: repositories.checkins, tier: tier, time: time)
            getTrends = GetTrends(checkins: repositories.checkins, tier: tier, time: time)
            listDriftAlerts = ListDriftAlerts(checkins: repositories.checkins, time: time)
            listFeatures = ListFeatures(tier: tier)
            getTier = GetTier(tier: tier)
            setTier = SetTier(store: repositories.tier)
            listQueuedCheckins = ListQueuedCheckins(queue: repositories.checkinQueue)
            retryQueuedCheckins = RetryQueuedCheckins(queue: repositories.checkinQueue)
            dropQueuedCheckin = DropQueuedCheckin(queue: repositories.checkinQueue)
        }

        /// The server logged in to, or `nil` when Drift is local.
        public var login: StoredCredentials? { server?.login }

        // MARK: - Check-ins

        /// Checks in for today (or a day): one a day unless `replace`. Logged in, the check-in
        /// is also queued and sent; the receipt says whether the server has it.
        @discardableResult
        public func checkIn(energy: Int, stress: Int, social: Int, keyContact: String? = nil, day: LocalDay? = nil,
                            replace: Bool = false) async throws -> CheckinReceipt {
            let receipt = try await checkIn.execute(energy: energy, stress: stress, social: social, keyContact: keyContact,
                                                    day: day, replace: replace)
            // Not sent for want of a server: the next call to it sends the queue first.
            if receipt.delivery == .queued, let server { await server.connectivity.serverUnreachable() }
            return receipt
        }

        /// The check-ins of the last `days` days (today included), by day.
        public func checkins(days: Int = 30) async throws -> [Checkin] { try await listCheckins.execute(days: days) }

        // MARK: - Views

        /// The weekly picture over 7 or 14 days ending today.
        public func insights(days: Int = 7) async throws -> DriftReading<WeeklyInsights> {
            guard let server else { return DriftReading(value: try await computeWeeklyInsights.execute(days: days)) }
            await server.connectivity.willCallServer()
            let read = try await server.readRemoteInsights.execute(days: days)
            if read.offline { await server.connectivity.serverUnreachable() }
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        /// Daily points over 7, 30 or 90 days; 30 and 90 are Pro (``DriftError/locked(_:)``).
        public func trends(days: Int = 7) async throws -> DriftReading<[TrendPoint]> {
            guard let server else { return DriftReading(value: try await getTrends.execute(days: days)) }
            await server.connectivity.willCallServer()
            let read = try await server.readRemoteTrends.execute(days: days)
            if read.offline { await server.connectivity.serverUnreachable() }
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        /// Days that drifted high after a day that also did, over the last `days` days (1 to 90),
        /// newest first.
        public func alerts(days: Int = 14) async throws -> DriftReading<[DriftAlert]> {
            guard let server else { return DriftReading(value: try await listDriftAlerts.execute(days: days)) }
            await server.connectivity.willCallServer()
            let read = try await server.readRemoteAlerts.execute(days: days)
            if read.offline { await server.connectivity.serverUnreachable() }
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        // MARK: - Tier

        /// The tier in effect.
        public func tier() async throws -> Tier { try await getTier.execute() }

        /// Stores the tier.
        public func setTier(_ tier: Tier) async throws { try await setTier.execute(tier) }

        /// Every feature with whether the tier in effect unlocks it.
        public func features() async throws -> [FeatureStatus] { try await listFeatures.execute() }

        // MARK: - The offline queue

        /// Check-ins waiting to be sent, oldest first.
        public func queued() async throws -> [QueuedCheckin] { try await listQueuedCheckins.execute() }

        /// Clears the failures of one queued check-in (or of all, with `nil`) so the next sync sends it.
        @discardableResult
        public func retryQueued(_ reference: String?) async throws -> [QueuedCheckin] {
            try await retryQueuedCheckins.execute(reference)
        }

        /// Removes a queued check-in for good.
        @discardableResult
        public func dropQueued(_ reference: String) async throws -> QueuedCheckin {
            try await dropQueuedCheckin.execute(reference)
        }

        /// Before another call to the server (checking or ending the session): the waiting
        /// check-ins get their chance to go out first, as before every call this container makes.
        /// Does nothing when Drift is local.
        public func sendWaiting() async {
            await server?.connectivity.willCallServer()
        }

        /// Sends the queue to the server; ``ClientSessionError/notLoggedIn`` without one.
        public func sync() async throws -> FlushSummary {
            guard let server else { throw ClientSessionError.notLoggedIn }
            let summary = try await server.connectivity.flush.execute()
            if summary.offline { await server.connectivity.serverUnreachable() }
            return summary
        }
    }
}
