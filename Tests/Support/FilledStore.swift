import Foundation
import WellnessApplication
import WellnessContractTesting
import WellnessDomain

/// Stores with something in every collection a backup holds, written through the ports, so any
/// store (memory, JSON files, SQLite) can be filled the same and their archives compared.
public enum FilledStore {
    static func instant(_ iso: String) -> Date { Fixtures.instant(iso) }
    static func day(_ text: String) -> LocalDay { Fixtures.day(text) }
    static func id(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }

    public static let supplement = Supplement.ID(id("0000000A-5E1F-4000-8000-000000000001"))
    public static let goal = Goal.ID(id("0000000B-1111-4A2B-8C3D-000000000001"))

    /// Every setting and one or more records of every collection: unicode notes, quotes and
    /// backslashes, a journal tag from a newer version, weigh-ins around the night clocks go
    /// forward in Amsterdam (29 March 2026), health samples with and without a category.
    public static func fill(_ stores: WellnessRepositories) async throws {
        try await stores.tier.setTier(.pro)
        try await stores.moduleSettings.update { $0 = ModuleSettings.defaults(at: instant("2026-03-01T09:00:00Z")) }
        try await stores.dogProfile.save(DogProfile(storedName: "Bobbie \"B\" 🐕", birthDate: day("2025-12-21")))
        try await stores.supplements.update {
            $0 = SupplementStack(supplements: [
                Supplement(id: supplement, name: "Ashwagandha", timeOfDay: .evening, dosage: "600 mg"),
                Supplement(id: .init(id("0000000A-5E1F-4000-8000-000000000002")), name: "Vitamine D3 (ééé)",
                           timeOfDay: .morning, dosage: "2000 IU", isActive: false, sortOrder: 1),
            ], isSeeded: true)
        }
        try await stores.exercises.update {
            $0 = ExerciseLibrary(exercises: [
                ExerciseDefinition(id: "squat", name: "Squat", muscleGroup: .quads, secondaryMuscles: [.glutes],
                                   equipment: .barbell, category: .strength),
            ], isSeeded: false)
        }
        try await stores.checkinQueue.pause(until: instant("2026-03-02T12:00:00.500Z"))

        for (index, taken) in [true, false].enumerated() {
            try await stores.supplements.save(SupplementLog(day: day("2026-02-2\(7 + index)"), supplementID: supplement,
                                                            taken: taken, timestamp: instant("2026-02-2\(7 + index)T20:00:00Z")))
        }
        try await stores.goals.save(Goal(storedID: goal, title: "Run 5 km \"under 30\"",
                                         description: "Zoë's plan ☃ \\ 🏃\nstep two", createdAt: instant("2026-02-01T10:00:00Z")))
        try await stores.goals.save(Goal(storedID: .init(id("0000000B-1111-4A2B-8C3D-000000000002")), title: "Sleep by 23:00",
                                         description: nil, createdAt: instant("2026-02-02T10:00:00Z")))
        try await stores.tipsCache.store(GoalTips(goalID: goal, generatedAt: instant("2026-02-03T10:00:00Z"), tips: [
            GoalTip(id: .init(id("0000000C-2222-4333-8444-000000000001")), tip: "Drink water 💧 \"often\"",
                    category: .nutrition, priority: .high),
        ], stale: false, source: .ai))
        let notes = ["Slept badly, \"big\" meeting \\ 日本語", "Zoë\r\n\ttabbed"]
        for (index, text) in notes.enumerated() {
            let journal = DailyJournal(day: day("2026-02-2\(7 + index)"), notes: text,
                                       tags: index == 0 ? ["coffee", "a-tag-from-a-newer-version"] : [])
            try await stores.journals.update(journal.day) { $0 = journal }
        }
        try await stores.moods.save(MoodEntry(storedDay: day("2026-02-27"), score: 4, note: "été"))
        try await stores.moods.save(MoodEntry(storedDay: day("2026-02-28"), score: 1, note: nil))
        for (index, contact) in ["Åsa", nil].enumerated() {
            let checkin = try Checkin(day: day("2026-02-2\(7 + index)"), energy: 4 - index, stress: 2 + index, social: 5,
                                      keyContact: contact)
            _ = try await stores.checkins.save(checkin, replacing: false)
            try await stores.checkinQueue.enqueue(QueuedCheckin(
                id: .init(id("0000000D-3333-4444-8555-00000000000\(2 - index)")), checkin: checkin,
                queuedAt: instant("2026-02-2\(7 + index)T21:00:00Z"), retryCount: index, replaces: index == 1))
        }
        try await stores.interventionLog.append(completions: [
            InterventionCompletion(id: .init(id("0000000E-4444-4555-8666-000000000001")), interventionID: "hydration_morning",
                                   day: day("2026-02-28"), timestamp: instant("2026-02-28T07:30:00Z"), count: 2,
                                   source: .tracked),
            InterventionCompletion(id: .init(id("0000000E-4444-4555-8666-000000000002")), interventionID: "morning_light",
                                   day: day("2026-02-27"), timestamp: instant("2026-02-28T09:00:00Z"), count: 1,
                                   source: .catchUp),
        ], decisions: [
            InterventionDecision(interventionID: "walk_after_lunch", day: day("2026-02-28"), status: .skipped, count: 0,
                                 updatedAt: instant("2026-02-28T13:00:00Z")),
            InterventionDecision(interventionID: "morning_light", day: day("2026-02-27"), status: .done, count: 1,
                                 updatedAt: instant("2026-02-28T09:00:00Z")),
        ])
        try await stores.nudgeSnoozes.save(NudgeSnooze(nudgeID: "walks.reminder", until: instant("2026-03-08T00:00:00Z")))
        try await stores.health.importSamples { inserter in
            _ = try inserter.weights.insert([
                WeightEntry(unchecked: .init(id("0193A1B2-0000-7000-8000-000000000001")), date: instant("2026-03-29T00:59:59.999Z"),
                            kilograms: 72.35, note: "before the clocks \"jump\"", source: .manual),
                WeightEntry(unchecked: .init(id("0193A1B2-0000-7000-8000-000000000002")), date: instant("2026-03-29T01:00:00Z"),
                            kilograms: 0.1 + 0.2 + 72, note: nil, source: .imported),
                WeightEntry(unchecked: .init(id("0193A1B2-0000-7000-8000-000000000003")), date: instant("2026-02-28T06:10:00Z"),
                            kilograms: 71.9, note: "Zoë ☃", source: .manual),
            ])
            _ = try inserter.insert([
                HealthSample(kind: .steps, source: "Ann’s iPhone", start: instant("2026-02-28T08:00:00Z"),
                             end: instant("2026-02-28T09:00:00Z"), value: 4200),
                HealthSample(kind: .sleep, source: "Sleep & Co", start: instant("2026-02-27T22:00:00Z"),
                             end: instant("2026-02-28T06:30:00Z"), value: 510, category: "AsleepCore"),
                HealthSample(kind: .workout, source: "Watch \\ \"Pro\"", start: instant("2026-02-28T18:00:00Z"),
                             end: instant("2026-02-28T18:42:00Z"), value: 42, category: "Running", energyKilocalories: 402.5),
            ])
        }
    }

    /// Something else: a journal, a weigh-in and a profile, none of them in ``fill(_:)``.
    public static func fillOther(_ stores: WellnessRepositories) async throws {
        let journal = DailyJournal(day: day("2026-01-10"), notes: "another store's note", tags: ["stress"])
        try await stores.journals.update(journal.day) { $0 = journal }
        try await stores.dogProfile.save(DogProfile(storedName: "Rex", birthDate: day("2024-01-01")))
        try await stores.health.importSamples { inserter in
            _ = try inserter.weights.insert([
                WeightEntry(unchecked: .init(), date: instant("2026-01-10T07:00:00Z"), kilograms: 90, note: nil, source: .manual),
            ])
        }
    }
}
