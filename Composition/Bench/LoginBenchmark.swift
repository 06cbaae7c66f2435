import AsyncHTTPClient
import Foundation
import Logging
import WellnessComposition
import WellnessHTTP
import WellnessServerHost

/// A real login while 30 junk logins (made-up emails, wrong passwords) are in flight, against a
/// real server on loopback with a realistic bcrypt cost: it must answer within 2× its idle time.
/// Measured twice: with the login throttle as shipped (the junk soon backs off), and with the
/// throttle off, so the hashing pool and the imitated check of unknown emails are measured alone.
struct LoginBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs this case at the quick size, reported and not judged.
    var quick: Bool { size.isSmall }
    let key = "login"
    let name = "Logins: a real login with 30 junk logins in flight"

    static let junk = 30
    static let password = "correct horse battery staple"

    func run() async throws -> BenchmarkReport {
        let rounds = quick ? 3 : 7
        var lines = ["bcrypt cost 10, \(SecureCredentials.hashingThreads) hashing thread(s), "
                     + "\(Self.junk) junk logins per round, \(rounds) rounds, SQLite, loopback"]
        var checks: [BenchmarkReport.Check] = []
        for (label, policy) in [("throttle as shipped", LoginThrottle.Policy()),
                                ("throttle off", LoginThrottle.Policy(freeFailuresPerPair: 1_000_000,
                                                                      freeFailuresPerAddress: 1_000_000,
                                                                      freeFailuresPerEmail: 1_000_000))] {
            let (idle, loaded) = try await measure(policy: policy, rounds: rounds)
            let ratio = loaded.median / idle.median
            lines += ["\(label):", "  " + idle.rendered, "  " + loaded.rendered]
            checks.append(BenchmarkReport.Check(
                text: String(format: "%@: %.2f× the idle login (target ≤ 2.0×)", label, ratio), met: ratio <= 2))
        }
        return BenchmarkReport(name: name, lines: lines, checks: checks)
    }

    private func measure(policy: LoginThrottle.Policy, rounds: Int) async throws -> (idle: Measurement, loaded: Measurement) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var quiet = Logger(label: "wellness.bench.server")
        quiet.logLevel = .critical
        let host = try ServerHost(store: .sqlite, directory: directory, bcryptCost: 10, loginThrottle: policy, logger: quiet)
        try await host.addAccount(email: "real@example.org", password: Self.password)

        let port = LoadBenchmark.PortBox()
        let serverTask = Task {
            try await host.serve(ServerConfiguration(port: 0), onRunning: { await port.set($0) })
        }
        defer { serverTask.cancel() }
        let url = URL(string: "http://127.0.0.1:\(try await port.wait())")!
        // The junk has a client of its own with a connection each, so that the real login never
        // waits in a client-side connection queue: only the server's behaviour is measured.
        let junkClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(
            connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.junk)))
        @Sendable func logIn(_ email: String, _ password: String, client: HTTPClient) async throws {
            _ = try await HTTPSessionAPI(WellnessAPIClient(server: url, token: nil, client: client))
                .logIn(email: email, password: password)
        }

        do {
            let result = try await measureRounds(rounds: rounds, logIn: logIn, junkClient: junkClient)
            try await junkClient.shutdown()
            serverTask.cancel()
            _ = try? await serverTask.value
            return result
        } catch {
            try? await junkClient.shutdown()
            throw error
        }
    }

    private func measureRounds(rounds: Int, logIn: @escaping @Sendable (String, String, HTTPClient) async throws -> Void,
                               junkClient: HTTPClient) async throws -> (idle: Measurement, loaded: Measurement) {
        let idle = try await Measurement.measure("idle: a real login", runs: rounds) {
            try await logIn("real@example.org", Self.password, .shared)
        }
        var seconds: [Double] = []
        for round in 0..<rounds {
            let elapsed = try await withThrowingTaskGroup(of: Double?.self) { group in
                for number in 0..<Self.junk {
                    group.addTask {
                        try? await logIn("junk-\(round)-\(number)-\(UUID().uuidString.prefix(8))@example.org", "wrong password",
                                         junkClient)
                        return nil
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(20)) // the junk is in flight first
                    let start = ContinuousClock.now
                    try await logIn("real@example.org", Self.password, .shared)
                    return (ContinuousClock.now - start).seconds
                }
                var real: Double?
                for try await value in group { real = value ?? real }
                return real!
            }
            seconds.append(elapsed)
        }
        return (idle, Measurement(label: "with \(Self.junk) junk logins in flight: the real login", seconds: seconds))
    }
}
