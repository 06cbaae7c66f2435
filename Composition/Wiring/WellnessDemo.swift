import Foundation
import WellnessApplication
import WellnessDomain

/// Fills an empty store with a realistic month of data, through the use cases themselves,
/// so a new user sees every capability at once.
public enum WellnessDemo {
    /// Six weeks of ticked-off interventions in one write: most items done most days, a few
    /// skipped from the deck, and about half of the last 24 hours left open for the deck.
    static func seedInterventions(_ log: any InterventionLogRepository, catalog: InterventionCatalog, from start: LocalDay,
                                  now: Date, calendar: Calendar) async throws {
        let today = LocalDay(now, in: calendar)
        var completions: [InterventionCompletion] = []
        var decisions: [InterventionDecision] = []
        for offset in 0...start.days(until: today) {
            let day = start.adding(days: offset)
            let recent = day.days(until: today) <= 1
            for (index, item) in catalog.items.enumerated() {
                guard let section = item.sections.first, let window = section.interval(on: day, calendar: calendar)
                        ?? TimeOfDaySection.afternoon.interval(on: day, calendar: calendar) else { continue }
                let moment = window.start.addingTimeInterval(window.duration / 3)
                guard moment <= now else { continue }
                let roll = (offset * 7 + index * 5) % 10
                if recent ? roll < 5 : roll < 7 {
                    let count = item.trackingType == .counter ? 1 + roll % 3 : 1
                    completions.append(InterventionCompletion(interventionID: item.id, day: day, timestamp: moment,
                                                              count: count, source: .tracked))
                } else if !recent, roll == 9, item.trackingType.isCatchUpEligible {
                    decisions.append(InterventionDecision(interventionID: item.id, day: day, status: .skipped, count: 0,
                                                          updatedAt: moment))
                }
            }
        }
        try await log.append(completions: completions, decisions: decisions)
    }

    /// A journal most days and the supplement stack taken on most mornings and evenings,
    /// through the use cases (so the default stack is seeded the normal way).
    static func seedJournalAndSupplements(_ app: Wellness, clock: FixedWallClock, from start: LocalDay, now: Date,
                                          calendar: Calendar) async throws {
        let today = LocalDay(now, in: calendar)
        let patterns: [[JournalTag]] = [[.coffee, .exercise, .goodSleep], [.coffee, .work, .stress],
                                        [.social, .alcohol, .lateEating], [.poorSleep, .caffeine, .work],
                                        [.meditation, .hydration, .focus], [.exercise, .energy, .goodSleep]]
        let notes = ["Long walk with Ollie before work.", "Deadline day — skipped lunch.",
                     "Dinner with friends, went to bed late.", "Woke up at 4 and could not fall asleep again."]
        let stack = try await app.supplements.list(day: start)
        for offset in 0...start.days(until: today) {
            let day = start.adding(days: offset)
            clock.set(min(now, day.at(hour: 21, in: calendar)))
            if offset % 7 != 6 {
                for tag in patterns[offset % patterns.count] { _ = try await app.journal.toggleTag(tag, day: day) }
                if offset % 5 == 0 { _ = try await app.journal.setNotes(notes[(offset / 5) % notes.count], day: day) }
            }
            for (index, status) in stack.enumerated() where (offset + index) % 6 != 0 && day < today {
                try await app.supplements.setTaken(status.supplement.id.description, taken: true, day: day)
            }
        }
        for status in stack where status.supplement.timeOfDay == .morning {
            try await app.supplements.setTaken(status.supplement.id.description, taken: true, day: today)
        }
    }

    /// Two goals set a month ago and a mood most days, dipping in the last week.
    static func seedGoalsAndMoods(_ app: Wellness, clock: FixedWallClock, from start: LocalDay, now: Date,
                                  calendar: Calendar) async throws {
        let today = LocalDay(now, in: calendar)
        clock.set(start.at(hour: 20, in: calendar))
        _ = try await app.goals.add(title: "Exercise 3x per week",
                                          description: "Two runs and one strength session, every week.")
        clock.set(start.at(hour: 20, minute: 1, in: calendar))
        _ = try await app.goals.add(title: "Sleep 7 hours a night", description: "Lights out by 23:00 on weekdays.")
        let scores = [4, 3, 4, 5, 3, 4, 2, 3, 4, 4]
        for offset in 0...start.days(until: today) where offset % 6 != 5 {
            let day = start.adding(days: offset)
            clock.set(min(now, day.at(hour: 21, minute: 30, in: calendar)))
            let recent = day.days(until: today) < 7
            _ = try await app.moods.log(score: recent ? 2 : scores[offset % scores.count],
                                              note: offset % 9 == 0 ? "Busy week at work." : nil, day: day)
        }
    }

    /// Three months of morning weigh-ins (most days), drifting from about 78 to 75 kg.
    static func seedWeights(_ app: Wellness, now: Date, calendar: Calendar) async throws {
        let today = LocalDay(now, in: calendar)
        let first = today.adding(days: -90)
        for offset in 0...90 where offset % 7 != 3 {
            let day = first.adding(days: offset)
            let moment = day.at(hour: 7, minute: 10 + offset % 20, in: calendar)
            guard moment <= now else { continue }
            // A steady loss with a weekly wobble, in whole tens of grams.
            let kilograms = ((78.2 - Double(offset) * 0.035 + sin(Double(offset) * 0.9) * 0.4) * 10).rounded() / 10
            let note: String? = offset % 14 == 0 ? "After a long run." : (offset % 17 == 0 ? "Hotel scale, travelling." : nil)
            _ = try await app.weight.add(kilograms: kilograms, at: moment, note: note)
        }
    }

    /// A check-in most days of the last three weeks, drifting in the last week (stress up,
    /// energy and social down), with a key contact now and then.
    static func seedCheckins(_ app: Wellness, now: Date, calendar: Calendar) async throws {
        let today = LocalDay(now, in: calendar)
        for back in stride(from: 20, through: 0, by: -1) where back % 5 != 3 {
            let recent = back < 7
            let energy = recent ? 2 + back % 2 : 3 + back % 3 / 2
            let stress = recent ? 4 + (back % 3 == 0 ? 1 : 0) : 2 + back % 2
            let social = recent ? 2 : 3 + back % 2
            _ = try await app.drift.checkIn(energy: energy, stress: stress, social: social,
                                                    keyContact: back % 4 == 0 ? "Sam" : nil, day: today.adding(days: -back))
        }
    }

    /// What the demo created, for the closing message.
    public struct Report: Sendable, Equatable {
        /// The name the demo gave the dog.
        public let dogName: String
        /// The nudges that apply once the demo data is in, in the order `Nudges.evaluate()` gives them.
        public let nudgeIDs: [NudgeID]
    }

    /// Seeds `repositories` as if the person started 45 days before `now`: the dog (14 months
    /// old, so past puppyhood), daily walks and meals, some modules left unused.
    public static func seed(_ repositories: WellnessRepositories, catalog: InterventionCatalog, now: Date,
                            calendar: Calendar) async throws -> Report {
        guard try await repositories.dogProfile.load() == nil else {
            throw WellnessDemoError.storeNotEmpty(repositories.location)
        }
        let today = LocalDay(now, in: calendar)
        let start = today.adding(days: -45)
        let firstRun = start.at(hour: 9, in: calendar)
        let location = repositories.location
        // Claiming the store and its first run is one atomic write, so of two demos started on
        // one empty store at once, exactly one proceeds.
        try await repositories.moduleSettings.update { stored in
            guard stored == nil else { throw WellnessDemoError.storeNotEmpty(location) }
            stored = ModuleSettings.defaults(at: firstRun)
        }
        let clock = FixedWallClock(firstRun)
        let app = try Wellness(repositories: repositories, clock: clock, calendar: calendar, catalog: catalog)

        // Two puppy modules were switched on at the first run too.
        _ = try await app.modules.setEnabled([.training, .socialization], enabled: true)
        let birth = calendar.date(byAdding: .month, value: -14, to: today.at(in: calendar)) ?? now
        let dogName = "Ollie"
        _ = try await app.profile.set(name: dogName, birthDate: LocalDay(birth, in: calendar))

        // A month and a half of use: walks and meals every day, training most days until last
        // week, medications and socialization dropped after the first week, documents added on
        // the first run and not touched since. Every module is tracked for real, each write
        // recording its module's use.
        func at(_ day: LocalDay, hour: Int, minute: Int = 0, _ work: (Date) async throws -> Void) async throws {
            let moment = day.at(hour: hour, minute: minute, in: calendar)
            guard moment <= now else { return }
            clock.set(moment)
            try await work(moment)
        }
        clock.set(firstRun)
        // Walks twice a day, planned at 07:30 and 18:00: the morning one every day, the evening one on most.
        try await app.walks.plan([WallTime(hour: 7, minute: 30), WallTime(hour: 18, minute: 0)].compactMap { $0 })
        // The milestones of its first year, entered on the first run, and one of the person's own since.
        _ = try await app.modules.setEnabled([.milestones], enabled: true)
        for (milestone, weeks) in [(BuiltInMilestone.firstNightHome, 8), (.firstVetVisit, 9), (.firstVaccination, 9),
                                   (.knowsName, 10), (.vaccinationsComplete, 16), (.firstWalkOutside, 16),
                                   (.sleepsThroughNight, 12), (.sitsOnCue, 11), (.houseTrained, 20),
                                   (.comesWhenCalled, 24), (.adultTeeth, 28)] {
            try await app.milestones.reach(milestone.rawValue, on: LocalDay(birth, in: calendar).adding(days: weeks * 7))
        }
        // Meals planned at 07:00 and 18:00: breakfast every day (late now and then), dinner on most days.
        try await app.feeding.plan([try PlannedMeal(time: WallTime(hour: 7, minute: 0)!, grams: 120, food: "kibble"),
                                    try PlannedMeal(time: WallTime(hour: 18, minute: 0)!, grams: 120, food: "kibble")])
        // A week's course of Apoquel each morning, and a flea chew every 3 months whose next dose is still to come.
        try await app.medications.add(try Medication(name: "Apoquel", period: MedicationPeriod(count: 1, unit: .days)!,
                                                     from: start, time: WallTime(hour: 8, minute: 0)!, dose: "1 tablet",
                                                     until: start.adding(days: 7)))
        try await app.medications.add(try Medication(name: "Bravecto", period: MedicationPeriod(count: 3, unit: .months)!,
                                                     from: start, time: WallTime(hour: 18, minute: 0)!, dose: "1 chew"))
        // The rabies vaccination record, expiring in three weeks: due now.
        let expires = today.adding(days: 21)
        try await app.documents.add(Data("Rabies vaccination — \(dogName)\nValid until: \(expires)\n".utf8),
                                    fileName: "rabies-vaccination.txt", title: "Rabies vaccination", kind: .vaccination,
                                    expires: expires)
        let skills = ["sit", "down", "stay", "recall", "loose-lead walking"]
        for offset in 0...45 {
            let day = start.adding(days: offset)
            let late = offset % 9 == 3
            try await at(day, hour: late ? 8 : 7, minute: late ? 20 : 5 + offset % 10) { moment in
                try await app.feeding.give(planned: WallTime(hour: 7, minute: 0), at: moment)
            }
            if offset % 7 != 5 {
                try await at(day, hour: 18, minute: offset % 25) { moment in
                    try await app.feeding.give(planned: WallTime(hour: 18, minute: 0), at: moment, grams: offset % 6 == 0 ? 100 : nil)
                }
            }
            try await at(day, hour: 7, minute: 15 + offset % 20) { moment in
                try await app.walks.add(start: moment, minutes: 25 + offset % 15, kilometres: Double(18 + offset % 9) / 10,
                                        note: offset % 10 == 4 ? "Met Bella in the park." : nil)
            }
            if offset % 4 != 3 {
                try await at(day, hour: 18, minute: 5 + offset % 30) { moment in
                    try await app.walks.add(start: moment, minutes: 40 + offset % 20, kilometres: Double(30 + offset % 12) / 10)
                }
            }
            if offset <= 7 {
                try await at(day, hour: 8, minute: 5) { moment in _ = try await app.medications.give("Apoquel", at: moment) }
                if offset == 0 {
                    try await at(day, hour: 18, minute: 10) { moment in _ = try await app.medications.give("Bravecto", at: moment) }
                }
                let (what, category) = [("the neighbours' children", SocializationCategory.people), ("a cat", .animals),
                                        ("the market", .places), ("fireworks on video", .sounds),
                                        ("a metal bridge", .surfaces), ("nail clipping", .handling)][offset % 6]
                try await at(day, hour: 17) { _ in
                    try await app.socialization.log(what, category: category, reaction: 2 + offset % 4)
                }
            }
            if offset <= 40, offset % 3 != 2 {
                try await at(day, hour: 18, minute: 30) { _ in
                    try await app.training.log(skills[offset % skills.count], minutes: 10 + offset % 3 * 5,
                                               score: min(5, 2 + offset / 10 + offset % 2))
                }
            }
            if offset == 33 {
                try await at(day, hour: 16) { _ in
                    let own = try await app.milestones.add(title: "First swim in the sea")
                    try await app.milestones.reach(own.id)
                }
            }
        }
        try await seedInterventions(repositories.interventionLog, catalog: catalog, from: start, now: now,
                                    calendar: calendar)
        try await seedJournalAndSupplements(app, clock: clock, from: start, now: now, calendar: calendar)
        try await seedGoalsAndMoods(app, clock: clock, from: start, now: now, calendar: calendar)
        try await seedWeights(app, now: now, calendar: calendar)
        try await seedCheckins(app, now: now, calendar: calendar)
        clock.set(now)
        let nudges = try await app.nudges.evaluate()
        return Report(dogName: dogName, nudgeIDs: nudges.map(\.id))
    }
}
