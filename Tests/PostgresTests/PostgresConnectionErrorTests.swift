import Foundation
import Testing
import WellnessTestSupport
import WellnessPostgres

/// Opening a database the URL cannot reach says which part of the URL to fix: the host and port
/// (loopback only: a port a server held and let go), the user or the password, the database's
/// name, or TLS. The last three need the test cluster (`WELLNESS_TEST_POSTGRES_URL`).
@Suite("PostgreSQL: connection errors by cause")
struct PostgresConnectionErrorTests {
    /// The error `open` throws for `url`.
    static func failure(_ url: String) async throws -> PostgresStoreError? {
        let configuration = try PostgresConfiguration(url: url, connectTimeout: .seconds(60))
        do {
            let database = try await PostgresDatabase.open(configuration)
            await database.close()
            return nil
        } catch {
            return error as? PostgresStoreError
        }
    }

    /// The test database's URL with `change` applied.
    static func testURL(_ change: (inout URLComponents) -> Void) throws -> String {
        let text = try #require(PostgresTestDatabase.url)
        var url = try #require(URLComponents(string: text))
        change(&url)
        return try #require(url.string)
    }

    @Test func nothingListeningIsTheHostAndPort() async throws {
        let port = try #require(try await closedPort().port)
        let error = try await Self.failure("postgres://ann:secret@127.0.0.1:\(port)/wellness?sslmode=disable&connect_timeout=2")
        #expect(error == .unreachable(database: "postgres://ann@127.0.0.1:\(port)/wellness", host: "127.0.0.1", port: port))
        #expect(error?.isUnavailable == true, "the database may come back")
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func aWrongPasswordIsTheUserOrThePassword() async throws {
        let url = try Self.testURL { $0.password = "wrong-\(UUID().uuidString.prefix(8))" }
        let configuration = try PostgresConfiguration(url: url)
        #expect(try await Self.failure(url) == .authenticationFailed(database: configuration.description,
                                                                     user: configuration.username))
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func aMissingDatabaseIsNamed() async throws {
        let url = try Self.testURL { $0.path = "/wellness_absent_db" }
        let description = try PostgresConfiguration(url: url).description
        #expect(try await Self.failure(url) == .noSuchDatabase(database: description, name: "wellness_absent_db"))
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func tlsRequiredFromAServerWithoutIt() async throws {
        // The test cluster (.ci/postgres) serves no TLS.
        let url = try Self.testURL { $0.queryItems = [URLQueryItem(name: "sslmode", value: "require")] }
        #expect(try await Self.failure(url) == .tlsUnsupported(database: try PostgresConfiguration(url: url).description))
    }
}
