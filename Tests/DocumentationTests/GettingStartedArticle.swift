// The code of WellnessComposition.docc/GettingStarted.md (its package manifest aside), compiled
// so the article stays true (`.ci/check-doc-snippets` checks that every block of it is here).
// Never called: it writes to /tmp/wellness-example.
import Foundation
import WellnessComposition

enum GettingStartedArticle {
    static func walkThrough() async throws {
        // Nothing on disk: for tests, previews and a first look.
        let wellness = try Wellness.make(WellnessConfiguration(store: .memory))

        // SQLite (the default store): `wellness.sqlite` in the data directory.
        let folder = URL(fileURLWithPath: "/tmp/wellness-example", isDirectory: true)
        let onDisk = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: folder))

        // One JSON file per collection, in the same kind of folder.
        let inFiles = try Wellness.make(WellnessConfiguration(store: .json, dataDirectory: folder))
        _ = (onDisk, inFiles)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!

        var configuration = WellnessConfiguration(store: .memory)
        configuration.calendar = calendar    // its time zone decides what "today" is
        configuration.locale = .nl           // the language of `wellness.localizer`
        let dutch = try Wellness.make(configuration)
        _ = dutch

        // The journal: tags and notes of a day.
        try await wellness.journal.toggleTag(.coffee)
        try await wellness.journal.setNotes("Slept well after the walk.")
        let journal = try await wellness.journal.day()
        print(journal.day, journal.tags)               // 2026-11-21 ["coffee"]

        // A mood, a goal, and tips for it (from the tips cache when fresh).
        try await wellness.moods.log(score: 4, note: "Long walk")
        let goal = try await wellness.goals.add(title: "Sleep eight hours")
        let tips = try await wellness.goals.tips(for: goal.id)
        for tip in tips.tips {
            print(tip.priority, tip.tip)
        }

        // A Drift check-in and the week's picture.
        try await wellness.drift.checkIn(energy: 4, stress: 2, social: 3)
        let insights = try await wellness.drift.insights()
        print(insights.value.summary.checkinCount, insights.value.summary.driftLevel?.rawValue ?? "no level yet")

        // Suggestions to adapt the app, as text in the container's language.
        for nudge in try await wellness.nudges.evaluate() {
            print(nudge.id, wellness.localizer.string(nudge.title))
        }

        let presenter = ErrorPresenter(localizer: wellness.localizer)
        do {
            try await wellness.moods.log(score: 9)
        } catch let error as GoalError where error.code == .invalidMoodScore {
            print(presenter.message(for: error))
            // mood 9 is not allowed; give a whole number from 1 (low) to 5 (great)
            print(error.summary)
            // goal.invalidMoodScore(9), for logs
        } catch {
            print(presenter.message(for: error))
        }
    }
}
