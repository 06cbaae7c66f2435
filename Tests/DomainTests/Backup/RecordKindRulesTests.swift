import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// Issue 37, findings 5 and 6: each kind's one validation holds the rules the CLI checks, so a
/// restore, a store's record repository and a synced change refuse what the CLI refuses.
@Suite("Record kinds: the CLI's rules in each kind's validation")
struct RecordKindRulesTests {
    static let day = LocalDay("2026-01-05")!
    static let at = Fixtures.instant("2026-01-05T09:00:00Z")

    /// The rejection `body` throws, or `nil` when it throws none.
    static func refuses(_ body: () throws -> Void) -> RecordRejection? {
        do {
            try body()
            return nil
        } catch let rejection as RecordRejection {
            return rejection
        } catch {
            Issue.record("not a RecordRejection: \(error)")
            return nil
        }
    }

    /// A mood as a store or an archive holds it, past the rules of a new one.
    static func mood(note: String) throws -> MoodEntry {
        try JSONDecoder().decode(MoodEntry.self, from: JSONSerialization.data(withJSONObject: [
            "day": "2026-01-05", "score": 3, "note": note,
        ] as [String: Any]))
    }

    @Test("completion counts 1…1000; a done decision's too, a skipped one's 0 up")
    func counts() {
        func completion(_ count: Int) -> InterventionCompletion {
            InterventionCompletion(interventionID: "hydration_target", day: Self.day, timestamp: Self.at, count: count,
                                   source: .tracked)
        }
        for count in [-5, 0, 1001, 4_611_686_018_427_387_904] {
            #expect(Self.refuses { try CompletionRecords.validate(completion(count)) }?.reason
                == "count \(count) is not within 1…1000")
        }
        for count in [1, 1000] { #expect(Self.refuses { try CompletionRecords.validate(completion(count)) } == nil) }
        func decision(_ status: InterventionDecision.Status, _ count: Int) -> InterventionDecision {
            InterventionDecision(interventionID: "hydration_target", day: Self.day, status: status, count: count, updatedAt: Self.at)
        }
        #expect(Self.refuses { try DecisionRecords.validate(decision(.done, 0)) } != nil)
        #expect(Self.refuses { try DecisionRecords.validate(decision(.skipped, -1)) } != nil)
        #expect(Self.refuses { try DecisionRecords.validate(decision(.skipped, 0)) } == nil)
        #expect(Self.refuses { try DecisionRecords.validate(decision(.done, 3)) } == nil)
    }

    @Test("text: a NUL or another control character is refused, worded as the CLI words it; tab, LF and CRLF are text")
    func text() throws {
        let nul = ControlCharacterError(field: .note, character: "\u{0}")
        let bad = try Self.mood(note: "a\u{0}b"), good = try Self.mood(note: "a\tb\r\nc\nd")
        #expect(Self.refuses { try MoodRecords.validate(bad) } == RecordRejection(GoalError.controlCharacter(nul)))
        #expect(Self.refuses { try MoodRecords.validate(good) } == nil)

        var journal = DailyJournal(day: Self.day)
        journal.notes = "a\u{1B}[31m"
        #expect(Self.refuses { try JournalRecords.validate(journal) }?.cause
            == ControlCharacterError(field: .notes, character: "\u{1B}").message)
        journal.notes = String(repeating: "x", count: DailyJournal.maximumNotesLength + 1)
        #expect(Self.refuses { try JournalRecords.validate(journal) } != nil)
        journal.notes = "line\r\nline\tend"
        #expect(Self.refuses { try JournalRecords.validate(journal) } == nil)

        let weight = WeightEntry(unchecked: .init(), date: Self.at, kilograms: 72, note: "after\u{7}", source: .manual)
        #expect(Self.refuses { try WeightRecords.validate(weight) }?.cause
            == WeightEntry.Problem.controlCharacter(.init(field: .note, character: "\u{7}")).message)

        let tips = GoalTips(goalID: Goal.ID(), generatedAt: Self.at,
                            tips: [GoalTip(tip: "Walk\u{0}", category: .exercise, priority: .high)])
        #expect(Self.refuses { try GoalTipsRecords.validate(tips) } != nil)
    }

    @Test("settings: the dog's name and the supplements' names and dosages follow the same rules")
    func settings() {
        let dog = DogProfile(storedName: "Rex\u{1B}", birthDate: Self.day)
        #expect(Self.refuses { try DogProfileSetting.validate(dog) } != nil)
        #expect(Self.refuses { try DogProfileSetting.validate(DogProfile(storedName: "Rex", birthDate: Self.day)) } == nil)
        let stack = SupplementStack(supplements: [Supplement(name: "Zinc\u{7}", timeOfDay: .morning, dosage: "1")],
                                    isSeeded: true)
        #expect(Self.refuses { try SupplementStackSetting.validate(stack) } != nil)
    }

    @Test("identifiers held as text (an intervention's, a nudge's, an exercise's): empty or with a control character refused")
    func identifiers() throws {
        let nul = RecordRejection(ControlCharacterError(field: .identifier, character: "\u{0}"))
        let completion = InterventionCompletion(interventionID: "hydration\u{0}target", day: Self.day, timestamp: Self.at,
                                                count: 1, source: .tracked)
        #expect(Self.refuses { try CompletionRecords.validate(completion) } == nul)
        let decision = InterventionDecision(interventionID: "", day: Self.day, status: .done, count: 1, updatedAt: Self.at)
        #expect(Self.refuses { try DecisionRecords.validate(decision) }?.reason == "an empty identifier")

        #expect(Self.refuses { try NudgeSnoozeRecords.validate(NudgeSnooze(nudgeID: "a\u{0}b", until: Self.at)) } == nul)
        #expect(Self.refuses { try NudgeSnoozeRecords.validate(NudgeSnooze(nudgeID: "a\tb", until: Self.at)) }
            == RecordRejection(ControlCharacterError(field: .identifier, character: "\t")), "not even a tab in an identifier")
        let known = NudgeSnooze.notNow(.simplify, now: Self.at, calendar: Calendar(identifier: .gregorian))
        #expect(Self.refuses { try NudgeSnoozeRecords.validate(known) } == nil)
        #expect(Self.refuses { try NudgeSnoozeRecords.validate(NudgeSnooze(nudgeID: "fromANewerVersion", until: Self.at)) }
            == nil, "an id this version does not know is kept")

        func exercise(id: ExerciseDefinition.ID, name: String) -> ExerciseLibrary {
            ExerciseLibrary(exercises: [ExerciseDefinition(id: id, name: name, muscleGroup: .quads, equipment: .barbell,
                                                           category: .strength)], isSeeded: true)
        }
        #expect(Self.refuses { try ExerciseLibrarySetting.validate(exercise(id: "back_squat", name: "Back squat")) } == nil)
        #expect(Self.refuses { try ExerciseLibrarySetting.validate(exercise(id: "back\u{7}squat", name: "Back squat")) }
            == RecordRejection(ControlCharacterError(field: .identifier, character: "\u{7}")))
        #expect(Self.refuses { try ExerciseLibrarySetting.validate(exercise(id: "back_squat", name: "Back\u{0}squat")) }
            == RecordRejection(ControlCharacterError(field: .name, character: "\u{0}")))
    }
}
