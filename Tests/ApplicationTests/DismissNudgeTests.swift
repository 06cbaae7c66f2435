import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("DismissNudge")
struct DismissNudgeTests {
    @Test("'Not now' stores a snooze of 30 calendar days")
    func snoozes() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        let snooze = try await world.dismissNudge.execute(.disable(.walks))
        // 31 March 10:00 CEST -> 30 April 10:00 CEST.
        #expect(snooze == NudgeSnooze(nudgeID: "disable_walks", until: Fixtures.instant("2026-04-30T10:00:00+02:00")))
        #expect(await world.snoozes.all() == [snooze])
    }

    @Test("a nudge that does not apply is refused, listing none when nothing applies")
    func refusedOnDayOne() async throws {
        let world = TestWorld()
        await #expect(throws: NudgeError.notApplicable(.disable(.walks), applicable: [])) {
            try await world.dismissNudge.execute(.disable(.walks))
        }
        #expect(await world.snoozes.all().isEmpty)
    }

    @Test("a nudge that does not apply is refused, listing those that do")
    func refusedListsApplicable() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        let expected = NudgeError.notApplicable(
            .disable(.training),
            applicable: [.disable(.medications), .disable(.walks), .disable(.feeding), .disable(.documents), .simplify])
        let error = await #expect(throws: NudgeError.self) {
            try await world.dismissNudge.execute(.disable(.training))
        }
        #expect(error == expected)
        let message = english(error)
        #expect(message.contains("disable_training"))
        #expect(message.contains("disable_medications, disable_walks, disable_feeding, disable_documents, simplify"))
        #expect(await world.snoozes.all().isEmpty)
    }

    @Test("the error for nothing applicable says so")
    func noneMessage() {
        #expect(english(NudgeError.notApplicable(.simplify, applicable: [])).contains("none") == true)
    }

    @Test("a nudge that applies but is already snoozed can be snoozed again, replacing the old snooze")
    func snoozeAgain() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        try await world.dismissNudge.execute(.simplify)
        world.advance(days: 2)
        let second = try await world.dismissNudge.execute(.simplify)
        #expect(await world.snoozes.all() == [second])
    }
}
