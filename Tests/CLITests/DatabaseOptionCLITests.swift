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

    @Test("a database nobody listens for is unavailable, named without its password, within the time limit")
    func unreachable() async throws {
        let cli = try Sandbox()
        // Port 1 on loopback: nothing listens there, so every connection is refused at once.
        let result = try await cli.raw(["users", "list", "--database",
                                        "postgres://ann:hunter2@127.0.0.1:1/wellness?sslmode=disable&connect_timeout=1"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the database postgres://ann@127.0.0.1:1/wellness is unavailable"), "\(result)")
        #expect(!result.stderr.contains("hunter2"), "\(result)")
    }
}
