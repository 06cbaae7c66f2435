import Foundation
import Testing
import WellnessTestSupport

/// `wellness password`, `wellness logout --everywhere` and `wellness users passwd`: the client
/// in-process, the server the built binary in its own process, on loopback.
@Suite("CLI: passwords and logging out everywhere", .serialized)
struct PasswordCLITests {
    static let password = ServerCLITests.password
    static let newPassword = "a brand new passphrase"

    /// Logs `client` in to `server` as ann with `password`; requires it to work.
    static func logIn(_ client: Sandbox, _ server: ServerCLITests.ServerProcess, password: String = password,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let login = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: password + "\n")
        try #require(login.status == 0, "\(login)", sourceLocation: sourceLocation)
    }

    /// A server (its data directory with ann, and its process) and two clients logged in to it as ann.
    static func serverWithTwoLogins() async throws
        -> (data: Sandbox, server: ServerCLITests.ServerProcess, laptop: Sandbox, phone: Sandbox) {
        let serverData = try await ServerCLITests.serverDataWithAnn()
        let server = try await ServerCLITests.ServerProcess(serverData)
        let laptop = try Sandbox(), phone = try Sandbox()
        try await logIn(laptop, server)
        try await logIn(phone, server)
        return (serverData, server, laptop, phone)
    }

    /// Whether `client`'s login is still accepted by the server.
    static func isActive(_ client: Sandbox) async throws -> Bool {
        let session = try await client.run(["session", "--json"])
        guard session.status == 0 else { return false }
        return (try session.json() as? [String: Any])?["status"] as? String == "active"
    }

    @Test("password: a wrong current one and a weak new one are refused; a change keeps this login and ends the others")
    func change() async throws {
        let (data, server, laptop, phone) = try await Self.serverWithTwoLogins()
        defer {
            _ = server.stop()
            withExtendedLifetime(data) {}
        }

        let wrong = try await laptop.raw(["password", "--data-dir", laptop.data.path],
                                         input: "not the password\n\(Self.newPassword)\n")
        #expect(wrong.status == 1 && wrong.stderr.contains("refused the current password"), "\(wrong)")
        let weak = try await laptop.raw(["password", "--data-dir", laptop.data.path],
                                        input: "\(Self.password)\nshort\n")
        #expect(weak.status == 1 && weak.stderr.contains("too short"), "\(weak)")
        let missing = try await laptop.raw(["password", "--data-dir", laptop.data.path], input: "\(Self.password)\n")
        #expect(missing.status == 1 && missing.stderr.contains("no new password"), "\(missing)")
        let nl = try await laptop.raw(["password", "--locale", "nl", "--data-dir", laptop.data.path],
                                      input: "\(Self.password)\n")
        #expect(nl.status == 1 && nl.stderr.contains("geen nieuw wachtwoord"), "\(nl)")
        #expect(try await Self.isActive(phone), "nothing was changed")

        let changed = try await laptop.raw(["password", "--data-dir", laptop.data.path],
                                           input: "\(Self.password)\n\(Self.newPassword)\n")
        #expect(changed.status == 0, "\(changed)")
        #expect(changed.stdout.contains("Changed the password of ann@example.org on \(server.url)"), "\(changed)")
        #expect(!changed.stdout.contains(Self.newPassword) && !changed.stderr.contains(Self.newPassword))
        #expect(try await Self.isActive(laptop), "this login stays")
        let ended = try await phone.run(["session"])
        #expect(ended.status == 1 && ended.stderr.contains("has ended"), "\(ended)")

        let old = try await phone.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                       "--data-dir", phone.data.path], input: Self.password + "\n")
        #expect(old.status == 1 && old.stderr.contains("wrong email or password"), "\(old)")
        try await Self.logIn(phone, server, password: Self.newPassword)

        let json = try await laptop.raw(["password", "--json", "--data-dir", laptop.data.path],
                                        input: "\(Self.newPassword)\n\(Self.password)\n")
        #expect(json.status == 0, "\(json)")
        #expect((try json.json() as? [String: Any])?["changed"] as? String == "ann@example.org", "\(json)")
    }

    @Test("logout --everywhere ends every session of the account and forgets this login; without one it says so")
    func logOutEverywhere() async throws {
        let (data, server, laptop, phone) = try await Self.serverWithTwoLogins()
        defer {
            _ = server.stop()
            withExtendedLifetime(data) {}
        }

        let out = try await laptop.ok(["logout", "--everywhere"])
        #expect(out.stdout.contains("Logged out everywhere"), "\(out)")
        #expect(!FileManager.default.fileExists(atPath: laptop.data.appendingPathComponent("session.json").path))
        let ended = try await phone.run(["session"])
        #expect(ended.status == 1 && ended.stderr.contains("has ended"), "\(ended)")

        let again = try await laptop.ok(["logout", "--everywhere", "--json"])
        #expect((try again.json() as? [String: Any])?["loggedOut"] as? Bool == false)
        let dutch = try await laptop.ok(["logout", "--everywhere", "--locale", "nl"])
        #expect(!dutch.stdout.isEmpty)
    }

    @Test("users passwd sets the password for the operator and ends every session; refusals name what is wrong")
    func operatorReset() async throws {
        let serverData = try await ServerCLITests.serverDataWithAnn()
        let server = try await ServerCLITests.ServerProcess(serverData)
        defer { _ = server.stop() }
        let laptop = try Sandbox()
        try await Self.logIn(laptop, server)

        let weak = try await serverData.raw(["users", "passwd", "ann@example.org", "--data-dir", serverData.data.path],
                                            input: "short\n")
        #expect(weak.status == 1 && weak.stderr.contains("too short"), "\(weak)")
        let nobody = try await serverData.raw(["users", "passwd", "nobody@example.org", "--data-dir",
                                               serverData.data.path], input: Self.newPassword + "\n")
        #expect(nobody.status == 1 && nobody.stderr.contains("nobody@example.org"), "\(nobody)")
        let none = try await serverData.raw(["users", "passwd", "ann@example.org", "--data-dir", serverData.data.path])
        #expect(none.status == 1 && none.stderr.contains("no password"), "\(none)")
        #expect(try await Self.isActive(laptop), "nothing was changed")

        let reset = try await serverData.raw(["users", "passwd", "ann@example.org", "--data-dir", serverData.data.path],
                                             input: Self.newPassword + "\n")
        #expect(reset.status == 0 && reset.stdout.contains("Set the password of ann@example.org"), "\(reset)")
        let ended = try await laptop.run(["session"])
        #expect(ended.status == 1 && ended.stderr.contains("has ended"), "the running server refuses the token: \(ended)")
        try await Self.logIn(laptop, server, password: Self.newPassword)
    }
}
