import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// An app watching a store hears what another process writes to it: here the `wellness` binary,
/// run while the test's own handle of the same store is being watched (issue 35).
@Suite("CLI: another process's writes reach who watches the store")
struct StoreChangesCLITests {
    @Test("a mood logged by the wellness binary is noticed as another process's write",
          arguments: ["sqlite", "json"])
    func anotherProcess(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let created = try await cli.run(["mood", "log", "3"], now: "2026-03-27T08:00:00+01:00")
        try #require(created.status == 0, "\(created)")
        let repositories: WellnessRepositories = store == "sqlite" ? try .sqlite(in: cli.data) : try .jsonFiles(in: cli.data)
        let collector = ChangeCollector(try repositories.changes.changes(pollingEvery: .milliseconds(20)))
        defer { collector.stop() }

        let logged = try await cli.run(["mood", "log", "5"], now: "2026-03-27T09:00:00+01:00")
        #expect(logged.status == 0, "\(logged)")
        let changes = await collector.wait { $0.contains { $0.origin == .anotherProcess } }
        let change = try #require(changes.first { $0.origin == .anotherProcess }, "\(changes)")
        #expect(change.touches(MoodRecords.collection))
        #expect(!changes.contains { $0.origin == .thisProcess }, "\(changes)")
    }
}
