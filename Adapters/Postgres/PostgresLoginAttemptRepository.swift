import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// Failed logins in `login_pair`, `login_address` and `login_email`, shared by every server
/// process on the database. A change runs in one transaction holding advisory locks on its three
/// keys, always taken in the same order (pair, address, email), so concurrent changes sharing a
/// key run one after the other and never deadlock.
public struct PostgresLoginAttemptRepository: LoginAttemptRepository {
    private let database: PostgresDatabase
    private let policy: LoginThrottle.Policy

    /// Forgets keys as `policy` says they no longer count.
    public init(database: PostgresDatabase, policy: LoginThrottle.Policy = LoginThrottle.Policy()) {
        self.database = database
        self.policy = policy
    }

    public func counters(email: String, address: String) async throws -> LoginThrottle.Counters {
        try await database.read { connection in try await Self.counters(email, address, connection, database) }
    }

    public func change(email: String, address: String, at now: Date,
                       _ change: @escaping @Sendable (inout LoginThrottle.Counters) -> Void) async throws {
        try await database.transaction { connection in
            let logger = database.logger
            try await connection.lock("login-pair:\(email)\n\(address)", logger)
            try await connection.lock("login-address:\(address)", logger)
            try await connection.lock("login-email:\(email)", logger)
            var counters = try await Self.counters(email, address, connection, database)
            change(&counters)
            try await Self.save(counters, email, address, connection, logger)
        }
        // Now and then, after the change and outside its transaction, forget the keys the policy
        // no longer counts.
        if UInt8.random(in: 0...63) == 0 {
            let policy = policy
            try await database.read { connection in try await Self.forget(at: now, policy, connection, database.logger) }
        }
    }

    private static func counters(_ email: String, _ address: String, _ connection: PostgresConnection,
                                 _ database: PostgresDatabase) async throws -> LoginThrottle.Counters {
        var counters = LoginThrottle.Counters()
        let logger = database.logger
        for try await (count, failure, success) in try await connection.query("""
            SELECT failure_count, last_failure, last_success FROM login_pair WHERE email = \(email) AND address = \(address)
            """, logger: logger).decode((Int, Int64?, Int64?).self) {
            if let failure, count > 0 { counters.pair = .init(count: count, last: Timestamp.fromMilliseconds(failure)) }
            counters.lastSuccess = success.map(Timestamp.fromMilliseconds)
        }
        for try await (count, failure) in try await connection.query("""
            SELECT failure_count, last_failure FROM login_address WHERE address = \(address)
            """, logger: logger).decode((Int, Int64).self) {
            counters.address = .init(count: count, last: Timestamp.fromMilliseconds(failure))
        }
        for try await (count, failure) in try await connection.query("""
            SELECT failure_count, last_failure FROM login_email WHERE email = \(email)
            """, logger: logger).decode((Int, Int64).self) {
            counters.email = .init(count: count, last: Timestamp.fromMilliseconds(failure))
        }
        return counters
    }

    private static func save(_ counters: LoginThrottle.Counters, _ email: String, _ address: String,
                             _ connection: PostgresConnection, _ logger: Logger) async throws {
        if counters.pair == nil && counters.lastSuccess == nil {
            try await connection.run("DELETE FROM login_pair WHERE email = \(email) AND address = \(address)", logger)
        } else {
            let failure = counters.pair.map { Timestamp.milliseconds($0.last) }
            let success = counters.lastSuccess.map(Timestamp.milliseconds)
            try await connection.run("""
                INSERT INTO login_pair (email, address, failure_count, last_failure, last_success)
                VALUES (\(email), \(address), \(counters.pair?.count ?? 0), \(failure), \(success))
                ON CONFLICT (email, address) DO UPDATE SET failure_count = excluded.failure_count,
                  last_failure = excluded.last_failure, last_success = excluded.last_success
                """, logger)
        }
        try await saveFailures(counters.address, in: "login_address", keyColumn: "address", key: address, connection, logger)
        try await saveFailures(counters.email, in: "login_email", keyColumn: "email", key: email, connection, logger)
    }

    /// Stores or (`nil`) forgets one key's failures in `table` (`login_address` or `login_email`).
    private static func saveFailures(_ failures: LoginThrottle.Failures?, in table: String, keyColumn: String,
                                     key: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard let failures else {
            return try await connection.run("DELETE FROM \(unescaped: table) WHERE \(unescaped: keyColumn) = \(key)", logger)
        }
        try await connection.run("""
            INSERT INTO \(unescaped: table) (\(unescaped: keyColumn), failure_count, last_failure)
            VALUES (\(key), \(failures.count), \(Timestamp.milliseconds(failures.last)))
            ON CONFLICT (\(unescaped: keyColumn)) DO UPDATE
              SET failure_count = excluded.failure_count, last_failure = excluded.last_failure
            """, logger)
    }

    /// Deletes failures older than the policy's memory and successes older than its `knownFor`,
    /// a bounded batch of each, each statement on its own. Rows a change holds now are skipped
    /// (`SKIP LOCKED`), never waited for: a sweep never blocks a login nor deadlocks with one.
    private static func forget(at now: Date, _ policy: LoginThrottle.Policy, _ connection: PostgresConnection,
                               _ logger: Logger) async throws {
        let failures = Timestamp.milliseconds(now.addingTimeInterval(-policy.memory))
        let successes = Timestamp.milliseconds(now.addingTimeInterval(-policy.knownFor))
        try await connection.run("""
            DELETE FROM login_address WHERE address IN (
              SELECT address FROM login_address WHERE last_failure <= \(failures) LIMIT 1000 FOR UPDATE SKIP LOCKED)
            """, logger)
        try await connection.run("""
            DELETE FROM login_email WHERE email IN (
              SELECT email FROM login_email WHERE last_failure <= \(failures) LIMIT 1000 FOR UPDATE SKIP LOCKED)
            """, logger)
        try await connection.run("""
            DELETE FROM login_pair WHERE (email, address) IN (
              SELECT email, address FROM login_pair
              WHERE coalesce(last_failure, \(Int64.min)) <= \(failures) AND coalesce(last_success, \(Int64.min)) <= \(successes)
              LIMIT 1000 FOR UPDATE SKIP LOCKED)
            """, logger)
    }
}
