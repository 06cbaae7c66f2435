import Foundation
import Logging
import WellnessComposition
import WellnessHTTP
import WellnessServerHost

/// Many concurrent clients against a real server on loopback: weekly insights (reads) and
/// check-ins (writes, each with its own idempotency key) through the HTTP client adapters, on
/// per-account SQLite stores. Reports requests per second, p50/p99 latency and the error count,
/// which must be 0; bounded by a request count and a time limit. For scale, the same mix called
/// in-process (no HTTP) is measured in the same run.
struct LoadBenchmark: BenchmarkCase {
    let quick: Bool
    let key = "load"
    let name = "HTTP load: concurrent clients on loopback"

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        let today = LocalDay(year: 2026, month: 11, day: 21)!
        let clock = FixedWallClock(today.at(hour: 10, minute: 30, in: calendar))
        var quiet = Logger(label: "wellness.bench.server")
        quiet.logLevel = .critical // request logs would drown the report
        let host = try ServerHost(store: .sqlite, directory: directory, clock: clock, calendar: calendar, bcryptCost: 4,
                                  logger: quiet)

        let accountCount = 4
        let clients = quick ? 8 : 32
        let requests = quick ? 400 : 4000
        let timeLimit: Duration = .seconds(quick ? 20 : 60)
        var accounts: [(email: String, id: Account.ID)] = []
        for index in 0..<accountCount {
            let account = try await host.addAccount(email: "load\(index)@example.org", password: "correct horse \(index)")
            accounts.append((account.email.rawValue, account.id))
            let workspace = try await host.workspace(account.id)
            for back in 0..<14 {
                try await workspace.drift.checkIn(energy: 1 + back % 5, stress: 1 + (back * 2) % 5,
                                                          social: 1 + (back * 3) % 5, day: today.adding(days: -back))
            }
        }

        let port = PortBox()
        let serverTask = Task {
            try await host.serve(ServerConfiguration(port: 0, rateLimit: RateLimit(limit: 10_000_000, window: 60)),
                                 onRunning: { await port.set($0) })
        }
        defer { serverTask.cancel() }
        let server = try await port.wait()
        let url = URL(string: "http://127.0.0.1:\(server)")!
        var tokens: [String] = []
        for (index, account) in accounts.enumerated() {
            let session = HTTPSessionAPI(WellnessAPIClient(server: url, token: nil))
            tokens.append(try await session.logIn(email: account.email, password: "correct horse \(index)").accessToken)
        }

        // The mix: 4 reads to 1 write; every write is a new day of its account, so each is a 201.
        let counter = RequestCounter(limit: requests)
        let deadline = ContinuousClock.now + timeLimit
        let started = ContinuousClock.now
        let results = await withTaskGroup(of: [Sample].self) { group in
            for client in 0..<clients {
                let token = tokens[client % accountCount]
                group.addTask {
                    let api = WellnessAPIClient(server: url, token: token)
                    let remote = HTTPDriftRemote(api), checkins = HTTPCheckinAPI(api)
                    var samples: [Sample] = []
                    while ContinuousClock.now < deadline, let number = await counter.next() {
                        let begin = ContinuousClock.now
                        var failed = false
                        do {
                            if number % 5 == 4 {
                                let back = 15 + number / 5 // unique per request: days before the seeded fortnight
                                let checkin = try Checkin(day: today.adding(days: -back), energy: 3, stress: 2, social: 4)
                                failed = try await checkins.submit(checkin, idempotencyKey: UUID().uuidString, replacing: false) != .accepted
                            } else {
                                _ = try await remote.weeklyInsights(days: number % 2 == 0 ? 7 : 14)
                            }
                        } catch {
                            failed = true
                        }
                        samples.append(Sample(seconds: (ContinuousClock.now - begin).seconds, failed: failed))
                    }
                    return samples
                }
            }
            var all: [Sample] = []
            for await samples in group { all += samples }
            return all
        }
        let elapsed = (ContinuousClock.now - started).seconds
        serverTask.cancel()
        _ = try? await serverTask.value

        // In-process: the same use cases without HTTP, one client, for scale.
        let workspace = try await host.workspace(accounts[0].id)
        let inProcess = try await Measurement.measure("in-process baseline: weekly insights (no HTTP)", runs: quick ? 50 : 300) {
            _ = try await workspace.drift.insights(days: 7)
        }

        let latencies = results.map(\.seconds).sorted()
        let errors = results.filter(\.failed).count
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1000
        }
        let rate = Double(results.count) / elapsed
        return BenchmarkReport(
            name: name,
            lines: ["\(clients) clients, \(accountCount) accounts (SQLite each), 4 reads : 1 write, "
                    + "at most \(requests) requests or \(timeLimit)",
                    String(format: "%d requests in %.2f s: %.0f requests/s", results.count, elapsed, rate),
                    String(format: "latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms", percentile(0.5), percentile(0.99),
                           (latencies.last ?? .nan) * 1000),
                    inProcess.rendered],
            checks: [BenchmarkReport.Check(text: "errors: \(errors) (target 0)", met: errors == 0),
                     BenchmarkReport.Check(text: "requests: \(results.count) of \(requests)",
                                           met: results.count == requests)])
    }

    struct Sample: Sendable {
        let seconds: Double
        let failed: Bool
    }

    /// Hands out request numbers until the limit.
    actor RequestCounter {
        let limit: Int
        private var issued = 0
        init(limit: Int) { self.limit = limit }
        func next() -> Int? {
            guard issued < limit else { return nil }
            defer { issued += 1 }
            return issued
        }
    }

    /// The port the server bound, once it runs.
    actor PortBox {
        private var port: Int?
        func set(_ value: Int) { port = value }
        func wait() async throws -> Int {
            for _ in 0..<500 {
                if let port { return port }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw CancellationError()
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
