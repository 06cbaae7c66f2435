import Foundation
import Testing
import WellnessTestSupport

/// `--database` and `WELLNESS_DATABASE_URL` on `serve` and `users`: a URL that cannot be used, or a
/// database that cannot be reached, is an error naming the URL (never its password), exit 1.
@Suite("CLI: --database")
struct DatabaseOptionCLITests {
    @Test("a URL that is not PostgreSQL's is refused, naming it and what is wrong",
          arguments: [["users", "list"], ["users", "tier", "ann@example.org", "pro"], ["serve", "--port", "0"]])
    func notPostgres(command: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(command + ["--database", "mysql://ann:hunter2@127.0.0.1/wellness"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the database URL mysql://ann:***@127.0.0.1/wellness cannot be used"), "\(result)")
        #expect(result.stderr.contains("postgres://"), "\(result)")
        #expect(!result.stderr.contains("hunter2"), "\(result)")
    }

    @Test("WELLNESS_DATABASE_URL is used when --database is not given")
    func environment() async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(["users", "list"], extraEnv: ["WELLNESS_DATABASE_URL": "postgres://ann@127.0.0.1/d?sslmode=sometimes"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("sslmode sometimes is not one of disable, allow, prefer, require, verify-ca, verify-full"),
                "\(result)")
    }

    @Test("a database nobody listens for names the host and port to check, never the password or a Swift type, within the time limit",
          arguments: [["users", "list"], ["serve", "--port", "0"]])
    func unreachable(command: [String]) async throws {
        let cli = try Sandbox()
        // A port on loopback a server held and let go: every connection is refused at once.
        let port = try #require(try await closedPort().port)
        let url = "postgres://ann:hunter2@127.0.0.1:\(port)/wellness?sslmode=disable&connect_timeout=1"
        let result = try await cli.raw(command + ["--data-dir", cli.data.path, "--database", url])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("cannot connect to the database server at 127.0.0.1:\(port) "
                                       + "(postgres://ann@127.0.0.1:\(port)/wellness)"), "\(result)")
        #expect(result.stderr.contains("check the host and port"), "\(result)")
        Self.expectNoDriverInternals(result)
    }

    @Test("the environment's URL is worded the same, in Dutch too")
    func unreachableDutch() async throws {
        let cli = try Sandbox()
        let port = try #require(try await closedPort().port)
        let result = try await cli.raw(["users", "list", "--locale", "nl"], extraEnv: [
            "WELLNESS_DATABASE_URL": "postgres://ann@127.0.0.1:\(port)/wellness?sslmode=disable&connect_timeout=1"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("kan geen verbinding maken met de databaseserver op 127.0.0.1:\(port)"), "\(result)")
        Self.expectNoDriverInternals(result)
    }

    @Test("a wrong password is the user or the password refused, naming the user and never the password",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func wrongPassword() async throws {
        let testURL = try #require(PostgresTestDatabase.url)
        var url = try #require(URLComponents(string: testURL))
        url.password = "not-the-password-\(UUID().uuidString.prefix(8))"
        let cli = try Sandbox()
        let result = try await cli.raw(["users", "list", "--database", try #require(url.string)])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("PostgreSQL refused the user or the password (it does not say which) of \(url.user ?? "")"),
                "\(result)")
        #expect(!result.stderr.contains(url.password ?? "?"), "\(result)")
        Self.expectNoDriverInternals(result)
    }

    @Test("a database that does not exist is named",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func missingDatabase() async throws {
        let testURL = try #require(PostgresTestDatabase.url)
        var url = try #require(URLComponents(string: testURL))
        let name = "wellness_absent_\(UUID().uuidString.prefix(8).lowercased())"
        url.path = "/" + name
        let cli = try Sandbox()
        let result = try await cli.raw(["serve", "--port", "0", "--data-dir", cli.data.path, "--database", try #require(url.string)])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the database server has no database \(name)"), "\(result)")
        Self.expectNoDriverInternals(result)
    }

    @Test("sslmode=require against a server without TLS says the server does not offer it",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func tlsNotOffered() async throws {
        let testURL = try #require(PostgresTestDatabase.url)
        var url = try #require(URLComponents(string: testURL))
        url.queryItems = [URLQueryItem(name: "sslmode", value: "require")]
        let cli = try Sandbox()
        let result = try await cli.raw(["users", "list", "--database", try #require(url.string)])
        #expect(result.status == 1, "\(result)")
        // The test cluster (.ci/postgres) serves no TLS.
        #expect(result.stderr.contains("does not offer TLS, which the URL's sslmode requires"), "\(result)")
        Self.expectNoDriverInternals(result)
    }

    /// What an operator must never have to read: the driver's types and error dumps.
    static func expectNoDriverInternals(_ result: CLI.Result) {
        for name in ["SingleConnectionFailure", "NIOConnectionError", "PSQLError", "IOError", "Error("] {
            #expect(!result.stderr.contains(name), "\(result)")
        }
    }
}
