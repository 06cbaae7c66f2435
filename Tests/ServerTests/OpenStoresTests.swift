import Foundation
import Testing
import WellnessComposition
import WellnessServer
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// The SQLite backend keeps at most `maxOpenStores` account stores open: the least recently used
/// idle one is closed first, reopened on its next use with nothing lost (issue 18).
@Suite("Open account stores: bounded, least recently used closed first")
struct OpenStoresTests {
    /// A SQLite host keeping at most `limit` account stores open, served while `body` runs.
    static func withServer(limit: Int, _ body: (TestServer) async throws -> Void) async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-open-stores")
        let clock = FixedWallClock(TestServer.start)
        let host = try ServerHost(store: .sqlite, directory: directory.url, clock: clock, calendar: TestServer.calendar,
                                  bcryptCost: 4, maxOpenStores: limit, logger: TestServer.quietLogger)
        try await TestServer.run(host, directory: directory, clock: clock, body)
    }

    /// How many of this process's file descriptors point into `folder` (Linux: `/proc/self/fd`);
    /// `nil` where the system does not show them.
    static func openFiles(in folder: URL) -> Int? {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return entries.count(where: { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"))?
                .hasPrefix(folder.path + "/") == true
        })
        #else
        return nil
        #endif
    }

    /// Adds a goal for `token`'s account over HTTP; returns its title.
    static func addGoal(_ server: TestServer, _ token: String, _ title: String) async throws {
        let reply = try await server.post("/api/v1/goals", token: token, json: ["title": title])
        #expect(reply.status == 201, "\(reply)")
    }

    static func goalTitles(_ server: TestServer, _ token: String) async throws -> [String] {
        let reply = try await server.get("/api/v1/goals", token: token)
        #expect(reply.status == 200, "\(reply)")
        return try reply.decode(Wire.Envelope<Wire.GoalsData>.self).data.goals.map(\.title)
    }

    @Test("with at most 2 open and 3 accounts, the least recently used store is closed and reopens with its data")
    func leastRecentlyUsedIsClosed() async throws {
        try await Self.withServer(limit: 2) { server in
            let (ann, annToken) = try await server.account("ann@example.org")
            let (bob, bobToken) = try await server.account("bob@example.org")
            let (cat, catToken) = try await server.account("cat@example.org")
            let annFolder = server.host.dataDirectory(of: ann.id)

            try await Self.addGoal(server, annToken, "Ann sleeps more")
            try await Self.addGoal(server, bobToken, "Bob walks")
            #expect(await server.host.openStoreCount() == 2)
            #expect(await server.host.isStoreOpen(ann.id))
            if let files = Self.openFiles(in: annFolder) { #expect(files > 0, "Ann's database is open") }

            // Ann's store is used again, so Bob's is now the least recently used.
            #expect(try await Self.goalTitles(server, annToken) == ["Ann sleeps more"])
            try await Self.addGoal(server, catToken, "Cat stretches")
            #expect(await server.host.openStoreCount() == 2)
            #expect(await !server.host.isStoreOpen(bob.id))
            #expect(await server.host.isStoreOpen(ann.id))
            #expect(await server.host.isStoreOpen(cat.id))
            if let files = Self.openFiles(in: server.host.dataDirectory(of: bob.id)) {
                #expect(files == 0, "Bob's closed store still has \(files) open files")
            }

            // Bob comes back: his store reopens from its file with his goal, and Ann's (now the
            // least recently used) is closed in its place.
            #expect(try await Self.goalTitles(server, bobToken) == ["Bob walks"])
            #expect(await server.host.isStoreOpen(bob.id))
            #expect(await !server.host.isStoreOpen(ann.id))
            #expect(await server.host.openStoreCount() == 2)
            if let files = Self.openFiles(in: annFolder) { #expect(files == 0, "Ann's closed store has \(files) open files") }

            // Every account's data intact, whatever was closed in between.
            #expect(try await Self.goalTitles(server, annToken) == ["Ann sleeps more"])
            #expect(try await Self.goalTitles(server, catToken) == ["Cat stretches"])
            #expect(try await Self.goalTitles(server, bobToken) == ["Bob walks"])
            #expect(await server.host.openStoreCount() == 2)

            let metrics = try await server.get("/metrics").text
            #expect(metrics.contains("wellness_open_account_stores 2.0\n"), "\(metrics)")
        }
    }

    @Test("a store held by a request in flight is never the one closed; the limit holds again once it is released")
    func heldStoreStaysOpen() async throws {
        try await Self.withServer(limit: 1) { server in
            let (ann, annToken) = try await server.account("ann@example.org")
            let (bob, bobToken) = try await server.account("bob@example.org")
            try await Self.addGoal(server, annToken, "Ann sleeps more")

            // What the server does for each authenticated request: hold the account's store.
            let operations = server.host.server(server.configuration).operations
            let release = await operations.holdStore(ann.id)
            // Bob's request opens his store, one past the limit. Ann's, the least recently used,
            // would be closed, but it is held: Bob's, idle once his request is done, goes instead.
            try await Self.addGoal(server, bobToken, "Bob walks")
            #expect(await server.host.isStoreOpen(ann.id), "a held store was closed")
            #expect(await !server.host.isStoreOpen(bob.id))
            #expect(await server.host.openStoreCount() == 1)
            // The held store is the one in use: a write through it lands.
            try await Self.addGoal(server, annToken, "Ann reads")
            #expect(await server.host.isStoreOpen(ann.id))

            await release()
            #expect(await server.host.openStoreCount() == 1)
            // Released, Ann's store is an ordinary idle one: Bob's next request closes it.
            #expect(try await Self.goalTitles(server, bobToken) == ["Bob walks"])
            #expect(await !server.host.isStoreOpen(ann.id))
            #expect(await server.host.openStoreCount() == 1)
            #expect(try await Self.goalTitles(server, annToken).sorted() == ["Ann reads", "Ann sleeps more"])
        }
    }

    @Test("concurrent requests of more accounts than the limit all succeed and leave at most the limit open")
    func concurrentRequests() async throws {
        try await Self.withServer(limit: 2) { server in
            var tokens: [String] = []
            for index in 1...4 { tokens.append(try await server.account("user\(index)@example.org").token) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, token) in tokens.enumerated() {
                    group.addTask {
                        for round in 1...3 { try await Self.addGoal(server, token, "Goal \(index)-\(round)") }
                    }
                }
                try await group.waitForAll()
            }
            #expect(await server.host.openStoreCount() <= 2)
            for (index, token) in tokens.enumerated() {
                #expect(try await Self.goalTitles(server, token).sorted() == (1...3).map { "Goal \(index)-\($0)" })
            }
            #expect(await server.host.openStoreCount() <= 2)
        }
    }
}
