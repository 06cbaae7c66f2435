import Foundation
import WellnessApplication
import WellnessDomain

/// Fills a store through its ports with random records of every collection: the same seed gives
/// the same store on every machine. Edge values, unicode text, instants on DST days and at the
/// ends of the years accepted.
public struct StoreGenerator {
    public var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let texts = ["café au lait", "naïve résumé", "日本語のメモ", "🏋️‍♀️ + 🍎 = 💪", "مرحبا بالعالم",
                        "quote \" and backslash \\ and slash /", "comma, semicolon; colon:", "e\u{301}\u{327}",
                        "=SUM(A1:A2)", "  leading and trailing  ", String(repeating: "long ", count: 150), "x"]
    static let zone = TimeZone(identifier: "Europe/Amsterdam")!

    /// Instants worth trying: both sides of the DST changes, the ends of the years accepted, and
    /// any millisecond in between.
    mutating func instant() -> Date {
        let edges = ["2026-03-29T00:59:59.999Z", "2026-03-29T01:00:00.000Z", "2026-10-25T00:59:59.999Z",
                     "2026-10-25T01:00:00.001Z", "2026-03-08T10:00:00.000Z", "0002-01-01T00:00:00.000Z",
                     "9998-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z"]
        if Bool.random(using: &random) { return Timestamp.parse(edges.randomElement(using: &random)!)! }
        let millis = Int64.random(in: 1_577_836_800_000...1_893_456_000_000, using: &random)
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }

    mutating func day() -> LocalDay { LocalDay(instant(), in: Self.calendar) }

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    mutating func text() -> String? { Bool.random(using: &random) ? nil : Self.texts.randomElement(using: &random)! }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func uuid() -> UUID {
        let a = random.next(), b = random.next()
        return withUnsafeBytes(of: (a, b)) { raw in
            let bytes = Array(raw)
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    mutating func uniqueDays(_ count: Int) -> [LocalDay] {
        var days: [LocalDay] = []
        while days.count < count { let day = day(); if !days.contains(day) { days.append(day) } }
        return days
    }

    /// Writes random records of every collection into `stores`; `travelling` leaves out what does
    /// not travel between devices (the tier, the tips cache, the check-in queue and its pause),
    /// drawing the same random numbers.
    public mutating func fill(_ stores: WellnessRepositories, travelling: Bool = false) async throws {
        // Settings.
        let tier = Tier.allCases.randomElement(using: &random)!
        if !travelling { try await stores.tier.setTier(tier) }
        if Bool.random(using: &random) {
            let entries = ["walks", "medications", "future-module"].map { module in
                ModuleEntry(module: module, isEnabled: Bool.random(using: &random), enabledAt: instant(), lastUsed: instant())
            }
            let settings = ModuleSettings(entries: entries, firstRunAt: instant(), chosenAt: instant())
            try await stores.moduleSettings.update { $0 = settings }
        }
        if Bool.random(using: &random) {
            try await stores.dogProfile.save(DogProfile(storedName: String(Self.texts.randomElement(using: &random)!.prefix(100)), birthDate: day()))
        }
        let supplements = (0..<count(0...4)).map { index in
            Supplement(id: .init(uuid()), name: "Supplement \(index) \(Self.texts[index])",
                       timeOfDay: Bool.random(using: &random) ? .morning : .evening,
                       dosage: text() ?? "", isActive: Bool.random(using: &random), sortOrder: index)
        }
        let stack = SupplementStack(supplements: supplements, isSeeded: Bool.random(using: &random))
        try await stores.supplements.update { $0 = stack }
        let exercises = (0..<count(0...3)).map { index in
            ExerciseDefinition(id: .init("exercise-\(index)"), name: "Exercise \(Self.texts[index])",
                               muscleGroup: MuscleGroup.allCases.randomElement(using: &random)!,
                               secondaryMuscles: Array(MuscleGroup.allCases.shuffled(using: &random).prefix(count(0...2))),
                               equipment: Equipment.allCases.randomElement(using: &random)!,
                               category: ExerciseCategory.allCases.randomElement(using: &random)!)
        }
        let library = ExerciseLibrary(exercises: exercises, isSeeded: Bool.random(using: &random))
        try await stores.exercises.update { $0 = library }
        if Bool.random(using: &random) {
            let until = instant()
            if !travelling { try await stores.checkinQueue.pause(until: until) }
        }

        // Collections.
        for supplement in supplements {
            for day in uniqueDays(count(0...3)) {
                try await stores.supplements.save(SupplementLog(day: day, supplementID: supplement.id,
                                                                taken: Bool.random(using: &random), timestamp: instant()))
            }
        }
        for _ in 0..<count(0...3) {
            // A title is at most 200 characters, as `goals add` and a restore check.
            let goal = Goal(storedID: .init(uuid()), title: String(Self.texts.randomElement(using: &random)!.prefix(200)),
                            description: text(), createdAt: instant())
            try await stores.goals.save(goal)
            if Bool.random(using: &random) {
                let tips = (0..<count(0...3)).map { _ in
                    GoalTip(id: .init(uuid()), tip: Self.texts.randomElement(using: &random)!,
                            category: TipCategory.allCases.randomElement(using: &random)!,
                            priority: TipPriority.allCases.randomElement(using: &random)!)
                }
                let cached = GoalTips(goalID: goal.id, generatedAt: instant(), tips: tips,
                                      source: Bool.random(using: &random) ? .rules : TipSource(rawValue: "ai"))
                if !travelling { try await stores.tipsCache.store(cached) }
            }
        }
        for day in uniqueDays(count(0...5)) {
            let tags = JournalTag.allCases.map(\.rawValue).shuffled(using: &random).prefix(count(0...4)) + ["future-tag"]
            let journal = DailyJournal(day: day, notes: text(), tags: Array(tags))
            try await stores.journals.update(day) { $0 = journal }
        }
        for day in uniqueDays(count(0...4)) {
            try await stores.moods.save(MoodEntry(storedDay: day, score: count(1...5), note: text()))
        }
        for day in uniqueDays(count(0...4)) {
            let checkin = try Checkin(day: day, energy: count(1...5), stress: count(1...5), social: count(1...5),
                                      keyContact: text().map { String($0.prefix(Checkin.maxKeyContactLength)) })
            _ = try await stores.checkins.save(checkin, replacing: false)
        }
        for day in uniqueDays(count(0...3)) {
            let checkin = try Checkin(day: day, energy: count(1...5), stress: count(1...5), social: count(1...5))
            let queued = QueuedCheckin(id: .init(uuid()), checkin: checkin, queuedAt: instant(),
                                       retryCount: count(0...5), replaces: Bool.random(using: &random))
            if !travelling { try await stores.checkinQueue.enqueue(queued) }
        }
        let interventions = ["morning_light", "hydration_target", "screens_off", "retired_intervention"]
        var completions: [InterventionCompletion] = []
        for _ in 0..<count(0...5) {
            completions.append(InterventionCompletion(id: .init(uuid()), interventionID: .init(interventions.randomElement(using: &random)!),
                                                      day: day(), timestamp: instant(), count: count(1...5),
                                                      source: Bool.random(using: &random) ? .tracked : .catchUp))
        }
        var decisions: [InterventionDecision] = []
        for day in uniqueDays(count(0...4)) {
            decisions.append(InterventionDecision(interventionID: .init(interventions.randomElement(using: &random)!), day: day,
                                                  status: Bool.random(using: &random) ? .done : .skipped, count: count(1...5),
                                                  updatedAt: instant()))
        }
        try await stores.interventionLog.append(completions: completions, decisions: decisions)
        for nudge in ["simplify", "enable_walks", "phase_senior"].shuffled(using: &random).prefix(count(0...3)) {
            try await stores.nudgeSnoozes.save(NudgeSnooze(nudgeID: nudge, until: instant()))
        }

        // Weigh-ins and health samples, in one transaction each.
        var weights: [WeightEntry] = []
        for _ in 0..<count(0...20) {
            let kilograms = [0.01, 700, 72.35, 80.123, 45.5, Double(count(30...150)) + 0.25].randomElement(using: &random)!
            weights.append(try WeightEntry(id: .init(uuid()), date: instant(), kilograms: kilograms, note: text(),
                                           source: Bool.random(using: &random) ? .manual : .imported))
        }
        try await stores.weights.importEntries(commit: true) { [weights] inserter in _ = try inserter.insert(weights) }
        var samples: [HealthSample] = []
        for _ in 0..<count(0...20) {
            let start = instant()
            let kind = HealthSampleKind.allCases.randomElement(using: &random)!
            let source = ["iPhone", "Apple Watch van Ann ⌚️", "Strava"].randomElement(using: &random)!
            let end = start.addingTimeInterval(Double(count(0...36_000)))
            let range = kind.valueRange // the edges of what a sample of the kind may hold
            samples.append(HealthSample(kind: kind, source: source, start: start, end: end,
                                        value: [range.lowerBound, range.lowerBound + (0.1 + 0.2), range.upperBound,
                                                min(8_000, range.upperBound), range.lowerBound + 1.5].randomElement(using: &random)!,
                                        category: Bool.random(using: &random) ? "HKCategoryValueSleepAnalysisAsleepREM" : nil,
                                        energyKilocalories: Bool.random(using: &random) ? 312.5 : nil))
        }
        _ = try await stores.health.importSamples { [samples] inserter in try inserter.insert(samples) }

        // Walks and the walk plan (archive version 2), after everything version 1 holds, so a
        // seed fills the collections of version 1 as it did.
        let walks = stores.records.repository(for: WalkRecords.self)
        for _ in 0..<count(0...4) {
            let kilometres: [Double?] = [nil, 0.01, 2.5, 100]
            try await walks.save(Walk(stored: .init(uuid()), start: instant(),
                                      minutes: Bool.random(using: &random) ? count(1...1440) : nil,
                                      kilometres: kilometres.randomElement(using: &random)!, note: text()))
        }
        let plan = stores.records.repository(for: PlannedWalkRecords.self)
        for minute in Set((0..<count(0...3)).map { _ in count(0...1439) }).sorted() {
            try await plan.save(PlannedWalk(time: WallTime(hour: minute / 60, minute: minute % 60)!))
        }
        let training = stores.records.repository(for: TrainingRecords.self)
        for _ in 0..<count(0...4) {
            try await training.save(TrainingSession(stored: .init(uuid()), skill: ["sit", "Sit", "loose-lead walking ✋"]
                .randomElement(using: &random)!, at: instant(),
                minutes: Bool.random(using: &random) ? count(1...480) : nil,
                score: Bool.random(using: &random) ? count(1...5) : nil))
        }
        let exposures = stores.records.repository(for: SocializationRecords.self)
        for _ in 0..<count(0...4) {
            try await exposures.save(SocializationExposure(stored: .init(uuid()), what: String((text() ?? "a cat").prefix(200)),
                                                           category: SocializationCategory.allCases.randomElement(using: &random)!,
                                                           reaction: count(1...5), at: instant()))
        }
        let milestones = stores.records.repository(for: MilestoneRecords.self)
        for builtIn in BuiltInMilestone.allCases.shuffled(using: &random).prefix(count(0...3)) {
            try await milestones.save(Milestone(id: builtIn.rawValue, title: nil,
                                                reached: day()))
        }
        if Bool.random(using: &random) {
            try await milestones.save(Milestone(id: "first-swim", title: String((text() ?? "First swim").prefix(100)), reached: nil))
        }

        // Meals and the meal plan (archive version 2).
        let meals = stores.records.repository(for: MealRecords.self)
        for _ in 0..<count(0...4) {
            let minute = count(0...1439)
            try await meals.save(Meal(stored: .init(uuid()), at: instant(),
                                      planned: Bool.random(using: &random) ? WallTime(hour: minute / 60, minute: minute % 60) : nil,
                                      grams: Bool.random(using: &random) ? count(Meal.gramsRange) : nil,
                                      food: text().map { String($0.prefix(Meal.maximumFoodLength)) }))
        }
        let mealPlan = stores.records.repository(for: PlannedMealRecords.self)
        for minute in Set((0..<count(0...3)).map { _ in count(0...1439) }).sorted() {
            try await mealPlan.save(PlannedMeal(stored: WallTime(hour: minute / 60, minute: minute % 60)!,
                                                grams: Bool.random(using: &random) ? count(Meal.gramsRange) : nil,
                                                food: text().map { String($0.prefix(Meal.maximumFoodLength)) }))
        }

        // Medications and their doses (archive version 2).
        let medications = stores.records.repository(for: MedicationRecords.self)
        let periods = ["12h", "1d", "4w", "3mo", "999mo"]
        var keys: [String] = []
        for index in 0..<count(0...3) {
            let from = day()
            let name = ("Med \(index) " + (text() ?? "")).trimmingCharacters(in: .whitespacesAndNewlines)
            let medication = Medication(stored: name, period: MedicationPeriod(periods.randomElement(using: &random)!)!,
                                        from: from, time: WallTime(hour: count(0...23), minute: count(0...59))!,
                                        dose: text(), until: Bool.random(using: &random) ? from.adding(days: count(0...400)) : nil)
            // Days past 9999-12-31 have no text in an archive (nor can `meds add` make one).
            guard (try? medication.check()) != nil, medication.until.map({ $0.description.count == 10 }) ?? true else { continue }
            try await medications.save(medication)
            keys.append(medication.key)
        }
        let doses = stores.records.repository(for: MedicationDoseRecords.self)
        for key in keys {
            for _ in 0..<count(0...3) { try await doses.save(MedicationDose(id: .init(uuid()), medication: key, at: instant())) }
        }

        // Documents and their chunks (archive version 2): small files, every byte value, some empty.
        let documents = stores.records.repository(for: DocumentRecords.self)
        let chunks = stores.records.repository(for: DocumentChunkRecords.self)
        for index in 0..<count(0...3) {
            let size = [0, 1, 40, 256].randomElement(using: &random)!
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
            let document = Document(stored: .init(uuid()), title: "Document \(index) \(Self.texts[index])",
                                    kind: Document.Kind.allCases.randomElement(using: &random)!,
                                    expires: Bool.random(using: &random) ? day() : nil, fileName: "file \(index).pdf",
                                    byteCount: size, added: instant(), chunkCount: Document.chunkCount(for: size))
            for chunk in document.chunks(of: bytes) { try await chunks.save(chunk) }
            try await documents.save(document)
        }
    }
}
