import Foundation
import Testing
import WellnessTestSupport

/// Sync end to end: two `wellness` processes (a SQLite and a JSON-file store) logged in to one
/// real `wellness serve` on loopback edit offline, the server restarts in between, and after
/// both sync they hold the same archive; a third device logging in fresh receives everything.
/// Once on a server on disk, once on PostgreSQL (when `WELLNESS_TEST_POSTGRES_URL` is set).
@Suite("CLI: sync between devices through a real server", .serialized)
struct SyncCLITests {
    typealias ServerProcess = ServerCLITests.ServerProcess

    static let laptopTime = "2026-11-21T09:00:00Z"
    static let phoneTime = "2026-11-21T09:05:00Z"
    static let later = "2026-11-21T09:10:00Z"

    static var backends: [String] { PostgresTestDatabase.url == nil ? ["files"] : ["files", "postgres"] }

    /// A server's sandbox, an account on it and how to start it again on the same data.
    struct Server {
        let data: Sandbox
        let email: String
        let options: [String]

        init(backend: String) async throws {
            data = try Sandbox()
            email = "ann-\(UUID().uuidString.prefix(8).lowercased())@example.org"
            options = backend == "postgres" ? ["--database", try #require(PostgresProcessesCLITests.patientURL)] : []
            let added = try await data.raw(["users", "add", email] + (options.isEmpty ? ["--data-dir", data.data.path] : options),
                                           input: ServerCLITests.password + "\n")
            try #require(added.status == 0, "\(added)")
        }

        func start(port: Int = 0) async throws -> ServerProcess {
            try await ServerProcess(data, port: port, options: options)
        }
    }

    static func logIn(_ device: Sandbox, to server: ServerProcess, as email: String) async throws {
        let login = try await device.raw(["login", "--server", server.url, "--email", email, "--data-dir", device.data.path,
                                          "--store", device.store], input: ServerCLITests.password + "\n")
        try #require(login.status == 0, "\(login)")
    }

    /// The device's backup archive, as text.
    static func archive(_ device: Sandbox) async throws -> String {
        try await device.ok(["backup", "-"], now: later).stdout
    }

    @Test("offline edits on a SQLite and a JSON device converge through a restarted server; a new device gets everything",
          arguments: backends)
    func offlineEditsConverge(backend: String) async throws {
        let server = try await Server(backend: backend)
        let laptop = try Sandbox(store: "sqlite").spawning(), phone = try Sandbox(store: "json").spawning()
        let first = try await server.start()
        for device in [laptop, phone] {
            try await Self.logIn(device, to: first, as: server.email)
            _ = try await device.ok(["sync"], now: Self.laptopTime)
        }
        #expect(first.stop() == 0)

        // Offline: each device edits on its own, both check in on the same day, the phone later.
        _ = try await laptop.ok(["checkin", "--energy", "2", "--stress", "4", "--social", "2", "--day", "2026-11-20"],
                                now: Self.laptopTime)
        _ = try await laptop.ok(["goals", "add", "Walk every day"], now: Self.laptopTime)
        _ = try await laptop.ok(["journal", "toggle", "alcohol", "--day", "2026-11-20"], now: Self.laptopTime)
        _ = try await laptop.ok(["mood", "log", "4"], now: Self.laptopTime)
        let checkin = try await phone.ok(["checkin", "--energy", "5", "--stress", "1", "--social", "4",
                                          "--day", "2026-11-20"], now: Self.phoneTime)
        #expect(checkin.stdout.contains("Will sync when online"), "\(checkin)")
        _ = try await phone.ok(["weight", "add", "31.4"], now: Self.phoneTime)
        _ = try await phone.ok(["journal", "toggle", "caffeine", "--day", "2026-11-20"], now: Self.phoneTime)
        _ = try await phone.ok(["supplements", "add", "Fish oil", "--time", "morning", "--dosage", "1 capsule"],
                               now: Self.phoneTime)

        let second = try await server.start(port: first.port)
        defer { _ = second.stop() }
        let laptopSync = try await laptop.ok(["sync"], now: Self.later)
        let phoneSync = try await phone.ok(["sync", "--json"], now: Self.later)
        let laptopAgain = try await laptop.ok(["sync"], now: Self.later)
        _ = try await phone.ok(["sync"], now: Self.later)
        #expect(laptopSync.stdout.contains("Sent"), "\(laptopSync)")
        let phoneReport = try #require(try phoneSync.json() as? [String: Any])
        let collections = try #require(phoneReport["collections"] as? [String: [String: Int]], "\(phoneReport)")
        #expect(collections["goals"]?["received"] == 1 && collections["checkins"]?["sent"] == 1, "\(phoneReport)")
        #expect(laptopAgain.stdout.contains("Your check-in of 2026-11-20 was replaced"), "\(laptopAgain)")

        let laptopArchive = try await Self.archive(laptop), phoneArchive = try await Self.archive(phone)
        #expect(laptopArchive == phoneArchive)
        #expect(laptopArchive.contains("Walk every day") && laptopArchive.contains("Fish oil")
                && laptopArchive.contains("31.4"), "every edit travelled")
        #expect(laptopArchive.contains(#""tags":["alcohol","caffeine"]"#), "both tags of the day are kept")
        let checkins = try #require(try await laptop.ok(["checkin", "list", "--json", "--days", "3"], now: Self.later)
                                        .json() as? [[String: Any]])
        #expect(checkins.first { $0["day"] as? String == "2026-11-20" }?["energy"] as? Int == 5, "the later check-in")

        let fresh = try Sandbox(store: "sqlite").spawning()
        try await Self.logIn(fresh, to: second, as: server.email)
        _ = try await fresh.ok(["sync"], now: Self.later)
        #expect(try await Self.archive(fresh) == laptopArchive, "a new device receives everything")
    }
}
