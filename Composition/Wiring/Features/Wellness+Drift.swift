import Foundation
import WellnessApplication
import WellnessDomain
import WellnessInMemory

extension Wellness {
    /// Drift (seed 004): daily check-ins, weekly insights, trends, alerts, tiers and the offline
    /// queue. Logged in to a server (a ``RemoteConnection``), check-ins are queued and sent at
    /// once (or, when the app syncs its records, travel with them), and insights, trends and alerts come from the server through the cache, after the
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
        let readCheckinToday: ReadCheckinToday
        let server: Server?

        /// The use cases that read from and send to a server.
        struct Server: Sendable {
            let login: StoredCredentials
            /// The process's one owner of "online", and the flush that sends the queue through it.
            let connectivity: ServerConnectivity
            let flush: FlushCheckinQueue
            let readRemoteInsights: ReadRemoteInsights
            let readRemoteTrends: ReadRemoteTrends
            let readRemoteAlerts: ReadRemoteAlerts
            /// The account's tier from the session; `nil` when the connection has no session port.
            let readRemoteTier: ReadRemoteTier?
        }

        init(repositories: WellnessRepositories, tierOverride: Tier?, server connected: ConnectedServer?,
             time: TimeContext) {
            let tier: any TierSource = tierOverride.map { FixedTierSource($0) } ?? repositories.tier
            let cache = StaleWhileRevalidate(cache: repositories.driftCache, time: time)
            server = connected.map { connected in
                Server(login: connected.login, connectivity: connected.connectivity, flush: connected.flush,
                       readRemoteInsights: ReadRemoteInsights(remote: connected.drift, cache: cache),
                       readRemoteTrends: ReadRemoteTrends(remote: connected.drift, cache: cache),
                       readRemoteAlerts: ReadRemoteAlerts(remote: connected.drift, cache: cache),
                       readRemoteTier: connected.session.map { ReadRemoteTier(session: $0, cache: cache) })
            }
            // Synced, a check-in is a record like any other: kept here, sent with the others.
            let queued = connected.map { !$0.syncsRecords } ?? false
            let record = RecordCheckin(checkins: repositories.checkins, queue: queued ? repositories.checkinQueue : nil,
                                       time: time)
            checkIn = CheckIn(record: record, sync: queued ? server?.flush : nil)
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
            readCheckinToday = ReadCheckinToday(checkins: repositories.checkins, remote: connected?.drift, cache: cache,
                                                time: time)
        }

        /// The server logged in to, or `nil` when Drift is local.
        public var login: StoredCredentials? { server?.login }

        // MARK: - Check-ins

        /// Checks in for today (or a day): one a day unless `replace`. Logged in, the check-in
        /// is also queued and sent (unless the app syncs its records, ``RemoteConnection/syncsRecords``);
        /// the receipt says whether the server has it.
        @discardableResult
        public func checkIn(energy: Int, stress: Int, social: Int, keyContact: String? = nil, day: LocalDay? = nil,
                            replace: Bool = false) async throws -> CheckinReceipt {
            try await checkIn.execute(energy: energy, stress: stress, social: social, keyContact: keyContact, day: day,
                                      replace: replace)
        }

        /// Today's check-in, or that there is none yet: the server's when logged in.
        public func today() async throws -> CheckinToday { try await readCheckinToday.execute() }

        /// The check-ins of the last `days` days (today included), by day.
        public func checkins(days: Int = 30) async throws -> [Checkin] { try await listCheckins.execute(days: days) }

        // MARK: - Views

        /// The weekly picture over 7 or 14 days ending today.
        public func insights(days: Int = 7) async throws -> DriftReading<WeeklyInsights> {
            guard let server else { return DriftReading(value: try await computeWeeklyInsights.execute(days: days)) }
            let read = try await server.readRemoteInsights.execute(days: days)
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        /// Daily points over 7, 30 or 90 days; 30 and 90 are Pro (``DriftError/locked(_:)``).
        public func trends(days: Int = 7) async throws -> DriftReading<[TrendPoint]> {
            guard let server else { return DriftReading(value: try await getTrends.execute(days: days)) }
            let read = try await server.readRemoteTrends.execute(days: days)
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        /// Days that drifted high after a day that also did, over the last `days` days (1 to 90),
        /// newest first.
        public func alerts(days: Int = 14) async throws -> DriftReading<[DriftAlert]> {
            guard let server else { return DriftReading(value: try await listDriftAlerts.execute(days: days)) }
            let read = try await server.readRemoteAlerts.execute(days: days)
            return DriftReading(value: read.latest, fetchedAt: read.fetchedAt, offline: read.offline)
        }

        // MARK: - Tier

        /// The tier in effect: logged in, the account's on the server (from its session, through
        /// the cache, marked offline when the server could not be reached); else the stored one,
        /// or `WELLNESS_TIER`'s.
        public func tierReading() async throws -> DriftReading<Tier> {
            guard let read = server?.readRemoteTier else { return DriftReading(value: try await getTier.execute()) }
            let reading = try await read.execute()
            return DriftReading(value: reading.latest, fetchedAt: reading.fetchedAt, offline: reading.offline)
        }

        /// The tier in effect (``tierReading()``'s value).
        public func tier() async throws -> Tier { try await tierReading().value }

        /// Stores the tier; logged in, ``DriftError/tierFromServer(_:)``: the account's tier is the
        /// server admin's to change.
        public func setTier(_ tier: Tier) async throws {
            if let server, server.readRemoteTier != nil {
                throw DriftError.tierFromServer(server.login.server.absoluteString)
            }
            try await setTier.execute(tier)
        }

        /// Every feature with whether the tier in effect (``tierReading()``) unlocks it.
        public func features() async throws -> [FeatureStatus] {
            guard server?.readRemoteTier != nil else { return try await listFeatures.execute() }
            return features(for: try await tier())
        }

        /// Every feature with whether `tier` unlocks it.
        public func features(for tier: Tier) -> [FeatureStatus] { FeatureGate.features(for: tier) }

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
            guard let server else { return }
            await server.connectivity.sendWaiting(with: server.flush)
        }

        /// Sends the queue to the server; ``ClientSessionError/notLoggedIn`` without one.
        public func sync() async throws -> FlushSummary {
            guard let server else { throw ClientSessionError.notLoggedIn }
            return try await server.flush.executeCountingWaiting()
        }
    }
}
