import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// Adding, listing, finding and removing goals; logging and listing moods.
@Suite("Goal and mood use cases")
struct GoalUseCasesTests {
    let world = TestWorld()

    // MARK: - AddGoal

    @Test("AddGoal trims, stores and stamps the goal with now")
    func addGoal() async throws {
        let goal = try await world.addGoal.execute(title: "  Exercise 3x per week \n", description: "  Gym or run  ")
        #expect(goal.title == "Exercise 3x per week")
        #expect(goal.description == "Gym or run")
        #expect(goal.createdAt == world.now)
        #expect(await world.goals.all() == [goal])

        let bare = try await world.addGoal.execute(title: "Sleep", description: "   ")
        #expect(bare.description == nil, "a blank description is no description")
        #expect(bare.id != goal.id)
    }

    @Test("AddGoal refuses a blank title", arguments: ["", "   ", "\n\t "])
    func blankTitle(title: String) async throws {
        await #expect(throws: GoalError.emptyTitle) { try await world.addGoal.execute(title: title) }
        #expect(await world.goals.all().isEmpty)
    }

    @Test("AddGoal allows 200 characters and refuses more")
    func titleLength() async throws {
        let longest = String(repeating: "é", count: 200)
        #expect(try await world.addGoal.execute(title: "  \(longest)  ").title == longest)
        await #expect(throws: GoalError.titleTooLong(201)) {
            try await world.addGoal.execute(title: longest + "x")
        }
        #expect(await world.goals.all().count == 1)
        #expect(english(GoalError.titleTooLong(201)).contains("200") == true)
    }

    // MARK: - ListGoals

    @Test("ListGoals lists oldest first")
    func listOldestFirst() async throws {
        let first = try await world.addGoal.execute(title: "First")
        world.advance(days: 1)
        let second = try await world.addGoal.execute(title: "Second")
        #expect(try await world.listGoals.execute() == [first, second])
    }

    @Test("find accepts the full id, in any case and with spaces, and a prefix of 4+ characters")
    func find() async throws {
        let goal = try await world.addGoal.execute(title: "Exercise")
        _ = try await world.addGoal.execute(title: "Other")
        let id = goal.id.description
        #expect(try await world.findGoal.execute(id) == goal)
        #expect(try await world.findGoal.execute(id.uppercased()) == goal)
        #expect(try await world.findGoal.execute("  \(id) ") == goal)
        // Two random UUIDs rarely share 8 characters; take the shortest unique prefix of 4+.
        let others = await world.goals.all().filter { $0.id != goal.id }.map(\.id.description)
        let length = (4...36).first { length in !others.contains { $0.hasPrefix(String(id.prefix(length))) } } ?? 36
        #expect(try await world.findGoal.execute(String(id.prefix(length))) == goal)
        #expect(try await world.findGoal.execute(String(id.prefix(max(length, 8)))) == goal)
    }

    @Test("find refuses a prefix shorter than 4 characters as no id's start, even when unique")
    func shortPrefix() async throws {
        let goal = try await world.addGoal.execute(title: "Exercise")
        let reference = String(goal.id.description.prefix(3))
        await #expect(throws: InvalidValue(kind: .idReference, value: reference, valid: [IDReference.shape])) {
            try await world.findGoal.execute(reference)
        }
    }

    @Test("an unknown reference is not found, and the message names it; a malformed one is no id")
    func unknown() async throws {
        _ = try await world.addGoal.execute(title: "Exercise")
        let error = await #expect(throws: GoalReferenceError.self) { try await world.findGoal.execute("abcdef") }
        #expect(error?.reference == "abcdef")
        #expect(error?.ambiguous == false)
        let message = english(error)
        #expect(message == "goal 'abcdef' was not found")

        await #expect(throws: GoalReferenceError.self) { try await TestWorld().findGoal.execute("0123abcd") }
        await #expect(throws: InvalidValue(kind: .idReference, value: "nope", valid: [IDReference.shape])) {
            try await world.findGoal.execute("nope")
        }
    }

    @Test("an ambiguous prefix is refused as ambiguous")
    func ambiguous() async throws {
        let first = Goal(storedID: Goal.ID(UUID(uuidString: "abcd1234-0000-4000-8000-000000000001")!), title: "One",
                         description: nil, createdAt: world.now)
        let second = Goal(storedID: Goal.ID(UUID(uuidString: "abcd1234-0000-4000-8000-000000000002")!), title: "Two",
                          description: nil, createdAt: world.now)
        await world.goals.save(first)
        await world.goals.save(second)
        let error = await #expect(throws: GoalReferenceError.self) { try await world.findGoal.execute("abcd") }
        #expect(error?.reference == "abcd")
        #expect(error?.ambiguous == true)
        let message = english(error)
        #expect(message == "'abcd' matches more than one goal")
        // Enough of the id tells them apart.
        #expect(try await world.findGoal.execute("abcd1234-0000-4000-8000-000000000002") == second)
        let longer = await #expect(throws: GoalReferenceError.self) {
            try await world.findGoal.execute("ABCD1234-0000-4000-8000-00000000000")
        }
        #expect(longer?.ambiguous == true, "case does not matter, and 35 shared characters are still ambiguous")
    }

    // MARK: - RemoveGoal

    @Test("RemoveGoal deletes the goal and its cached tips, and reports whether it existed")
    func removeGoal() async throws {
        let goal = try await world.addGoal.execute(title: "Exercise")
        let other = try await world.addGoal.execute(title: "Sleep")
        await world.goals.store(GoalTips(goalID: goal.id, generatedAt: world.now,
                                         tips: [GoalTip(id: GoalTip.ID(), tip: "Run", category: .exercise, priority: .high)]))
        #expect(try await world.removeGoal.execute(goal.id) == true)
        #expect(try await world.listGoals.execute() == [other])
        #expect(await world.goals.cached(for: goal.id) == nil)
        #expect(try await world.removeGoal.execute(goal.id) == false)
    }

    // MARK: - LogMood

    @Test("LogMood logs today by default, and a given day when asked")
    func logMood() async throws {
        let today = world.time.today()
        let entry = try await world.logMood.execute(score: 4)
        #expect(entry == MoodEntry(storedDay: today, score: 4, note: nil))
        let earlier = try await world.logMood.execute(score: 2, note: "tired", day: today.adding(days: -3))
        #expect(earlier.day == today.adding(days: -3))
        #expect(try await world.listMoods.execute() == [earlier, entry])
    }

    @Test("LogMood accepts 1 to 5", arguments: 1...5)
    func validScores(score: Int) async throws {
        #expect(try await world.logMood.execute(score: score).score == score)
    }

    @Test("LogMood refuses scores outside 1 to 5, saving nothing", arguments: [0, 6, -1, 10, Int.max, Int.min])
    func invalidScores(score: Int) async throws {
        await #expect(throws: GoalError.invalidMoodScore(score)) { try await world.logMood.execute(score: score) }
        #expect(try await world.listMoods.execute().isEmpty)
        let message = english(GoalError.invalidMoodScore(score))
        #expect(message.contains("\(score)"))
        #expect(message.contains("1") && message.contains("5"))
    }

    @Test("logging again on the same day replaces the entry")
    func sameDayReplaces() async throws {
        _ = try await world.logMood.execute(score: 2, note: "bad start")
        let replacement = try await world.logMood.execute(score: 5)
        #expect(try await world.listMoods.execute() == [replacement])
        #expect(replacement.note == nil)
    }

    @Test("the note is trimmed, blank means none, and at most 1000 characters")
    func note() async throws {
        #expect(try await world.logMood.execute(score: 3, note: "  fine \n").note == "fine")
        #expect(try await world.logMood.execute(score: 3, note: " \n ").note == nil)
        let longest = String(repeating: "ä", count: 1000)
        #expect(try await world.logMood.execute(score: 3, note: " \(longest) ").note == longest)
        await #expect(throws: GoalError.noteTooLong(1001)) {
            try await world.logMood.execute(score: 3, note: longest + "x")
        }
        #expect(try await world.listMoods.execute().map(\.note) == [longest], "the refused entry replaced nothing")
    }

    // MARK: - ListMoods

    @Test("ListMoods holds the last N days, today included, oldest first")
    func listMoodsWindow() async throws {
        let today = world.time.today()
        for back in [0, 1, 6, 7, 29, 30, 400] {
            _ = try await world.logMood.execute(score: back % 5 + 1, day: today.adding(days: -back))
        }
        // Stored by another device whose clock runs ahead: outside the window too.
        try await world.moods.save(MoodEntry(day: today.adding(days: 1), score: 5))
        #expect(try await world.listMoods.execute().map(\.day) == [29, 7, 6, 1, 0].map { today.adding(days: -$0) })
        #expect(try await world.listMoods.execute(days: 7).map(\.day) == [6, 1, 0].map { today.adding(days: -$0) })
        #expect(try await world.listMoods.execute(days: 1).map(\.day) == [today])
        #expect(try await world.listMoods.execute(days: 31).count == 6)
        #expect(try await world.listMoods.execute(days: 36_500).count == 7)
    }

    @Test("ListMoods refuses a window outside 1...36500 days", arguments: [0, -1, 36_501, Int.max, Int.min])
    func invalidWindow(days: Int) async throws {
        await #expect(throws: InvalidValue(kind: .dayCount, value: "\(days)", valid: ["1…36500"])) {
            try await world.listMoods.execute(days: days)
        }
    }
}
