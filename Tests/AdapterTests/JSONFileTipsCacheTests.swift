import Foundation
import Testing
import WellnessDomain
import WellnessJSONFile
import WellnessTestSupport

/// Tips cached in `goals.json` by versions that kept how a set was served.
@Suite("JSON tips cache written before")
struct JSONFileTipsCacheTests {
    @Test("a set an older version stored as stale comes back as generated, not stale")
    func staleSetReadsAsGenerated() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let goal = "39CBEB5A-3D14-4747-916B-64E1331A1491"
        let file = """
            {"goals": [], "tips": [{"goalID": "\(goal)", "generatedAt": "2026-11-20T09:00:00.000Z", "source": "ai",
              "stale": true, "tips": [{"id": "b4d2000a-0b27-4ee1-8187-d83deb4078b1", "tip": "Walk",
              "category": "exercise", "priority": "high"}]}]}
            """
        try Data(file.utf8).write(to: store.url(of: "goals"))
        let id = Goal.ID(try #require(UUID(uuidString: goal)))
        let cached = try #require(try await JSONFileGoalRepository(store: store).cached(for: id))
        #expect(cached.stale == false)
        #expect(cached.source == .ai && cached.tips.map(\.tip) == ["Walk"])
        #expect(cached.generatedAt == Fixtures.instant("2026-11-20T09:00:00Z"))
    }
}
