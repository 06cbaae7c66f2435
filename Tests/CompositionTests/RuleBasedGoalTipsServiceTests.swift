import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport
import WellnessTips

/// The stub tips service: deterministic, 3 to 6 tips, and driven by the goal text, the mood
/// average and journal tags. (Here rather than in the application tests, whose target does not
/// link `WellnessTips`.)
@Suite("RuleBasedGoalTipsService")
struct RuleBasedGoalTipsServiceTests {
    static let today = Fixtures.day("2026-03-01")
    static let created = Fixtures.instant("2026-02-01T09:00:00Z")

    func goal(_ title: String, description: String? = nil, id: Goal.ID = Goal.ID()) -> Goal {
        Goal(storedID: id, title: title, description: description, createdAt: Self.created)
    }

    /// Moods with `scores`, one a day ending today.
    static func moods(_ scores: [Int]) -> [MoodEntry] {
        scores.enumerated().map { index, score in
            MoodEntry(storedDay: today.adding(days: index - scores.count + 1), score: score, note: nil)
        }
    }

    /// One journal a day ending today, with the given tags per day.
    static func journals(_ days: [[String]]) -> [DailyJournal] {
        days.enumerated().map { index, tags in
            DailyJournal(day: today.adding(days: index - days.count + 1), notes: nil, tags: tags)
        }
    }

    static let empty = UserContext(moods: [], journals: [], otherGoals: [])

    /// A month of middling moods and untagged journals: enough history, nothing notable.
    static let settled = UserContext(moods: moods([3, 4, 3, 4, 3]), journals: journals([[], ["work"], [], [], []]),
                                     otherGoals: [])

    func tips(_ goal: Goal, _ context: UserContext = RuleBasedGoalTipsServiceTests.settled) async throws -> [GoalTip] {
        let answer = try await RuleBasedGoalTipsService().tips(for: goal, context: context)
        #expect(answer.source == .rules)
        return answer.tips
    }

    func isValid(_ tips: [GoalTip], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((3...6).contains(tips.count), "\(tips.count) tips: \(tips.map(\.tip))", sourceLocation: sourceLocation)
        #expect(Set(tips.map(\.id)).count == tips.count, "ids are unique", sourceLocation: sourceLocation)
        #expect(Set(tips.map(\.tip)).count == tips.count, "texts are unique", sourceLocation: sourceLocation)
        #expect(tips.allSatisfy { !$0.tip.isEmpty }, sourceLocation: sourceLocation)
    }

    static let richContext = UserContext(
        moods: moods([1, 2, 2, 1, 3, 2, 1]),
        journals: journals([["poorSleep", "stress", "alcohol"], ["poorSleep", "lateEating", "caffeine"],
                            ["stress", "alcohol", "lateEating", "caffeine", "exercise"], ["exercise"], ["exercise"]]),
        otherGoals: [Goal(storedID: Goal.ID(), title: "A", description: nil, createdAt: created),
                     Goal(storedID: Goal.ID(), title: "B", description: nil, createdAt: created),
                     Goal(storedID: Goal.ID(), title: "C", description: nil, createdAt: created)])

    // MARK: - Determinism

    @Test("the same goal and context give identical tips and ids, across service instances",
          arguments: ["empty", "settled", "rich"])
    func deterministic(contextName: String) async throws {
        let context = switch contextName {
        case "empty": Self.empty
        case "settled": Self.settled
        default: Self.richContext
        }
        let goal = goal("Exercise 3x per week", description: "Gym or a run, and sleep better")
        let first = try await RuleBasedGoalTipsService().tips(for: goal, context: context).tips
        let second = try await RuleBasedGoalTipsService().tips(for: goal, context: context).tips
        let again = try await RuleBasedGoalTipsService().tips(for: goal, context: context).tips
        #expect(first == second)
        #expect(first == again)
        #expect(first.map(\.id) == second.map(\.id))
        isValid(first)
    }

    @Test("different goal ids give different tip ids for the same text")
    func idsDependOnGoal() async throws {
        let one = try await tips(goal("Exercise 3x per week"))
        let other = try await tips(goal("Exercise 3x per week"))
        #expect(one.map(\.tip) == other.map(\.tip), "same text, same tips")
        #expect(Set(one.map(\.id)).isDisjoint(with: other.map(\.id)))
    }

    @Test("the ids are stable, well-formed UUIDs: a fixed goal id gives fixed tip ids")
    func stableIDs() async throws {
        let id = Goal.ID(UUID(uuidString: "6f1c2f0e-8a9b-4c3d-9e8f-0a1b2c3d4e5f")!)
        let first = try await tips(goal("Sleep 8 hours", id: id))
        let second = try await tips(goal("Sleep 8 hours", id: id))
        #expect(first.map(\.id) == second.map(\.id))
        for tip in first {
            let text = tip.id.description
            #expect(Array(text)[14] == "5", "version nibble: \(text)")
            #expect("89ab".contains(Array(text)[19]), "variant: \(text)")
        }
    }

    // MARK: - Count

    @Test("always 3 to 6 tips", arguments: [
        "Learn Spanish", "Exercise 3x per week",
        "Exercise, eat vegetables, sleep 8 hours, stay calm and build a daily habit",
        "x",
    ])
    func count(title: String) async throws {
        for context in [Self.empty, Self.settled, Self.richContext] {
            isValid(try await tips(goal(title), context))
        }
    }

    @Test("many matches are capped at 6, keeping the highest priorities")
    func cappedAtSix() async throws {
        let many = try await tips(goal("Exercise, eat vegetables, sleep 8 hours, stay calm and build a daily habit"),
                                  Self.richContext)
        #expect(many.count == 6)
        // The rich context produces at least this many high-priority tips: the 2 of the first
        // category, the low mood, poor sleep and stress.
        #expect(many.filter { $0.priority == .high }.count == 5)
        #expect(!many.contains { $0.priority == .low }, "low-priority tips go first when capping")
    }

    // MARK: - Goal keywords

    @Test("goal keywords pick the categories; the first matched category leads with two high-priority tips",
          arguments: [
              ("Run a 5k", TipCategory.exercise),
              ("Eat more vegetables", .nutrition),
              ("Sleep 8 hours", .sleep),
              ("Feel less anxious", .mindset),
              ("Build a habit of reading", .habit),
          ])
    func keywords(title: String, category: TipCategory) async throws {
        let tips = try await tips(goal(title))
        isValid(tips)
        let leading = tips.filter { $0.category == category }
        #expect(leading.count >= 2, "\(tips.map { ($0.category, $0.tip) })")
        #expect(leading.prefix(2).allSatisfy { $0.priority == .high })
        #expect(tips.prefix(2).allSatisfy { $0.category == category })
    }

    @Test("the description counts as goal text")
    func descriptionKeywords() async throws {
        let tips = try await tips(goal("Feel better", description: "go to the gym"))
        #expect(tips.prefix(2).allSatisfy { $0.category == .exercise && $0.priority == .high })
    }

    @Test("keywords match case-insensitively")
    func caseInsensitive() async throws {
        let lower = try await tips(goal("sleep more"))
        let upper = try await tips(goal("SLEEP MORE"))
        #expect(lower.map(\.tip) == upper.map(\.tip))
        #expect(upper.first?.category == .sleep)
    }

    @Test("a second matched category adds one medium-priority tip")
    func secondCategory() async throws {
        let tips = try await tips(goal("Exercise 3x per week"))
        #expect(tips.filter { $0.category == .exercise }.map(\.priority) == [.high, .high])
        #expect(tips.contains { $0.category == .habit && $0.priority == .medium })
    }

    @Test("a goal matching no keyword gets general tips only", arguments: [Self.empty, Self.settled])
    func unmatchedIsGeneral(context: UserContext) async throws {
        let tips = try await tips(goal("Learn Spanish"), context)
        isValid(tips)
        #expect(!tips.contains { [.exercise, .nutrition, .sleep, .mindset].contains($0.category) },
                "\(tips.map { ($0.category, $0.tip) })")
        #expect(tips.first?.category == .general)
        #expect(!tips.contains { $0.priority == .high })
    }

    // MARK: - Mood

    @Test("a low mood average (3+ entries, under 2.5) adds a high-priority mindset tip naming the average")
    func lowMood() async throws {
        let goal = goal("Learn Spanish")
        let low = UserContext(moods: Self.moods([2, 1, 3, 2]), journals: Self.settled.journals, otherGoals: [])
        let tips = try await tips(goal, low)
        let mood = tips.filter { $0.category == .mindset && $0.priority == .high }
        #expect(mood.count == 1, "\(tips.map(\.tip))")
        #expect(mood.first?.tip.contains("averaged 2.0 out of 5") == true, "\(mood.first?.tip ?? "none")")
        isValid(tips)

        // Absent: average at 2.5, average high, or too few entries.
        for moods in [[2, 3, 2, 3], [5, 4, 4], [1, 1]] {
            let context = UserContext(moods: Self.moods(moods), journals: Self.settled.journals, otherGoals: [])
            let other = try await self.tips(goal, context)
            #expect(!other.contains { $0.category == .mindset && $0.priority == .high }, "moods \(moods): \(other.map(\.tip))")
            #expect(!other.contains { $0.tip.contains("averaged") }, "moods \(moods)")
        }
    }

    @Test("the output changes with the mood context")
    func moodChangesOutput() async throws {
        let goal = goal("Exercise 3x per week")
        let good = try await tips(goal, UserContext(moods: Self.moods([4, 5, 4]), journals: [], otherGoals: []))
        let bad = try await tips(goal, UserContext(moods: Self.moods([1, 2, 1]), journals: [], otherGoals: []))
        #expect(good != bad)
        #expect(bad.contains { $0.tip.contains("averaged 1.3") })
    }

    // MARK: - Journal tags

    @Test("a journal tag on two or more days adds its tip; on one day it does not", arguments: [
        ("poorSleep", TipCategory.sleep, TipPriority.high, "poor sleep on 2 days"),
        ("stress", .mindset, .high, "Stress came up on 2 days"),
        ("alcohol", .nutrition, .medium, "Alcohol showed up on 2 days"),
        ("lateEating", .nutrition, .medium, "ate late on 2 days"),
        ("caffeine", .sleep, .medium, "Caffeine after 2 pm on 2 days"),
    ])
    func journalTags(tag: String, category: TipCategory, priority: TipPriority, text: String) async throws {
        let goal = goal("Learn Spanish")
        let twice = UserContext(moods: Self.settled.moods, journals: Self.journals([[tag], [], [tag, "work"], []]),
                                otherGoals: [])
        let tips = try await tips(goal, twice)
        isValid(tips)
        let matching = tips.filter { $0.tip.contains(text) }
        #expect(matching.count == 1, "\(tips.map(\.tip))")
        #expect(matching.first?.category == category)
        #expect(matching.first?.priority == priority)

        let once = UserContext(moods: Self.settled.moods, journals: Self.journals([[tag], [], ["work"], []]),
                               otherGoals: [])
        #expect(!(try await self.tips(goal, once)).contains { $0.tip.contains(text.dropLast(7)) })
    }

    @Test("exercise in the journal on three days adds a low-priority habit tip")
    func exerciseTag() async throws {
        let goal = goal("Learn Spanish")
        let three = UserContext(moods: [], journals: Self.journals([["exercise"], ["exercise"], ["exercise"]]),
                                otherGoals: [])
        #expect(try await tips(goal, three).contains { $0.tip.contains("exercised on 3 days") && $0.priority == .low })
        let two = UserContext(moods: [], journals: Self.journals([["exercise"], ["exercise"], []]), otherGoals: [])
        #expect(!(try await tips(goal, two)).contains { $0.tip.contains("exercised on") })
    }

    // MARK: - History and other goals

    @Test("too little history adds the general 'start logging' tip; enough history does not")
    func startLogging() async throws {
        let goal = goal("Exercise 3x per week")
        func hasStartLogging(_ context: UserContext) async throws -> Bool {
            try await tips(goal, context).contains { $0.tip.hasPrefix("Log your mood") && $0.category == .general }
        }
        #expect(try await hasStartLogging(Self.empty))
        #expect(try await hasStartLogging(UserContext(moods: Self.moods([3, 4]), journals: Self.journals([[], []]),
                                                      otherGoals: [])))
        #expect(try await !hasStartLogging(UserContext(moods: Self.moods([3, 4, 3]), journals: [], otherGoals: [])))
        #expect(try await !hasStartLogging(UserContext(moods: [], journals: Self.journals([[], [], []]), otherGoals: [])))
        #expect(try await !hasStartLogging(Self.settled))
    }

    @Test("three or more other goals add a low-priority focus tip counting every goal")
    func manyGoals() async throws {
        let goal = goal("Learn Spanish")
        let context = UserContext(moods: Self.settled.moods, journals: Self.settled.journals,
                                  otherGoals: Self.richContext.otherGoals)
        #expect(try await tips(goal, context).contains { $0.tip.contains("You have 4 goals") && $0.priority == .low })
        let fewer = UserContext(moods: Self.settled.moods, journals: Self.settled.journals,
                                otherGoals: Array(Self.richContext.otherGoals.prefix(2)))
        #expect(!(try await tips(goal, fewer)).contains { $0.tip.contains("You have") })
    }

    @Test("a context's language wins over the service's own")
    func contextLanguage() async throws {
        let goal = Goal(storedID: Goal.ID(), title: "Run three times a week", description: nil,
                        createdAt: Fixtures.instant("2026-02-01T09:00:00Z"))
        let english = try await RuleBasedGoalTipsService().tips(for: goal, context: Self.settled).tips.map(\.tip)
        let dutchContext = UserContext(moods: Self.settled.moods, journals: Self.settled.journals, otherGoals: [],
                                       language: "nl")
        let dutch = try await RuleBasedGoalTipsService().tips(for: goal, context: dutchContext).tips.map(\.tip)
        #expect(try await RuleBasedGoalTipsService(language: "nl").tips(for: goal, context: Self.settled).tips.map(\.tip) == dutch)
        #expect(Set(english).isDisjoint(with: dutch), "\(dutch)")
    }
}
