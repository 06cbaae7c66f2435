import AsyncHTTPClient
import Foundation
import Logging
import WellnessComposition
import WellnessHTTP
import WellnessServerHost
import WellnessWire

/// Sync through a real server on loopback (SQLite on both sides, in this process):
/// - a new device pulls a store of three years of daily records and 400,000 health samples:
///   time within 2× a `wellness restore` of the same archive, peak memory under 150 MB;
/// - a sync with nothing to do: one round trip, under 2 KB on the wire;
/// - writes while logged in (each taking note of its changes for sync) within 1.3× the same
///   writes logged out.
struct SyncBenchmark: BenchmarkCase {
    let size: BenchSize
    var quick: Bool { size.isSmall }
    let key = "sync"
    var name: String { "Sync: a new device's first pull, an idle sync, writes while logged in (SQLite, server on loopback)" }
    var days: Int { quick ? 60 : 3 * 365 }
    /// 366 samples a day: 12 step counts and 354 of active energy, 400,770 over three years.
    static let energySamplesPerDay = 354

    static let pullRatioTarget = 2.0
    static let memoryTargetMB = 150.0
    static let idleBytesTarget = 2048
    static let writeRatioTarget = 1.3
    static let email = "sync@example.org"
    static let password = "correct horse battery staple"

    func run() async throws -> BenchmarkReport {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-sync-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = root.appendingPathComponent("archive.json")
        let archiveBytes = try ArchiveGenerator(weighIns: days, days: days, energySamplesPerDay: Self.energySamplesPerDay)
            .write(to: archive)

        // The baseline: a restore of the archive into a new store.
        let restored = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: root.appendingPathComponent("restored")))
        var counts = BackupCounts()
        let restoreSeconds = try await WeightImportBenchmark.time {
            counts = try await restored.backups.restore(from: try FileByteSource(path: archive.path))
        }

        // The server: the same archive restored into the account's store.
        var quiet = Logger(label: "wellness.bench.server")
        quiet.logLevel = .critical
        let host = try ServerHost(store: .sqlite, directory: root.appendingPathComponent("server"), bcryptCost: 10,
                                  logger: quiet)
        let account = try await host.addAccount(email: Self.email, password: Self.password)
        _ = try await host.workspace(account.id).backups.restore(from: try FileByteSource(path: archive.path))
        let port = LoadBenchmark.PortBox()
        let serverTask = Task { try await host.serve(ServerConfiguration(port: 0), onRunning: { await port.set($0) }) }
        defer { serverTask.cancel() }
        guard let server = URL(string: "http://127.0.0.1:\(try await port.wait())") else { throw BenchmarkError("no server URL") }
        let token = try await host.logIn(email: Self.email, password: Self.password).accessToken
        let api = WellnessAPIClient(server: server, token: token, timeout: .seconds(120))
        // The server takes note of the account's store once, before anyone pulls: not timed.
        _ = try await HTTPSyncRemote(api).pull(after: 0, limit: 1, timeZone: nil)

        // A new device's first sync.
        let device = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: root.appendingPathComponent("device")))
        let counting = CountingRemote(api: api, token: token)
        let sync = try SyncWithServer(stores: device.repositories, remote: counting, clock: SystemWallClock(), timeZone: nil)
        try resetPeakMemory()
        var report = SyncReport()
        let pullSeconds = try await WeightImportBenchmark.time { report = try await sync.execute() }
        let pullPeak = peakMemoryMB()
        let pulls = await counting.totals.requests
        let received = report.received.values.reduce(0, +)
        let deviceCounts = try await device.backups.backUp(to: { _ in })
        var synced: [RecordCollection] = []
        for kind in RecordRegistry.standard.kinds where kind.syncRule.isSynced { synced.append(kind.collection) }
        let missing = synced.filter { deviceCounts[$0] != counts[$0] }

        // A sync with nothing to do.
        await counting.reset()
        _ = try await sync.execute()
        let idle = await counting.totals

        // Writes logged out, and logged in (each write's changes taken note of, as the CLI does).
        let writes = quick ? 20 : 100
        let loggedOut = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: root.appendingPathComponent("out")))
        let loggedIn = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: root.appendingPathComponent("in")))
        let tracker = try SyncWithServer(stores: loggedIn.repositories, remote: counting, clock: SystemWallClock(), timeZone: nil)
        try await tracker.capture(nil)
        let out = try await Measurement.measure("logged out", runs: quick ? 3 : 5) {
            try await Self.write(writes, into: loggedOut)
        }
        let inside = try await Measurement.measure("logged in", runs: quick ? 3 : 5) {
            let written = try await loggedIn.repositories.changes.recording { try await Self.write(writes, into: loggedIn) }
            try await tracker.capture(written.collections)
        }
        serverTask.cancel()
        _ = try? await serverTask.value

        let pullRatio = pullSeconds / restoreSeconds
        let writeRatio = inside.median / out.median
        let megabytes = Double(archiveBytes) / 1_000_000
        return BenchmarkReport(name: name, lines: [
            String(format: "store: %d records (%d days; %d health samples); archive %.1f MB", counts.total, days,
                   counts[.health], megabytes),
            String(format: "restore of the archive (baseline): %.2f s", restoreSeconds),
            String(format: "a new device's first sync: %.2f s for %d records in %d pulls, peak memory %.1f MB",
                   pullSeconds, received, pulls, pullPeak),
            missing.isEmpty ? "the device holds every synced collection as restored"
                : "the device differs from the restore in: \(missing.map(\.rawValue).joined(separator: ", "))",
            "an idle sync: \(idle.requests) round trip(s), \(idle.bytes) bytes on the wire (request and answer, headers included)",
            "\(writes) writes (a check-in, a mood and a journal tag) per run:", "  " + out.rendered, "  " + inside.rendered,
        ], checks: [
            .init(text: String(format: "first pull: %.2f× a restore (target ≤ %.1f×)", pullRatio, Self.pullRatioTarget),
                  met: pullRatio <= Self.pullRatioTarget),
            .init(text: String(format: "first pull peak memory: %.1f MB (target < %.0f MB)", pullPeak, Self.memoryTargetMB),
                  met: pullPeak < Self.memoryTargetMB),
            .init(text: "the new device holds every synced record: \(missing.isEmpty)", met: missing.isEmpty),
            .init(text: "idle sync: \(idle.requests) round trip, \(idle.bytes) bytes (target 1, < \(Self.idleBytesTarget))",
                  met: idle.requests == 1 && idle.bytes < Self.idleBytesTarget),
            .init(text: String(format: "writes logged in: %.2f× logged out (target ≤ %.1f×)", writeRatio, Self.writeRatioTarget),
                  met: writeRatio <= Self.writeRatioTarget),
        ])
    }

    /// `count` writes of three kinds, each its own transaction, as commands make them.
    static func write(_ count: Int, into wellness: Wellness) async throws {
        let first = LocalDay(year: 2020, month: 1, day: 1)!
        for index in 0..<count {
            let day = first.adding(days: index)
            _ = try await wellness.drift.checkIn(energy: index % 5 + 1, stress: 3, social: 4, day: day, replace: true)
            _ = try await wellness.moods.log(score: index % 5 + 1, day: day)
            _ = try await wellness.journal.toggleTag(.caffeine, day: day)
        }
    }

    /// Sync's calls over HTTP, counting round trips and the bytes of each request and answer as
    /// they go on the wire (request line, headers, body; status line, headers, body).
    actor CountingRemote: SyncRemote {
        let api: WellnessAPIClient
        let token: String
        private(set) var totals = (requests: 0, bytes: 0)

        init(api: WellnessAPIClient, token: String) {
            self.api = api
            self.token = token
        }

        func reset() { totals = (0, 0) }

        func push(_ batch: SyncPush) async throws -> SyncPushAnswer {
            let body = try JSONEncoder().encode(batch)
            let answer = try await api.send(.syncPush, json: batch)
            count(path: Wire.Route.syncPush.template, method: "POST", body: body.count, answer)
            return try api.decode(SyncPushAnswer.self, from: answer)
        }

        func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
            let query = "after=\(cursor)&limit=\(limit)"
            let answer = try await api.send(.syncPull, query: query)
            count(path: Wire.Route.syncPull.template + "?" + query, method: "GET", body: 0, answer)
            return try api.decode(SyncPage.self, from: answer)
        }

        private func count(path: String, method: String, body: Int, _ answer: WellnessAPIClient.Answer) {
            // What AsyncHTTPClient sends: the request line, Host, Accept, Authorization, the body's
            // Content-Type and Content-Length, and the body.
            let host = api.server.host.map { "\($0):\(api.server.port ?? 80)" } ?? ""
            var request = "\(method) \(path) HTTP/1.1\r\nhost: \(host)\r\naccept: application/json\r\n"
            request += "authorization: Bearer \(token)\r\n"
            if body > 0 { request += "content-type: application/json\r\ncontent-length: \(body)\r\n" }
            request += "\r\n"
            var response = "HTTP/1.1 \(answer.status) OK\r\n"
            for header in answer.headers { response += "\(header.name): \(header.value)\r\n" }
            response += "\r\n"
            totals.requests += 1
            totals.bytes += request.utf8.count + body + response.utf8.count + answer.body.count
        }
    }
}
