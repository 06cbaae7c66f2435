// The code of WellnessComposition.docc/WellnessComposition.md, compiled so the article stays
// true (`.ci/check-doc-snippets` checks that every block of it is here).
import Testing
import WellnessComposition

@Suite("Documentation: WellnessComposition")
struct WellnessCompositionArticle {
    @Test("the overview's example runs")
    func overview() async throws {
        let wellness = try Wellness.make(WellnessConfiguration(store: .memory))
        try await wellness.journal.toggleTag(.coffee)
        let nudges = try await wellness.nudges.evaluate()
        #expect(try await wellness.journal.day().tags.contains("coffee"))
        _ = nudges
    }
}
