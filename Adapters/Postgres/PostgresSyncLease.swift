import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// An account's sync held against every process on the database: a row of `sync_lease` naming
/// its holder until a time (the database's clock, which every process shares). The holder renews
/// it while it runs and deletes it when done; a holder that died leaves a row that expires after
/// ``syncLeaseTerm``, and the next one takes it over.
///
/// A row rather than an advisory lock: a session lock would keep one pool connection for the
/// whole of a push, and a pool shared by many accounts' pushes would run out.
extension PostgresDatabase {
    /// How long a lease lasts unless renewed: 30 seconds, renewed every 10.
    static let syncLeaseTerm: Duration = .seconds(30)

    /// Takes `account`'s lease, trying again (every 5 ms, then less often, up to every 100 ms)
    /// while another process holds it, for at most `limit`; returns its release.
    ///
    /// - Throws: `SyncError.busy` when it was not let go in `limit`; the database's failure.
    func leaseSync(of account: Account.ID, within limit: Duration) async throws -> @Sendable () async -> Void {
        let holder = UUID().uuidString.lowercased()
        let deadline = ContinuousClock.now + limit
        var interval = Duration.milliseconds(5)
        var taken = false
        // Bounded by the deadline; the count only guards against a clock that does not move.
        for _ in 0..<100_000 {
            taken = try await tryLease(account, holder)
            if taken || ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: interval)
            interval = min(interval * 2, .milliseconds(100))
        }
        guard taken else { throw SyncError.busy("\(description), account \(account)") }
        let renewal = Task { [self] in
            for _ in 0..<Int.max {
                do {
                    try await Task.sleep(for: Self.syncLeaseTerm / 3)
                    try await renewLease(account, holder)
                } catch {
                    if Task.isCancelled { return }
                    logger.warning("could not renew an account's sync lease",
                                   metadata: ["account": "\(account)", "error": "\(error)"])
                }
            }
        }
        return { [self] in
            renewal.cancel()
            do {
                try await endLease(account, holder)
            } catch {
                // It expires on its own.
                logger.warning("could not end an account's sync lease; it expires on its own",
                               metadata: ["account": "\(account)", "error": "\(error)"])
            }
        }
    }

    private func tryLease(_ account: Account.ID, _ holder: String) async throws -> Bool {
        let seconds = Self.syncLeaseTerm.components.seconds
        return try await read { [logger] connection in
            try await connection.count("""
                INSERT INTO sync_lease (account_id, holder, expires)
                VALUES (\(account.rawValue), \(holder), clock_timestamp() + make_interval(secs => \(seconds)))
                ON CONFLICT (account_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
                  WHERE sync_lease.expires < clock_timestamp()
                RETURNING 1
                """, logger)
        } == 1
    }

    private func renewLease(_ account: Account.ID, _ holder: String) async throws {
        let seconds = Self.syncLeaseTerm.components.seconds
        try await read { [logger] connection in
            try await connection.run("""
                UPDATE sync_lease SET expires = clock_timestamp() + make_interval(secs => \(seconds))
                WHERE account_id = \(account.rawValue) AND holder = \(holder)
                """, logger)
        }
    }

    private func endLease(_ account: Account.ID, _ holder: String) async throws {
        try await read { [logger] connection in
            try await connection.run("""
                DELETE FROM sync_lease WHERE account_id = \(account.rawValue) AND holder = \(holder)
                """, logger)
        }
    }
}
