// The code of WellnessComposition.docc/BuildingAnApp.md, compiled so the article stays true
// (`.ci/check-doc-snippets` checks that every block of it is here); what needs no server runs.
import Foundation
import Testing
import WellnessClient
import WellnessComposition
#if canImport(SwiftUI)
import SwiftUI
#endif

@Suite("Documentation: BuildingAnApp")
struct BuildingAnAppArticle {
    @Test("the store is picked, the summary shown and a change heard")
    func pickShowObserve() async throws {
        let preview = try Wellness.make(WellnessConfiguration(store: .memory))
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            await showToday(preview)
        }
        let watching = Task { try await reloadMoodsOnChange(preview) }
        defer { watching.cancel() }
        try await preview.moods.log(score: 4)
        #expect(try await preview.moods.list(days: 7).count == 1)
    }

    /// Never called: it would open the store in the data directory of whoever runs the tests.
    func store() throws -> Wellness {
        let configuration = WellnessConfiguration(store: .sqlite, dataDirectory: DataDirectory.resolve())
        let wellness = try Wellness.make(configuration)
        let preview = try Wellness.make(WellnessConfiguration(store: .memory))
        _ = preview
        return wellness
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func showToday(_ wellness: Wellness) async {
        let model = TodaySummaryModel(wellness: wellness)
        await model.refresh()
        for goal in model.summary?.goals ?? [] {
            print(goal.goal.title)
        }
    }

    func reloadMoodsOnChange(_ wellness: Wellness) async throws {
        for await change in try wellness.changes() where change.touches(MoodRecords.collection) {
            let moods = try await wellness.moods.list(days: 7)
            print(change.origin, moods.count)
        }
    }

    /// Never called: it would reach a server.
    func logInAndSync(_ configuration: WellnessConfiguration) async throws {
        let client = try WellnessClient(configuration)
        try await client.session.logIn(server: URL(string: "https://wellness.example")!,
                                       email: "ann@example.com", password: "correct horse battery staple")
        let connected = try await client.wellness()
        let sent = try await connected.drift.sync()
        print(sent.flushed)
    }
}

#if canImport(SwiftUI)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct TodayView: View {
    @State var model: TodaySummaryModel

    var body: some View {
        List(model.summary?.goals ?? [], id: \.goal.id) { goal in
            Text(goal.goal.title)
        }
        .task { await model.observe() }
    }
}
#endif
