import Foundation
import Logging
import Testing
import WellnessContractTesting
import WellnessDomain
import WellnessPostgres

/// The test database: `WELLNESS_TEST_POSTGRES_URL` (`.ci/run` starts a cluster and sets it).
/// Every store a test makes is a new schema `wellness_test_<random>` in it, so tests never see
/// one another's rows. Use a database of its own: the schemas are left for the cluster to be
/// dropped with it.
enum PostgresTestDatabase {
    static let url = ProcessInfo.processInfo.environment["WELLNESS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The one line a run without a database shows.
    static let skipped: Comment = "WELLNESS_TEST_POSTGRES_URL is not set: the PostgreSQL tests are skipped (.ci/run sets it)"

    /// A configuration on a new, empty schema.
    static func freshConfiguration() throws -> PostgresConfiguration {
        guard let url else { throw SkipError() }
        // Generous limits: the whole suite starves two cores, and a test's operation waiting for a
        // thread is not a database that went away (the limits are checked on their own).
        var configuration = try PostgresConfiguration(url: url, maximumConnections: 4, connectTimeout: .seconds(60),
                                                      operationTimeout: .seconds(300))
        configuration.schema = "wellness_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return configuration
    }

    struct SkipError: Error {}

    static let logger = Logger(label: "wellness.postgres.test")

    /// A new schema, opened, and a way to open it again as another process would.
    static func fresh() async throws -> (database: PostgresDatabase, reopen: @Sendable () async throws -> PostgresDatabase) {
        let configuration = try freshConfiguration()
        let database = try await PostgresDatabase.open(configuration, logger: logger)
        return (database, { try await PostgresDatabase.open(configuration, logger: logger) })
    }

    /// Contract stores: each a new schema seen through `port` for one account, whose second
    /// handles open the schema again.
    static func factory<Subject: Sendable>(
        _ port: @escaping @Sendable (PostgresDatabase, Account.ID) -> Subject
    ) -> AdapterFactory<Subject> {
        AdapterFactory {
            let (database, reopen) = try await fresh()
            let account = Account.ID()
            return ContractStore(subject: port(database, account)) { port(try await reopen(), account) }
        }
    }
}
