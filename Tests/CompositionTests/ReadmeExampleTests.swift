import Foundation
import Testing
import WellnessComposition

/// The library example of the README, kept compiling and true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("building the container on in-memory adapters and asking for nudges works as documented")
    func libraryExample() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!

        let wellness = try Wellness(repositories: .inMemory(),
                                    clock: FixedWallClock(Date()),
                                    calendar: calendar,
                                    locale: .nl)

        try await wellness.modules.setEnabled([.training], enabled: true)
        try await wellness.modules.recordUse(.walks)
        try await wellness.journal.toggleTag(.coffee)
        let nudges = try await wellness.nudges.evaluate()
        var message = ""
        do {
            try await wellness.moods.log(score: 7)
        } catch {
            message = ErrorPresenter(locale: .nl).message(for: error)
        }

        #expect(nudges.isEmpty, "a new user is not nudged on day one")
        #expect(message.hasPrefix("stemming 7 kan niet; "))
        #expect(try await wellness.journal.day().tags == ["coffee"])
        #expect(try await wellness.modules.list().enabledModules
                == [.medications, .walks, .training, .feeding, .documents])
        #expect(wellness.localizer.string(Nudge.simplifyMode.title) == "Vereenvoudig je app")
    }
}
