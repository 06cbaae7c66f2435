import Foundation
import Testing
import WellnessPostgres

/// The test database: `WELLNESS_TEST_POSTGRES_URL` (`.ci/run` starts a cluster and sets it).
/// Every database a test opens through ``freshConfiguration(maximumConnections:connectTimeout:operationTimeout:)``
/// is a new schema `wellness_test_<random>` in it, so tests never see one another's rows. Use a
/// database of its own: the schemas are left for the cluster to be dropped with it.
public enum PostgresTestDatabase {
    /// The URL, or `nil` when the PostgreSQL tests are to be skipped.
    public static let url = ProcessInfo.processInfo.environment["WELLNESS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The one line a run without a database shows.
    public static let skipped: Comment = "WELLNESS_TEST_POSTGRES_URL is not set: the PostgreSQL tests are skipped (.ci/run sets it)"

    /// No test database (a test that needs one was not skipped).
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "WELLNESS_TEST_POSTGRES_URL is not set" }
    }

    /// A configuration on a new, empty schema. The limits are generous by default: the whole
    /// suite starves two cores, and an operation waiting for a thread is not a database that went
    /// away (the limits are tested on their own).
    public static func freshConfiguration(maximumConnections: Int = 2, connectTimeout: Duration = .seconds(60),
                                          operationTimeout: Duration = .seconds(300)) throws -> PostgresConfiguration {
        guard let url else { throw Missing() }
        var configuration = try PostgresConfiguration(url: url, maximumConnections: maximumConnections,
                                                      connectTimeout: connectTimeout, operationTimeout: operationTimeout)
        configuration.schema = "wellness_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return configuration
    }
}
