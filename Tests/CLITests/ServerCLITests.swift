#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WellnessTestSupport

/// `wellness serve`, `users`, `login`, `checkin` while the server is down, `sync`, `logout`,
/// end to end: the server is the built binary in its own process, stopped and started again on
/// the same port.
@Suite("CLI: a server and its client", .serialized)
struct ServerCLITests {
    static let password = "correct horse battery"

    /// A `wellness serve` child process on loopback.
    final class ServerProcess: @unchecked Sendable {
        let child: ChildProcess
        let port: Int
        private let lock = NSLock()
        private var stopped = false
        /// What the server wrote to stderr, complete once it has exited (``errorOutput()``).
        private let errors = ErrorsBox()

        /// Starts the server on `port` (0: any free one) and waits for its "listening" line (on
        /// a Dispatch thread, never a cooperative one). `environment` adds to the sandbox's.
        init(_ sandbox: Sandbox, port requested: Int = 0, options: [String] = [],
             environment extra: [String: String] = [:]) async throws {
            let arguments = ["serve", "--port", "\(requested)", "--store", sandbox.store,
                             "--data-dir", sandbox.data.path, "--now", DriftCLITests.now] + options
            let environment = sandbox.environment.merging(extra) { $1 }
            let errors = self.errors
            (child, port, scheme) = try await offTheCooperativePool {
                try Self.launch(arguments, environment: environment, errors: errors)
            }
        }

        /// Everything the server wrote to stderr, once it has exited (after ``stop()``); waits
        /// at most 30 s for the last bytes.
        func errorOutput() -> String {
            String(decoding: errors.wait(upTo: 30), as: UTF8.self)
        }

        /// Starts `wellness arguments` and waits up to 60 s for the line that says where it listens.
        private static func launch(_ arguments: [String], environment: [String: String], errors: ErrorsBox) throws
            -> (child: ChildProcess, port: Int, scheme: String) {
            let child = try ChildProcess(try CLI.binary(), arguments, environment: environment, input: nil)
            // Request logs go to stderr: drain it so the server never blocks on a full pipe.
            onThreadOfItsOwn { errors.finish(child.readAll(child.standardError)) }
            let seen = child.collect(child.standardOutput, until: { $0.contains("\n") },
                                     deadline: Date().addingTimeInterval(60))
            guard let range = seen.range(of: #"https?://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
                  let port = Int(seen[range].split(separator: ":").last ?? "") else {
                child.signal(SIGKILL)
                _ = child.wait()
                throw CLI.Failure.timedOut(["serve: no 'listening' line; got: \(seen)"])
            }
            return (child, port, seen.contains("https://") ? "https" : "http")
        }

        /// `http` or `https`, as the server said it listens.
        let scheme: String
        var url: String { "\(scheme)://127.0.0.1:\(port)" }

        /// SIGINT, as Ctrl-C would; returns the exit status (0 after a graceful shutdown).
        func stop() -> Int32 {
            lock.withLock { stopped = true }
            child.signal(SIGINT)
            let status = child.wait()
            close(child.standardOutput)
            return status
        }

        /// SIGKILL, as a crash would: no graceful shutdown, nothing finished.
        func kill() {
            lock.withLock { stopped = true }
            child.signal(SIGKILL)
            _ = child.wait()
            close(child.standardOutput)
        }

        deinit {
            if !lock.withLock({ stopped }) {
                child.signal(SIGKILL)
                _ = child.wait()
                close(child.standardOutput)
            }
        }
    }

    /// A server's stderr, kept once the pipe reached its end.
    final class ErrorsBox: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var data = Data()

        func finish(_ all: Data) {
            lock.withLock { data = all }
            done.signal()
        }

        /// The bytes, once the pipe ended (or what there is after `seconds`).
        func wait(upTo seconds: Int) -> Data {
            if done.wait(timeout: .now() + .seconds(seconds)) == .success { done.signal() }
            return lock.withLock { data }
        }
    }

    /// A server's data directory with the account ann@example.org (``password``).
    static func serverDataWithAnn() async throws -> Sandbox {
        let serverData = try Sandbox()
        let added = try await serverData.raw(["users", "add", "ann@example.org", "--data-dir", serverData.data.path],
                                             input: password + "\n")
        try #require(added.status == 0, "\(added)")
        return serverData
    }

    @Test("check in while the server is down (kept, pending), start it, sync: sent once, nothing duplicated")
    func offlineQueueThenSync() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let client = try Sandbox()

        let first = try await ServerProcess(serverData)
        let login = try await client.raw(["login", "--server", first.url, "--email", "Ann@Example.org",
                                          "--data-dir", client.data.path], input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        #expect(!login.stdout.contains(Self.password) && !login.stderr.contains(Self.password))
        let session = try FileManager.default.attributesOfItem(atPath: client.data.appendingPathComponent("session.json").path)
        #expect((session[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(first.stop() == 0, "SIGINT ends the server gracefully")

        let offline = try await client.ok(["checkin", "--energy", "2", "--stress", "4", "--social", "2",
                                           "--day", "2026-11-20"], now: DriftCLITests.now)
        #expect(offline.stdout.contains("Will sync when online"), "\(offline)")
        let offlineJSON = try await client.ok(["checkin", "--energy", "4", "--stress", "2", "--social", "5", "--json"],
                                              now: DriftCLITests.now)
        #expect((try offlineJSON.json() as? [String: Any])?["sent"] as? Bool == false)
        let queued = try #require(try await client.ok(["queue", "--json"]).json() as? [Any])
        #expect(queued.isEmpty, "a check-in travels by sync, not through the check-in API's queue")
        let stillDown = try await client.run(["sync"], now: DriftCLITests.now)
        #expect(stillDown.status == 1 && stillDown.stderr.contains("could not be reached"), "\(stillDown)")

        let second = try await ServerProcess(serverData, port: first.port)
        defer { _ = second.stop() }
        let synced = try #require(try await client.ok(["sync", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        let collections = try #require(synced["collections"] as? [String: [String: Int]], "\(synced)")
        #expect(collections["checkins"]?["sent"] == 2, "\(synced)")
        let again = try await client.ok(["sync"], now: DriftCLITests.now)
        #expect(again.stdout.contains("Sent 0 changes; received 0"), "\(again)")

        // What the server holds, read back through it (trends come from the server when logged in).
        let trends = try #require(try await client.ok(["trends", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        let points = try #require(trends["points"] as? [[String: Any]])
        #expect(points.compactMap { $0["day"] as? String } == ["2026-11-20", "2026-11-21"])

        // The tier is the server account's: a locked length says who can change it.
        let locked = try await client.run(["trends", "--days", "30"], now: DriftCLITests.now)
        #expect(locked.status == 3 && locked.stdout.contains("wellness users tier"), "\(locked)")
        let teaser = try await client.ok(["insights"], now: DriftCLITests.now)
        #expect(teaser.stdout.contains("wellness users tier EMAIL pro") && !teaser.stdout.contains("tier set pro"),
                "the teaser names the server's admin too: \(teaser)")

        // Online now: the next check-in goes straight through.
        let online = try await client.ok(["checkin", "--energy", "2", "--stress", "5", "--social", "2",
                                          "--day", "2026-11-19"], now: DriftCLITests.now)
        #expect(online.stdout.contains("Sent to the server"), "\(online)")

        // Alerts come from the server: 11-20 drifted high after a high 11-19.
        let alerts = try #require(try await client.ok(["alerts", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        #expect(alerts["days"] as? Int == 14)
        let listed = try #require(alerts["alerts"] as? [[String: Any]])
        #expect(listed.compactMap { $0["day"] as? String } == ["2026-11-20"], "\(alerts)")
        #expect(listed.first?["driftIndex"] as? Double == 4, "\(alerts)")

        // Replacing a day the server has is a real replacement there (PUT), and says so.
        let replaced = try await client.ok(["checkin", "--energy", "1", "--stress", "5", "--social", "1",
                                            "--day", "2026-11-21", "--replace"], now: DriftCLITests.now)
        #expect(replaced.stdout.contains("Sent to the server"), "\(replaced)")
        let fortnight = try #require(try await client.ok(["insights", "--days", "14", "--json"], now: DriftCLITests.now)
                                        .json() as? [String: Any])
        let averages = (fortnight["summary"] as? [String: Any])?["averages"] as? [String: Any]
        let energy = try #require(averages?["energy"] as? Double, "\(fortnight)")
        #expect(abs(energy - 5.0 / 3) < 0.01, "the server averages 2, 2 and the replaced 1: \(fortnight)")

        // Insights from the server carry a request id and a timestamp too.
        let insights = try #require(try await client.ok(["insights", "--json"], now: DriftCLITests.now).json()
                                        as? [String: Any])
        #expect(UUID(uuidString: insights["requestId"] as? String ?? "") != nil, "\(insights)")
        #expect(insights["timestamp"] is String, "\(insights)")
    }

    /// Ann's server, a client (a `store` store) logged in to it, the server stopped, and a check-in
    /// of 2026-11-20 made meanwhile: the server's data, the client, and the port to start it on again.
    static func checkedInWhileTheServerWasDown(store: String) async throws -> (Sandbox, Sandbox, Int) {
        let serverData = try await serverDataWithAnn()
        let client = try Sandbox(store: store)
        let first = try await ServerProcess(serverData)
        let login = try await client.raw(["login", "--server", first.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: password + "\n")
        try #require(login.status == 0, "\(login)")
        #expect(first.stop() == 0)
        let offline = try await client.ok(["checkin", "--energy", "2", "--stress", "4", "--social", "2",
                                           "--day", "2026-11-20"], now: DriftCLITests.now)
        #expect(offline.stdout.contains("Will sync when online"), "\(offline)")
        return (serverData, client, first.port)
    }

    @Test("a check-in made while the server was down goes out with the next command that reaches the server, before it reads")
    func pendingGoesOutWithTheNextRead() async throws {
        let (serverData, client, port) = try await Self.checkedInWhileTheServerWasDown(store: "sqlite")
        let second = try await ServerProcess(serverData, port: port)
        defer { _ = second.stop() }
        // Trends only read from the server, and read what the pending check-in made.
        let trends = try #require(try await client.ok(["trends", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        let points = try #require(trends["points"] as? [[String: Any]], "\(trends)")
        #expect(points.compactMap { $0["day"] as? String } == ["2026-11-20"], "\(trends)")
        let synced = try #require(try await client.ok(["sync", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        let collections = synced["collections"] as? [String: [String: Int]] ?? [:]
        #expect(collections["checkins"]?["sent", default: 0] ?? 0 == 0, "sent once, by trends: \(synced)")
    }

    /// A loopback listener on `port` that takes connections and never answers them.
    final class SilentListener: @unchecked Sendable {
        let descriptor: Int32
        private var accepted: [Int32] = []

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, listen(descriptor, 16) == 0, fcntl(descriptor, F_SETFL, O_NONBLOCK) == 0 else {
                let failure = errno
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EADDRINUSE)
            }
        }

        /// Whether a client connected within `seconds` (checked every 50 ms); its connection is
        /// held open, unanswered.
        func connected(within seconds: Double) async throws -> Bool {
            for _ in 0..<Int(seconds * 20) {
                let connection = accept(descriptor, nil, nil)
                if connection >= 0 {
                    accepted.append(connection)
                    return true
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }

        deinit {
            accepted.forEach { close($0) }
            close(descriptor)
        }
    }

    @Test("a sync killed (SIGKILL) while it sends loses nothing: the next sync sends the check-in",
          arguments: ["sqlite", "json"])
    func killedSyncReleasesItsClaim(store: String) async throws {
        let (serverData, client, port) = try await Self.checkedInWhileTheServerWasDown(store: store)

        // A sync against a server that takes the connection and never answers (the sandbox
        // waits 60 s for an answer) is killed while it sends the check-in.
        var listener: SilentListener? = try SilentListener(port: port)
        let sync = try ChildProcess(try CLI.binary(),
                                    ["sync", "--store", client.store, "--data-dir", client.data.path, "--now", DriftCLITests.now],
                                    environment: client.environment, input: nil)
        // It connects once it has taken note of the check-in, to send it.
        let claimed = try await #require(listener).connected(within: 300)
        sync.signal(SIGKILL)
        _ = sync.wait()
        close(sync.standardOutput)
        close(sync.standardError)
        #expect(claimed, "the sync was sending when it was killed")
        listener = nil
        _ = listener

        let second = try await ServerProcess(serverData, port: port)
        defer { _ = second.stop() }
        let synced = try await client.run(["sync", "--json"], now: DriftCLITests.now)
        let collections = (try? synced.json() as? [String: Any])?["collections"] as? [String: [String: Int]]
        #expect(synced.status == 0 && collections?["checkins"]?["sent"] == 1, "\(synced)")
        let again = try await client.ok(["sync"], now: DriftCLITests.now)
        #expect(again.stdout.contains("Sent 0 changes"), "nothing is left to send: \(again)")
    }

    @Test("sync counts records, not requests: past --rate-limit requests, check-ins still go through and sync still works")
    func syncIsNotCountedAsRequests() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let client = try Sandbox()
        let server = try await ServerProcess(serverData, options: ["--rate-limit", "2"])
        defer { _ = server.stop() }
        let login = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        for day in ["2026-11-18", "2026-11-19", "2026-11-20"] {
            let sent = try await client.ok(["checkin", "--energy", "3", "--stress", "3", "--social", "3", "--day", day],
                                           now: DriftCLITests.now)
            #expect(sent.stdout.contains("Sent to the server"), "\(sent)")
        }
        let synced = try await client.ok(["sync"], now: DriftCLITests.now)
        #expect(synced.stdout.contains("Sent 0 changes"), "everything went as it was written: \(synced)")
        let queue = try #require(try await client.ok(["queue", "--json"]).json() as? [Any])
        #expect(queue.isEmpty, "nothing went through the check-in API's queue")
    }

    @Test("a device whose clock runs days ahead: the server refuses its changes, which are kept here and set aside, and sync says so")
    func refusedChangesAreSetAside() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let server = try await ServerProcess(serverData)
        defer { _ = server.stop() }
        let laptop = try Sandbox()
        let login = try await laptop.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", laptop.data.path], input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        // The laptop's clock says 2030: the server (on today's clock) refuses what it stamps.
        let ahead = "2030-01-01T09:00:00Z"
        let checkin = try await laptop.run(["checkin", "--energy", "4", "--stress", "2", "--social", "4",
                                            "--day", "2026-11-20"], now: ahead)
        #expect(checkin.status == 0, "saved here: \(checkin)")
        #expect(checkin.stderr.contains("was refused") && checkin.stderr.contains("date and time"), "says why: \(checkin)")
        #expect(!checkin.stdout.contains("Will sync"), "it will not, as it is: \(checkin)")
        let synced = try await laptop.run(["sync"], now: ahead)
        #expect(synced.status == 1, "\(synced)")
        #expect(synced.stdout.contains("The server refused the checkins record 2026-11-20"), "\(synced)")
        let json = try await laptop.run(["sync", "--json"], now: ahead)
        let object = try #require(try json.json() as? [String: Any], "\(json)")
        let aside = try #require(object["setAside"] as? [String: [String: String]], "\(json)")
        #expect(aside["checkins"]?["2026-11-20"] != nil, "\(aside)")
        // Kept here all along.
        let listed = try #require(try await laptop.ok(["checkin", "list", "--days", "2000", "--json"], now: ahead).json()
                                      as? [[String: Any]])
        #expect(listed.contains { $0["day"] as? String == "2026-11-20" }, "\(listed)")
    }

    @Test("two devices check in on one day: the later check-in wins everywhere, and the device it replaced is told")
    func laterCheckinWins() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let server = try await ServerProcess(serverData)
        defer { _ = server.stop() }
        let phone = try Sandbox(), laptop = try Sandbox(store: "json")
        for device in [phone, laptop] {
            let login = try await device.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                              "--data-dir", device.data.path], input: Self.password + "\n")
            try #require(login.status == 0, "\(login)")
        }
        let first = try await phone.ok(["checkin", "--energy", "4", "--stress", "2", "--social", "4", "--day", "2026-11-20"],
                                       now: DriftCLITests.now)
        #expect(first.stdout.contains("Sent to the server"), "\(first)")
        let second = try await laptop.ok(["checkin", "--energy", "1", "--stress", "5", "--social", "1",
                                          "--day", "2026-11-20"], now: "2026-11-21T09:05:00Z")
        #expect(second.stdout.contains("Sent to the server"), "\(second)")
        let told = try await phone.ok(["sync"], now: "2026-11-21T09:10:00Z")
        #expect(told.stdout.contains("Your check-in of 2026-11-20 was replaced by a later one from another device."),
                "\(told)")
        let quiet = try await laptop.ok(["sync"], now: "2026-11-21T09:10:00Z")
        #expect(!quiet.stdout.contains("was replaced"), "\(quiet)")
        for device in [phone, laptop] {
            let listed = try #require(try await device.ok(["checkin", "list", "--json"], now: DriftCLITests.now)
                                          .json() as? [[String: Any]])
            #expect(listed.first { $0["day"] as? String == "2026-11-20" }?["energy"] as? Int == 1, "the later: \(listed)")
        }
        let trends = try #require(try await phone.ok(["trends", "--json"], now: DriftCLITests.now).json() as? [String: Any])
        let points = try #require(trends["points"] as? [[String: Any]], "\(trends)")
        #expect(points.first { $0["day"] as? String == "2026-11-20" }?["energy"] as? Int == 1, "the server's too: \(points)")
    }

    @Test("serve --trusted-proxy: failed logins back off per client the proxy forwards for, not per proxy")
    func trustedProxy() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let server = try await ServerProcess(serverData, options: ["--trusted-proxy", "127.0.0.0/8"])
        defer { _ = server.stop() }
        func logIn(_ password: String, forwardedFor client: String) async throws -> Int {
            var request = URLRequest(url: try #require(URL(string: server.url + "/api/auth/login")))
            request.httpMethod = "POST"
            request.timeoutInterval = 60
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(client, forHTTPHeaderField: "X-Forwarded-For")
            request.httpBody = try JSONSerialization.data(withJSONObject: ["email": "ann@example.org", "password": password])
            let (_, response) = try await URLSession.shared.data(for: request)
            return try #require(response as? HTTPURLResponse).statusCode
        }
        for _ in 1...5 { #expect(try await logIn("guess", forwardedFor: "198.51.100.7") == 401) }
        #expect(try await logIn(Self.password, forwardedFor: "198.51.100.7") == 429, "the guessing client waits")
        #expect(try await logIn(Self.password, forwardedFor: "198.51.100.8") == 200, "another client is not held up")
    }

    @Test("serve --tls-cert/--tls-key listens on https; a client trusting the certificate (WELLNESS_CA_FILE) logs in and syncs")
    func https() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let client = try Sandbox()
        let made = try await SelfSignedCertificate.make(in: serverData.root.url)
        let certificate = made.certificate.path, key = made.privateKey.path
        let alone = try await serverData.raw(["serve", "--tls-cert", certificate, "--data-dir", serverData.data.path])
        #expect(alone.status != 0 && alone.stderr.contains("--tls-cert and --tls-key go together"), "\(alone)")

        let server = try await ServerProcess(serverData, options: ["--tls-cert", certificate, "--tls-key", key])
        defer { _ = server.stop() }
        #expect(server.url.hasPrefix("https://127.0.0.1:"))
        let trust = ["WELLNESS_CA_FILE": certificate]
        let login = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], extraEnv: trust, input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        #expect(!login.stderr.contains("insecure"), "https needs no --insecure: \(login)")
        let sent = try await client.ok(["checkin", "--energy", "3", "--stress", "3", "--social", "3"],
                                       now: DriftCLITests.now, extraEnv: trust)
        #expect(sent.stdout.contains("Sent to the server"), "\(sent)")

        // A CA file that is not one is refused, naming it.
        let bogus = try client.file("bogus.pem", "not a certificate")
        let refused = try await client.run(["session"], extraEnv: ["WELLNESS_CA_FILE": bogus])
        #expect(refused.status == 1 && refused.stderr.contains(bogus), "\(refused)")
    }

    @Test("a 401 clears the token and says to log in; logout ends the session on the server")
    func unauthorizedAndLogout() async throws {
        let serverData = try Sandbox()
        let client = try Sandbox()
        for email in ["ann@example.org", "bob@example.org"] {
            let added = try await serverData.raw(["users", "add", email, "--data-dir", serverData.data.path],
                                                 input: Self.password + "\n")
            try #require(added.status == 0, "\(added)")
        }
        let server = try await ServerProcess(serverData)
        defer { _ = server.stop() }

        let wrong = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: "not the password\n")
        #expect(wrong.status == 1 && wrong.stderr.contains("wrong email or password"), "\(wrong)")
        let unknown = try await client.raw(["login", "--server", server.url, "--email", "nobody@example.org",
                                            "--data-dir", client.data.path], input: Self.password + "\n")
        #expect(unknown.status == 1 && unknown.stderr == wrong.stderr, "an unknown email answers like a wrong password")

        let login = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        let active = try await client.ok(["session", "--json"])
        #expect((try active.json() as? [String: Any])?["status"] as? String == "active")

        // The account goes away on the server: the next call answers 401.
        let removed = try await serverData.raw(["users", "remove", "ann@example.org", "--data-dir", serverData.data.path])
        try #require(removed.status == 0, "\(removed)")
        let refused = try await client.run(["insights"], now: DriftCLITests.now)
        #expect(refused.status == 1 && refused.stderr.contains("log in again with: wellness login --server \(server.url)"),
                "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: client.data.appendingPathComponent("session.json").path))
        let signedOut = try await client.ok(["session", "--json"])
        #expect((try signedOut.json() as? [String: Any])?["status"] as? String == "signedOut")

        // Logout revokes the token on the server too.
        try #require(try await client.raw(["login", "--server", server.url, "--email", "bob@example.org",
                                           "--data-dir", client.data.path], input: Self.password + "\n").status == 0)
        let token = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: client.data.appendingPathComponent("session.json"))) as? [String: Any])["accessToken"]
        let out = try await client.ok(["logout"])
        #expect(out.stdout.contains("Logged out of \(server.url)"))
        let stale = try #require(URL(string: "\(server.url)/api/auth/session"))
        var request = URLRequest(url: stale)
        request.setValue("Bearer \(token ?? "")", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
    }

    @Test("account export downloads the account's archive, which restores locally; account delete asks the password")
    func accountExportAndDelete() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let client = try Sandbox()
        let server = try await ServerProcess(serverData)
        defer { _ = server.stop() }

        let notLoggedIn = try await client.raw(["account", "export", "-", "--data-dir", client.data.path])
        #expect(notLoggedIn.status == 1 && notLoggedIn.stderr.contains("wellness login"), "\(notLoggedIn)")
        try #require(try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                           "--data-dir", client.data.path], input: Self.password + "\n").status == 0)
        let checkin = try await client.run(["checkin", "--energy", "4", "--stress", "2", "--social", "3"], now: DriftCLITests.now)
        try #require(checkin.status == 0, "\(checkin)")

        let file = client.data.appendingPathComponent("account.json")
        let exported = try await client.ok(["account", "export", file.path])
        #expect(exported.stdout.contains(file.path))
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(archive["format"] as? String == "wellness-backup")
        #expect(((archive["collections"] as? [String: Any])?["checkins"] as? [Any])?.count == 1)
        let local = try Sandbox()
        let restored = try await local.raw(["restore", file.path, "--store", "json", "--data-dir", local.data.path])
        #expect(restored.status == 0 && restored.stdout.contains("checkins"), "\(restored)")

        let refused = try await client.raw(["account", "delete", "--data-dir", client.data.path], input: "not the password\n")
        #expect(refused.status == 1 && refused.stderr.contains("refused the password"), "\(refused)")
        let deleted = try await client.raw(["account", "delete", "--data-dir", client.data.path], input: Self.password + "\n")
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted the account ann@example.org"), "\(deleted)")
        #expect(!deleted.stdout.contains(Self.password) && !deleted.stderr.contains(Self.password))
        #expect(!FileManager.default.fileExists(atPath: client.data.appendingPathComponent("session.json").path))
        let users = try await serverData.raw(["users", "list", "--json", "--data-dir", serverData.data.path])
        let accounts = try users.json() as? [Any]
        #expect(users.status == 0 && accounts?.isEmpty == true, "\(users)")
    }

    @Test("login refuses the memory store, which would forget the token at once")
    func loginNeedsAPersistentStore() async throws {
        let client = try Sandbox(store: "memory")
        let refused = try await client.raw(["login", "--server", "http://127.0.0.1:9", "--email", "ann@example.org",
                                            "--store", "memory"], input: Self.password + "\n")
        #expect(refused.status == 1 && refused.stderr.contains("memory store"), "\(refused)")
    }

    @Test("users: passwords come from stdin, never argv; bad emails, short passwords and NUL are refused")
    func users() async throws {
        let serverData = try Sandbox()
        let short = try await serverData.raw(["users", "add", "ann@example.org", "--data-dir", serverData.data.path],
                                             input: "short\n")
        #expect(short.status == 1 && short.stderr.contains("at least 8"), "\(short)")
        for password in ["\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "abcdefgh\u{0}ijkl"] {
            let cut = try await serverData.raw(["users", "add", "zed@example.org", "--data-dir", serverData.data.path],
                                               input: password + "\n")
            #expect(cut.status == 1 && cut.stderr.contains("control character"), "\(cut)")
        }
        let none = try await serverData.raw(["users", "add", "ann@example.org", "--data-dir", serverData.data.path])
        #expect(none.status == 1 && none.stderr.contains("no password"), "\(none)")
        let bad = try await serverData.raw(["users", "add", "not-an-email", "--data-dir", serverData.data.path],
                                           input: Self.password + "\n")
        #expect(bad.status == 1 && bad.stderr.contains("not an email address"), "\(bad)")
        let pro = try await serverData.raw(["users", "add", "ann@example.org", "--tier", "pro", "--json",
                                            "--data-dir", serverData.data.path], input: Self.password + "\n")
        try #require(pro.status == 0, "\(pro)")
        #expect((try pro.json() as? [String: Any])?["tier"] as? String == "pro")
        let twice = try await serverData.raw(["users", "add", "ANN@example.org", "--data-dir", serverData.data.path],
                                             input: Self.password + "\n")
        #expect(twice.status == 1 && twice.stderr.contains("already exists"), "\(twice)")
        let list = try await serverData.raw(["users", "list", "--json", "--data-dir", serverData.data.path])
        let accounts = try #require(try list.json() as? [[String: Any]])
        #expect(accounts.map { $0["email"] as? String } == ["ann@example.org"])
        let id = try #require(accounts.first?["id"] as? String)
        #expect(FileManager.default.fileExists(atPath: serverData.data.appendingPathComponent("accounts/\(id)").path))
        for file in ["server.sqlite", "server.sqlite-wal"] {
            let url = serverData.data.appendingPathComponent(file)
            guard let bytes = FileManager.default.contents(atPath: url.path) else { continue }
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.password), "\(file) holds the password only as a hash")
        }
        try #require(try await serverData.raw(["users", "remove", id, "--data-dir", serverData.data.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: serverData.data.appendingPathComponent("accounts/\(id)").path))
    }

    @Test("users add --zone keeps the account's time zone, users list shows it, and an unknown zone is refused naming it")
    func usersZone() async throws {
        let serverData = try Sandbox()
        let added = try await serverData.raw(["users", "add", "bob@example.org", "--zone", "Pacific/Auckland", "--json",
                                              "--data-dir", serverData.data.path], input: Self.password + "\n")
        try #require(added.status == 0, "\(added)")
        #expect((try added.json() as? [String: Any])?["timeZone"] as? String == "Pacific/Auckland")
        let bad = try await serverData.raw(["users", "add", "zoe@example.org", "--zone", "Mars/Olympus_Mons",
                                            "--data-dir", serverData.data.path], input: Self.password + "\n")
        #expect(bad.status == 1 && bad.stderr.contains("\"Mars/Olympus_Mons\" is not a time zone"), "\(bad)")
        let table = try await serverData.raw(["users", "list", "--data-dir", serverData.data.path])
        #expect(table.stdout.contains("Zone") && table.stdout.contains("Pacific/Auckland"), "\(table)")
        #expect(!table.stdout.contains("zoe@example.org"), "nothing saved for the refused one")
    }

    @Test("wellness login tells the server this machine's time zone (TZ), which becomes the account's")
    func loginSendsZone() async throws {
        let serverData = try await Self.serverDataWithAnn()
        let client = try Sandbox()
        let server = try await ServerProcess(serverData)
        defer { _ = server.stop() }
        let before = try await serverData.raw(["users", "list", "--json", "--data-dir", serverData.data.path])
        #expect((try before.json() as? [[String: Any]])?.first?["timeZone"] is NSNull, "\(before)")
        let login = try await client.raw(["login", "--server", server.url, "--email", "ann@example.org",
                                          "--data-dir", client.data.path], input: Self.password + "\n")
        try #require(login.status == 0, "\(login)")
        let after = try await serverData.raw(["users", "list", "--json", "--data-dir", serverData.data.path])
        #expect((try after.json() as? [[String: Any]])?.first?["timeZone"] as? String == "Europe/Amsterdam", "\(after)")
    }
}
