import Foundation
import Testing
import WellnessTestSupport

/// `wellness server backup|restore`, and `backup`/`restore` refusing a server's data directory.
@Suite("CLI: server backup and restore")
struct ServerBackupCLITests {
    /// A sandbox whose data directory is a server's with one account, Ann (pro).
    static func server() async throws -> Sandbox {
        let cli = try Sandbox()
        let added = try await cli.raw(["users", "add", "ann@example.org", "--tier", "pro", "--store", cli.store,
                                       "--data-dir", cli.data.path], input: ServerCLITests.password + "\n")
        try #require(added.status == 0, "\(added)")
        return cli
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("server backup writes a 0600 file (a replaced one too) that restores into a new data directory")
    func backupAndRestore() async throws {
        let cli = try await Self.server()
        let file = cli.root.url.appendingPathComponent("server.json").path
        // A world-readable file there already becomes 0600.
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let backup = try await cli.ok(["server", "backup", file])
        #expect(backup.stdout == "Backed up 1 account (0 records) to \(file).\n", "\(backup)")
        #expect(try Self.mode(file) == 0o600)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"wellness-server-backup\",\"version\":1,"))
        #expect(text.contains("\"email\":\"ann@example.org\""))

        let other = cli.root.url.appendingPathComponent("other").path
        let restored = try await cli.raw(["server", "restore", file, "--data-dir", other])
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.stdout.contains("Restored 1 account"), "\(restored)")
        let listed = try await cli.raw(["users", "list", "--json", "--data-dir", other])
        let rows = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(rows.map { $0["email"] as? String } == ["ann@example.org"])
        #expect(rows.map { $0["tier"] as? String } == ["pro"])

        // Standard output gives the same archive.
        let piped = try await cli.ok(["server", "backup", "-"])
        #expect(piped.stdout == text)

        // From standard input too.
        let third = cli.root.url.appendingPathComponent("third").path
        let fromInput = try await cli.raw(["server", "restore", "-", "--data-dir", third], input: text)
        #expect(fromInput.status == 0, "\(fromInput)")
        #expect(fromInput.stdout == "Restored 1 account (0 records) into \(third).\n", "\(fromInput)")

        // Again into the same directory: refused, naming it, and the account is still the one.
        let again = try await cli.raw(["server", "restore", file, "--data-dir", other])
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("the server at \(other) is not empty (accounts: 1)"), "\(again)")
    }

    @Test("server restore of a damaged archive names the file and the place, and leaves the directory without accounts")
    func damaged() async throws {
        let cli = try await Self.server()
        let file = cli.root.url.appendingPathComponent("server.json").path
        try await cli.ok(["server", "backup", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let damaged = try cli.file("damaged.json", text.replacingOccurrences(of: "\"tier\":\"pro\"}", with: "\"tier\":\"gold\"}"))
        let other = cli.root.url.appendingPathComponent("other").path
        let result = try await cli.raw(["server", "restore", damaged, "--data-dir", other])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(damaged): line 3, account: "), "\(result)")
        #expect(result.stderr.contains("nothing was restored"), "\(result)")
        let listed = try await cli.raw(["users", "list", "--json", "--data-dir", other])
        #expect(try #require(try listed.json() as? [Any], "\(listed)").isEmpty)
    }

    @Test("backup and restore pointed at a server's data directory refuse, naming server backup, and write nothing",
          arguments: [["backup", "out.json"], ["restore", "in.json"]])
    func singleUserRefused(command: [String]) async throws {
        let cli = try await Self.server()
        let before = try FileManager.default.contentsOfDirectory(atPath: cli.data.path).sorted()
        let path = cli.root.url.appendingPathComponent(command[1]).path
        if command[0] == "restore" { _ = try cli.file(command[1], "{}") }
        let result = try await cli.run([command[0], path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(cli.data.path) is a server's data directory"), "\(result)")
        #expect(result.stderr.contains("use wellness server \(command[0])"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.data.path).sorted() == before)
        #expect(!before.contains("wellness.sqlite"))
        if command[0] == "backup" { #expect(!FileManager.default.fileExists(atPath: path)) }
    }

    @Test("users export writes one account 0600; users import adds it beside another server's accounts, once")
    func exportAndImport() async throws {
        let cli = try await Self.server()
        let file = cli.root.url.appendingPathComponent("ann.json").path
        let exported = try await cli.ok(["users", "export", "ann@example.org", file])
        #expect(exported.stdout == "Exported ann@example.org (0 records) to \(file).\n", "\(exported)")
        #expect(try Self.mode(file) == 0o600)

        let other = cli.root.url.appendingPathComponent("other").path
        let bob = try await cli.raw(["users", "add", "bob@example.org", "--data-dir", other], input: ServerCLITests.password + "\n")
        try #require(bob.status == 0, "\(bob)")
        let imported = try await cli.raw(["users", "import", file, "--data-dir", other])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("Imported 1 account"), "\(imported)")
        let listed = try await cli.raw(["users", "list", "--json", "--data-dir", other])
        let rows = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(rows.map { $0["email"] as? String } == ["ann@example.org", "bob@example.org"])
        #expect(rows.map { $0["tier"] as? String } == ["pro", "free"])

        let again = try await cli.raw(["users", "import", file, "--data-dir", other])
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("\(other) already has the account ann@example.org"), "\(again)")
        let after = try await cli.raw(["users", "list", "--json", "--data-dir", other])
        #expect(try #require(try after.json() as? [Any], "\(after)").count == 2)
    }
}
