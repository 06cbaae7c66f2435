import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import WellnessComposition
import WellnessHTTP
import WellnessServerHost

/// Many concurrent clients against real servers on loopback, in one run: a bare Hummingbird
/// route (no store, no authentication: the ceiling), weekly insights alone on per-account SQLite
/// stores, and the same mix of reads and writes — weekly insights and check-ins, each with its
/// own idempotency key — on SQLite and on PostgreSQL with one and with two `wellness serve`
/// processes on one database (`WELLNESS_TEST_POSTGRES_URL`; skipped, saying so, without it),
/// and those two again with each process held to a core of its own (``PinnedScaling``: per-core
/// scaling, judged only on 4 cores or more; skipped, saying so, without `taskset`).
/// Each reports requests per second, p50/p99 latency and its share of the bare route's rate;
/// errors must be 0. The bare route and insights alone are driven alike (send the request,
/// read the whole body, check the status), so their ratio compares the servers, not the
/// clients; the mixes go through the HTTP client adapters. Each pair compared by a goal (the
/// bare route and insights; one and two PostgreSQL processes, unpinned and pinned) runs in turn
/// three times, and the goal is the median of the pairs' ratios. Every run starts with a tenth
/// as many requests, not counted, and is bounded by a request count and a time limit.
struct LoadBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs this case at the quick size, reported and not judged.
    var quick: Bool { size.isSmall }
    let key = "load"
    let name = "HTTP load: concurrent clients on loopback"

    static let accountCount = 4
    /// Each side of a goal's pair (the bare route and insights alone; one and two PostgreSQL
    /// processes) runs this many times, in turn, and reports its median run: a single run varies
    /// by a quarter on a shared machine.
    static let repeats = 3
    var clients: Int { quick ? 8 : 32 }
    /// About a second of the bare route here: shorter runs measured the machine's moods.
    var requests: Int { quick ? 400 : 10_000 }
    var timeLimit: Duration { .seconds(quick ? 20 : 60) }

    func run() async throws -> BenchmarkReport {
        var lines: [String] = ["\(clients) clients, \(Self.accountCount) accounts, at most \(requests) requests or "
                               + "\(timeLimit) a run; the mix is 4 weekly insights : 1 check-in"]
        var checks: [BenchmarkReport.Check] = []

        // The bare route and the SQLite server listen side by side and their runs alternate, so
        // a machine that gets busier or quieter meanwhile weighs on both alike; the goal is the
        // median of the three pairs' ratios.
        let sqlite = try await withBareRoute { bareURL in try await self.sqlite(bare: bareURL) }
        let bare = LoadRun.median(sqlite.bare)
        let sqliteInsights = LoadRun.median(sqlite.insights)
        let ratio = LoadRun.ratios(sqlite.insights, to: sqlite.bare)
        lines.append(bare.line("bare Hummingbird route (ceiling), median of \(Self.repeats)", ceiling: bare.rate))
        lines.append(sqliteInsights.line("SQLite, insights only, median of \(Self.repeats)", ceiling: bare.rate))
        lines.append(sqlite.mix.line("SQLite, the mix", ceiling: bare.rate))
        lines.append(sqlite.inProcess.rendered)
        checks += [LoadRun.check("bare route", runs: sqlite.bare, requests: requests),
                   LoadRun.check("SQLite insights", runs: sqlite.insights, requests: requests),
                   sqlite.mix.check("SQLite mix", requests: requests),
                   BenchmarkReport.Check(
                       text: "insights on SQLite, share of the bare route's throughput: "
                           + ratio.text { String(format: "%.0f%%", $0 * 100) } + " (target ≥ 50%)",
                       met: ratio.median >= 0.5)]

        if let url = ProcessInfo.processInfo.environment["WELLNESS_TEST_POSTGRES_URL"], !url.isEmpty {
            if let binary = Self.serverBinary() {
                let (one, two) = try await postgres(url: url, binary: binary)
                let ratio = LoadRun.ratios(two, to: one)
                lines.append(LoadRun.median(one).line("PostgreSQL, 1 process, the mix, median of \(Self.repeats)",
                                                      ceiling: bare.rate))
                lines.append(LoadRun.median(two).line("PostgreSQL, 2 processes, the mix, median of \(Self.repeats)",
                                                      ceiling: bare.rate))
                checks += [LoadRun.check("PostgreSQL ×1", runs: one, requests: requests),
                           LoadRun.check("PostgreSQL ×2", runs: two, requests: requests),
                           BenchmarkReport.Check(
                               text: "2 processes on PostgreSQL, throughput of 1: "
                                   + ratio.text { String(format: "%.2f×", $0) } + " (target > 1)",
                               met: ratio.median > 1)]
                let pinned = try await pinned(url: url, binary: binary, ceiling: bare.rate)
                lines += pinned.lines
                checks += pinned.checks
            } else {
                lines.append("PostgreSQL: skipped, no `wellness` binary beside this one (build it: swift build -c release --product wellness)")
            }
        } else {
            lines.append("PostgreSQL: skipped, WELLNESS_TEST_POSTGRES_URL is not set (.ci/postgres start DIR prints one)")
        }
        return BenchmarkReport(name: name, lines: lines, checks: checks)
    }

    // MARK: - The servers

    /// One route answering a constant, nothing else: what the machine and the HTTP stack allow;
    /// listening while `body` runs.
    private func withBareRoute<T: Sendable>(_ body: (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("/bare") { _, _ in "{\"status\":\"ok\"}" }
        let port = PortBox()
        var quiet = Logger(label: "wellness.bench.bare")
        quiet.logLevel = .critical
        let application = Application(router: router,
                                      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                      onServerRunning: { await port.set($0.localAddress?.port ?? 0) }, logger: quiet)
        let server = Task { try await application.run() }
        defer { server.cancel() }
        return try await body(URL(string: "http://127.0.0.1:\(try await port.wait())/bare")!)
    }

    /// Each client's request to the bare route.
    private func bare(url: URL) -> @Sendable (Int) -> @Sendable (Int) async throws -> Bool {
        { _ in { _ in try await Self.get(url.absoluteString) } }
    }

    /// A GET as the bare route and insights alone are driven alike: the request (with `token`
    /// as its bearer, if any), the whole body, whether the status is 200.
    static func get(_ url: String, token: String? = nil) async throws -> Bool {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 16)
        return response.status == .ok
    }

    /// Per-account SQLite stores in a host in this process: the bare route at `bare` and insights
    /// alone in turn, then the mix.
    private func sqlite(bare bareURL: URL) async throws
        -> (bare: [LoadRun], insights: [LoadRun], mix: LoadRun, inProcess: Measurement) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try ServerHost(store: .sqlite, directory: directory, clock: Self.clock, calendar: Self.calendar,
                                  bcryptCost: 4, logger: Self.quiet)
        let accounts = try await addAccounts(to: host)
        let port = PortBox()
        let server = Task {
            try await host.serve(ServerConfiguration(port: 0, rateLimit: Self.unlimited), onRunning: { await port.set($0) })
        }
        defer { server.cancel() }
        let url = URL(string: "http://127.0.0.1:\(try await port.wait())")!
        let tokens = try await prepare(accounts, on: url)
        var bareRuns: [LoadRun] = [], insightsRuns: [LoadRun] = []
        for _ in 0..<Self.repeats {
            bareRuns.append(await drive(bare(url: bareURL)))
            insightsRuns.append(await drive(insights(url: url, tokens: tokens)))
        }
        let mix = await drive(api(urls: [url], tokens: tokens, writes: true))
        server.cancel()
        _ = try? await server.value

        // In-process: the same use case without HTTP, one client, for scale.
        let workspace = try await host.workspace(accounts[0].id)
        let inProcess = try await Measurement.measure("in-process: weekly insights on SQLite (no HTTP)",
                                                      runs: quick ? 50 : 300) {
            _ = try await workspace.drift.insights(days: 7)
        }
        return (bareRuns, insightsRuns, mix, inProcess)
    }

    /// The per-core scaling run (``PinnedScaling``): its lines and checks, or the line saying
    /// why it was skipped.
    private func pinned(url: String, binary: URL, ceiling: Double) async throws
        -> (lines: [String], checks: [BenchmarkReport.Check]) {
        #if os(Linux)
        let linux = true
        #else
        let linux = false
        #endif
        let taskset = PinnedScaling.taskset()
        switch PinnedScaling.plan(coreCount: ProcessInfo.processInfo.activeProcessorCount, linux: linux,
                                  hasTaskset: taskset != nil) {
        case .skipped(let reason):
            return ([reason], [])
        case .run(let plan):
            guard let taskset else { return ([], []) }
            let (one, two) = try await postgres(url: url, binary: binary, pinned: (plan, taskset))
            let scaling = plan.scaling(LoadRun.ratios(two, to: one))
            var lines = [plan.setup,
                         LoadRun.median(one).line("PostgreSQL pinned, 1 process on 1 core, the mix, median of \(Self.repeats)",
                                                  ceiling: ceiling),
                         LoadRun.median(two).line("PostgreSQL pinned, 2 processes on 2 cores, the mix, median of \(Self.repeats)",
                                                  ceiling: ceiling)]
            if let line = scaling.line { lines.append(line) }
            return (lines, [LoadRun.check("PostgreSQL pinned ×1", runs: one, requests: requests),
                            LoadRun.check("PostgreSQL pinned ×2", runs: two, requests: requests)]
                        + (scaling.check.map { [$0] } ?? []))
        }
    }

    /// `wellness serve --database URL` children on one database: the mix on one of them and
    /// spread over two others, in turn (each set of processes with accounts of its own). With
    /// `pinned`, each child runs on its plan's core (through `taskset`) and this process, the
    /// load generator, on the plan's other cores while the runs last, if it has any.
    private func postgres(url: String, binary: URL, pinned: (plan: PinnedScaling, taskset: URL)? = nil) async throws
        -> (one: [LoadRun], two: [LoadRun]) {
        var configuration = WellnessConfiguration(store: .memory, dataDirectory: FileManager.default.temporaryDirectory)
        configuration.logger = Self.quiet
        configuration.clock = Self.clock
        configuration.calendar = Self.calendar
        let host = try await ServerHost.make(configuration, databaseURL: url)
        let accountsOne = try await addAccounts(to: host), accountsTwo = try await addAccounts(to: host)
        await host.shutdown()
        var servers: [ServeProcess] = []
        defer { for server in servers { server.stop() } }
        let cores: [Int?] = pinned.map { [$0.plan.one] + $0.plan.two } ?? [nil, nil, nil]
        for core in cores {
            let pin = core.flatMap { core in pinned.map { (core: core, taskset: $0.taskset) } }
            servers.append(try ServeProcess(binary: binary, databaseURL: url, pinnedTo: pin))
        }
        if let pinned, !pinned.plan.others.isEmpty {
            let restore = PinnedScaling.currentAffinity() ?? PinnedScaling.list(Array(0..<pinned.plan.coreCount))
            PinnedScaling.pinThisProcess(to: PinnedScaling.list(pinned.plan.others), taskset: pinned.taskset)
            defer { PinnedScaling.pinThisProcess(to: restore, taskset: pinned.taskset) }
            return try await postgresRuns(servers, accounts: (accountsOne, accountsTwo))
        }
        return try await postgresRuns(servers, accounts: (accountsOne, accountsTwo))
    }

    /// The mix on the first of `servers` and spread over the other two, in turn.
    private func postgresRuns(_ servers: [ServeProcess],
                              accounts: (one: [(email: String, id: Account.ID)], two: [(email: String, id: Account.ID)]))
        async throws -> (one: [LoadRun], two: [LoadRun]) {
        let (accountsOne, accountsTwo) = accounts
        let one = [servers[0].url], two = [servers[1].url, servers[2].url]
        let tokensOne = try await prepare(accountsOne, on: one[0]), tokensTwo = try await prepare(accountsTwo, on: two[0])
        var runsOne: [LoadRun] = [], runsTwo: [LoadRun] = []
        for round in 0..<Self.repeats {
            runsOne.append(await drive(api(urls: one, tokens: tokensOne, writes: true), round: round))
            runsTwo.append(await drive(api(urls: two, tokens: tokensTwo, writes: true), round: round))
        }
        return (runsOne, runsTwo)
    }

    // MARK: - Accounts and load

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam") ?? .gmt
        return calendar
    }()
    static let today = LocalDay(year: 2026, month: 11, day: 21) ?? LocalDay.first
    static let clock = FixedWallClock(today.at(hour: 10, minute: 30, in: calendar))
    static let unlimited = RateLimit(limit: 10_000_000, window: 60)
    static let quiet: Logger = {
        var logger = Logger(label: "wellness.bench.server")
        logger.logLevel = .critical // request logs would drown the report
        return logger
    }()

    /// New accounts (new emails every run: a PostgreSQL database outlives the run).
    private func addAccounts(to host: ServerHost) async throws -> [(email: String, id: Account.ID)] {
        let run = UUID().uuidString.prefix(8).lowercased()
        var accounts: [(email: String, id: Account.ID)] = []
        for index in 0..<Self.accountCount {
            let account = try await host.addAccount(email: "load-\(run)-\(index)@example.org", password: Self.password)
            accounts.append((account.email.rawValue, account.id))
        }
        return accounts
    }

    static let password = "correct horse battery"

    /// Logs every account in at `url` and gives it a fortnight of check-ins; returns the tokens.
    private func prepare(_ accounts: [(email: String, id: Account.ID)], on url: URL) async throws -> [String] {
        var tokens: [String] = []
        for account in accounts {
            let session = HTTPSessionAPI(WellnessAPIClient(server: url, token: nil))
            let token = try await session.logIn(email: account.email, password: Self.password).accessToken
            let checkins = HTTPCheckinAPI(WellnessAPIClient(server: url, token: token))
            for back in 0..<14 {
                let checkin = try Checkin(day: Self.today.adding(days: -back), energy: 1 + back % 5,
                                          stress: 1 + (back * 2) % 5, social: 1 + (back * 3) % 5)
                guard try await checkins.submit(checkin, idempotencyKey: UUID().uuidString, replacing: false) == .accepted
                else { throw LoadError.seeding(account.email) }
            }
            tokens.append(token)
        }
        return tokens
    }

    /// Each client's requests through the HTTP client adapters: weekly insights, and with
    /// `writes` every fifth a check-in on a day of its own (so each is a 201).
    private func api(urls: [URL], tokens: [String], writes: Bool) -> @Sendable (Int) -> @Sendable (Int) async throws -> Bool {
        { client in
            let api = WellnessAPIClient(server: urls[client % urls.count], token: tokens[client % tokens.count])
            let remote = HTTPDriftRemote(api), checkins = HTTPCheckinAPI(api)
            return { number in
                if writes, number % 5 == 4 {
                    let back = 15 + number / 5 // unique per request: days before the seeded fortnight
                    let checkin = try Checkin(day: Self.today.adding(days: -back), energy: 3, stress: 2, social: 4)
                    return try await checkins.submit(checkin, idempotencyKey: UUID().uuidString, replacing: false) == .accepted
                }
                _ = try await remote.weeklyInsights(days: number % 2 == 0 ? 7 : 14)
                return true
            }
        }
    }

    /// Each client's weekly insights (7 and 14 days in turn), driven as the bare route is.
    private func insights(url: URL, tokens: [String]) -> @Sendable (Int) -> @Sendable (Int) async throws -> Bool {
        { client in
            let token = tokens[client % tokens.count]
            return { number in
                try await Self.get(url.absoluteString + "/api/insights/weekly?days=\(number % 2 == 0 ? 7 : 14)", token: token)
            }
        }
    }

    /// Runs `clients` concurrent clients until `requests` requests or the time limit; `client(i)`
    /// makes client i's request function (given the request's number, it says whether it worked).
    /// Each `round` numbers its requests anew, its warm-up apart from its run (a check-in's day
    /// comes from its number).
    private func drive(_ client: @escaping @Sendable (Int) -> @Sendable (Int) async throws -> Bool,
                       round: Int = 0) async -> LoadRun {
        let base = round * (requests + requests / 10)
        // A tenth as many first, not counted: connections opened, threads started, pages cached.
        let warmUp = await drive(client, requests: requests / 10, start: base + requests)
        var run = await drive(client, requests: requests, start: base)
        run.warmUpErrors = warmUp.errors
        return run
    }

    /// `requests` requests numbered from `start`.
    private func drive(_ client: @escaping @Sendable (Int) -> @Sendable (Int) async throws -> Bool, requests: Int,
                       start: Int) async -> LoadRun {
        let counter = RequestCounter(limit: requests, start: start)
        let deadline = ContinuousClock.now + timeLimit
        let started = ContinuousClock.now
        let samples = await withTaskGroup(of: [LoadRun.Sample].self) { group in
            for index in 0..<clients {
                group.addTask {
                    let send = client(index)
                    var samples: [LoadRun.Sample] = []
                    while ContinuousClock.now < deadline, let number = await counter.next() {
                        let begin = ContinuousClock.now
                        let worked = (try? await send(number)) ?? false
                        samples.append(LoadRun.Sample(seconds: (ContinuousClock.now - begin).seconds, failed: !worked))
                    }
                    return samples
                }
            }
            var all: [LoadRun.Sample] = []
            for await samples in group { all += samples }
            return all
        }
        return LoadRun(samples: samples, elapsed: (ContinuousClock.now - started).seconds)
    }

    /// The `wellness` binary built beside this one (`nil` when it was not built).
    static func serverBinary() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let binary = executable.deletingLastPathComponent().appendingPathComponent("wellness")
        return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
    }

    enum LoadError: Error, CustomStringConvertible {
        case seeding(String)
        case noListeningLine(String)

        var description: String {
            switch self {
            case .seeding(let email): "could not seed the check-ins of \(email)"
            case .noListeningLine(let seen): "wellness serve did not say where it listens; it printed: \(seen)"
            }
        }
    }

    /// Hands out request numbers until the limit.
    actor RequestCounter {
        let limit: Int
        let start: Int
        private var issued = 0
        init(limit: Int, start: Int) {
            self.limit = limit
            self.start = start
        }
        func next() -> Int? {
            guard issued < limit else { return nil }
            defer { issued += 1 }
            return start + issued
        }
    }

    /// The port a server bound, once it runs.
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

/// One load run's latencies and how long it took.
struct LoadRun: Sendable {
    struct Sample: Sendable {
        let seconds: Double
        let failed: Bool
    }

    let samples: [Sample]
    let elapsed: Double
    /// Failed requests of the uncounted warm-up before it.
    var warmUpErrors = 0

    var rate: Double { Double(samples.count) / elapsed }

    /// The ratios of `runs`' rates to `others'` (pairs run in turn), and their median.
    static func ratios(_ runs: [LoadRun], to others: [LoadRun]) -> PairedRatios {
        PairedRatios(all: zip(runs, others).map { $0.rate / $1.rate })
    }

    /// The run whose rate is the median of `runs` (not empty).
    static func median(_ runs: [LoadRun]) -> LoadRun {
        runs.sorted { $0.rate < $1.rate }[runs.count / 2]
    }
    var errors: Int { samples.filter(\.failed).count }

    func percentile(_ p: Double) -> Double {
        let latencies = samples.map(\.seconds).sorted()
        return latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1000
    }

    func line(_ label: String, ceiling: Double) -> String {
        String(format: "%@: %d requests in %.2f s, %.0f requests/s (%.0f%% of the bare route), p50 %.2f ms, p99 %.2f ms",
               label, samples.count, elapsed, rate, rate / ceiling * 100, percentile(0.5), percentile(0.99))
    }

    func check(_ label: String, requests: Int) -> BenchmarkReport.Check {
        Self.check(label, runs: [self], requests: requests)
    }

    /// No failed request in any of `runs` or their warm-ups, and every run complete (a run of
    /// fast failures would otherwise be fast).
    static func check(_ label: String, runs: [LoadRun], requests: Int) -> BenchmarkReport.Check {
        let errors = runs.reduce(0) { $0 + $1.errors + $1.warmUpErrors }
        let complete = runs.filter { $0.samples.count == requests }.count
        let counted = runs.count == 1 ? "\(runs[0].samples.count) of \(requests) requests"
            : "\(complete) of \(runs.count) runs with all \(requests) requests"
        return BenchmarkReport.Check(text: "\(label): \(errors) errors (warm-ups included), \(counted) (target 0, all)",
                                     met: errors == 0 && complete == runs.count)
    }
}

/// A `wellness serve --database URL` child process on a free loopback port.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let url: URL

    /// With `pinnedTo`, the child is started as `taskset -c CORE wellness serve …`: taskset sets
    /// its affinity and execs the server in the same process, which `stop()` interrupts.
    init(binary: URL, databaseURL: String, pinnedTo pin: (core: Int, taskset: URL)? = nil) throws {
        let serve = ["serve", "--port", "0", "--rate-limit", "10000000"]
        if let pin {
            process.executableURL = pin.taskset
            process.arguments = ["-c", String(pin.core), binary.path] + serve
        } else {
            process.executableURL = binary
            process.arguments = serve
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WELLNESS_LOG_LEVEL"] = "error"
        environment["WELLNESS_DATABASE_URL"] = databaseURL // not in the arguments, which `ps` shows
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens (bounded: 200 reads or the pipe closing).
        var seen = ""
        for _ in 0..<200 where !seen.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = seen.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression),
              let url = URL(string: String(seen[range])) else {
            process.terminate()
            throw LoadBenchmark.LoadError.noListeningLine(seen)
        }
        self.url = url
    }

    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        process.waitUntilExit()
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// The ratios of pairs of runs, in the order they ran.
struct PairedRatios {
    let all: [Double]
    var median: Double { all.sorted()[all.count / 2] }

    /// `12% (the median of 3 alternating pairs: 10%, 12%, 15%)`, each ratio as `format` writes it.
    func text(_ format: (Double) -> String) -> String {
        "\(format(median)) (the median of \(all.count) alternating pairs: \(all.map(format).joined(separator: ", ")))"
    }
}
