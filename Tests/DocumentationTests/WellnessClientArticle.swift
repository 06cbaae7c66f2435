// The code of WellnessClient.docc/WellnessClient.md, compiled so the article stays true
// (`.ci/check-doc-snippets` checks that every block of it is here). Never called: it would
// reach a server and a model.
import Foundation
import WellnessClient
import WellnessComposition

enum WellnessClientArticle {
    static func logIn() async throws {
        let client = try WellnessClient(WellnessConfiguration(store: .sqlite))
        try await client.session.logIn(server: URL(string: "https://wellness.example")!,
                                       email: "ann@example.com", password: "correct horse battery staple")
        let wellness = try await client.wellness()
        let receipt = try await wellness.drift.checkIn(energy: 4, stress: 2, social: 3)
        _ = receipt
    }

    static func aiTips() async throws {
        let goal = try await Wellness.make(WellnessConfiguration(store: .memory)).goals.add(title: "Sleep eight hours")
        var configuration = WellnessConfiguration(store: .sqlite, locale: .nl)
        configuration.tipsService = try AITipsSettings(url: URL(string: "http://127.0.0.1:11434")!,
                                                       model: "llama3.2").service(for: configuration)
        let tips = try await Wellness.make(configuration).goals.tips(for: goal.id)
        print(tips.source) // ai, or rules when the model could not answer
    }
}
