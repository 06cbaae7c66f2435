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

        _ = try await wellness.modules.setEnabled([.training], enabled: true)
        try await wellness.modules.recordUse(.walks)
        let nudges = try await wellness.nudges.evaluate()

        #expect(nudges.isEmpty, "a new user is not nudged on day one")
        #expect(try await wellness.modules.list().enabledModules
                == [.medications, .walks, .training, .feeding, .documents])
        #expect(wellness.localizer.string(Nudge.simplifyMode.title) == "Vereenvoudig je app")
    }
}
