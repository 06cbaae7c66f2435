import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessTestSupport

/// Random stores (every collection, edge values, unicode text, instants on DST days and at the
/// ends of the years accepted), backed up, restored into every kind of store and backed up again:
/// the archives are byte for byte the same, and every listing matches.
@Suite("Backup round trip across stores")
struct BackupRoundTripTests {
    static let seeds: [UInt64] = Array(1...9)

    @Test("backup → restore into each kind → backup is byte-identical", arguments: seeds)
    func roundTrip(seed: UInt64) async throws {
        let sourceKind = StoreKind.allCases[Int(seed) % StoreKind.allCases.count]
        let source = try Self.open(sourceKind)
        var generator = StoreGenerator(random: SeededRandom(seed: seed))
        try await generator.fill(source.wellness.repositories)
        let archive = try await Self.backUp(source.wellness)
        let contents = try await source.wellness.backups.contents()
        #expect(!contents.isEmpty, "the generated store holds something")

        for kind in StoreKind.allCases {
            let target = try Self.open(kind)
            let counts = try await target.wellness.backups.restore(from: InMemoryByteSource(archive, chunkSize: 997))
            #expect(counts == contents.counts, "\(sourceKind) → \(kind)")
            let again = try await Self.backUp(target.wellness)
            let identical = again == archive
            #expect(identical, "\(sourceKind) → \(kind): \(Self.firstDifference(archive, again))")
            try await Self.expectSameListings(source.wellness.repositories, target.wellness.repositories,
                                              "\(sourceKind) → \(kind)")
        }
    }

    @Test("an empty store backs up and restores as empty")
    func empty() async throws {
        let source = try Self.open(.sqlite)
        let archive = try await Self.backUp(source.wellness)
        for kind in StoreKind.allCases {
            let target = try Self.open(kind)
            let counts = try await target.wellness.backups.restore(from: InMemoryByteSource(archive))
            #expect(counts.total == 0)
            let identical = try await Self.backUp(target.wellness) == archive
            #expect(identical)
        }
    }

    // MARK: - Helpers

    struct Opened {
        let directory: TemporaryDirectory
        let wellness: Wellness
    }

    static func open(_ kind: StoreKind) throws -> Opened {
        let directory = try TemporaryDirectory()
        let wellness = try Wellness.make(WellnessConfiguration(store: kind, dataDirectory: directory.url,
                                                               clock: FixedWallClock(Fixtures.instant("2026-11-23T12:00:00Z")),
                                                               calendar: Fixtures.calendar("Europe/Amsterdam")))
        return Opened(directory: directory, wellness: wellness)
    }

    static func backUp(_ wellness: Wellness) async throws -> [UInt8] {
        let collected = ByteSink()
        try await wellness.backups.backUp(to: collected.append)
        return collected.bytes
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let linesA = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let linesB = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (lineA, lineB)) in zip(linesA, linesB).enumerated() where lineA != lineB {
            return "line \(index + 1):\n  \(lineA)\n  \(lineB)"
        }
        return linesA.count == linesB.count ? "same" : "\(linesA.count) lines against \(linesB.count)"
    }

    /// Every listing of the ports, compared store against store.
    static func expectSameListings(_ a: WellnessRepositories, _ b: WellnessRepositories, _ label: String) async throws {
        let days = LocalDay.first...LocalDay(year: 9999, month: 12, day: 31)!
        let allTime = DateInterval(start: Date(timeIntervalSince1970: -62_135_596_800),
                                   end: Date(timeIntervalSince1970: 253_402_300_800))
        #expect(try await a.weights.entries(since: nil) == b.weights.entries(since: nil), "\(label) weights")
        let kinds = Set(HealthSampleKind.allCases)
        #expect(try await a.health.samples(of: kinds, startingIn: allTime)
                == b.health.samples(of: kinds, startingIn: allTime), "\(label) health")
        #expect(try await a.journals.journals(on: days) == b.journals.journals(on: days), "\(label) journals")
        #expect(try await a.moods.moods(on: days) == b.moods.moods(on: days), "\(label) moods")
        #expect(try await a.checkins.checkins(on: days) == b.checkins.checkins(on: days), "\(label) checkins")
        #expect(try await a.checkinQueue.all() == b.checkinQueue.all(), "\(label) queue")
        #expect(try await a.checkinQueue.pausedUntil() == b.checkinQueue.pausedUntil(), "\(label) paused")
        #expect(try await a.supplements.stack() == b.supplements.stack(), "\(label) stack")
        #expect(try await a.supplements.logs(on: days).count == b.supplements.logs(on: days).count, "\(label) logs")
        #expect(try await a.exercises.library() == b.exercises.library(), "\(label) exercises")
        let goalsA = try await a.goals.all(), goalsB = try await b.goals.all()
        #expect(Set(goalsA.map(\.id)) == Set(goalsB.map(\.id)), "\(label) goals")
        for goal in goalsA {
            #expect(try await a.tipsCache.cached(for: goal.id) == b.tipsCache.cached(for: goal.id), "\(label) tips")
        }
        #expect(try await a.moduleSettings.load() == b.moduleSettings.load(), "\(label) modules")
        #expect(try await a.dogProfile.load() == b.dogProfile.load(), "\(label) dog")
        #expect(try await a.tier.tier() == b.tier.tier(), "\(label) tier")
        #expect(try await a.nudgeSnoozes.all().sorted { $0.nudgeID < $1.nudgeID }
                == b.nudgeSnoozes.all().sorted { $0.nudgeID < $1.nudgeID }, "\(label) snoozes")
        #expect(try await a.interventionLog.completions(on: days).count
                == b.interventionLog.completions(on: days).count, "\(label) completions")
        #expect(try await a.interventionLog.decisions(on: days).count
                == b.interventionLog.decisions(on: days).count, "\(label) decisions")
        // The kinds of archive version 2 on: every record the same, whatever the kind.
        for kind in RecordRegistry.standard.kinds where kind.archiveVersion >= 2 {
            let stored = try #require(kind as? any StoredRecordKind.Type, "\(kind.collection)")
            #expect(try await Self.same(stored, a, b), "\(label) \(kind.collection)")
        }
    }

    /// Whether `a` and `b` hold the same records of `kind`, in the same order.
    static func same<Kind: StoredRecordKind>(_ kind: Kind.Type, _ a: WellnessRepositories, _ b: WellnessRepositories)
        async throws -> Bool {
        try await records(kind, a) == records(kind, b)
    }

    static func records<Kind: StoredRecordKind>(_ kind: Kind.Type, _ stores: WellnessRepositories) async throws -> [Kind.Record] {
        let collected = Collected<Kind.Record>()
        try await Kind.forEachRecord(in: stores) { collected.append($0) }
        return collected.values
    }
}

/// Values handed to a `@Sendable` closure, in order.
final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }

    var values: [Value] { lock.withLock { stored } }
}

/// Bytes handed over in chunks.
/// SplitMix64: the same seed gives the same store on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Fills a store through its ports with random records of every collection.
struct StoreGenerator {
    var random: SeededRandom

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

    mutating func fill(_ stores: WellnessRepositories) async throws {
        // Settings.
        let tier = Tier.allCases.randomElement(using: &random)!
        try await stores.tier.setTier(tier)
        if Bool.random(using: &random) {
            let entries = ["walks", "medications", "future-module"].map { module in
                ModuleEntry(module: module, isEnabled: Bool.random(using: &random), enabledAt: instant(), lastUsed: instant())
            }
            let settings = ModuleSettings(entries: entries, firstRunAt: instant(), chosenAt: instant())
            try await stores.moduleSettings.update { $0 = settings }
        }
        if Bool.random(using: &random) {
            try await stores.dogProfile.save(DogProfile(storedName: Self.texts.randomElement(using: &random)!, birthDate: day()))
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
        if Bool.random(using: &random) { try await stores.checkinQueue.pause(until: instant()) }

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
                try await stores.tipsCache.store(GoalTips(goalID: goal.id, generatedAt: instant(), tips: tips,
                                                          source: Bool.random(using: &random) ? .rules : TipSource(rawValue: "ai")))
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
                                      keyContact: text())
            _ = try await stores.checkins.save(checkin, replacing: false)
        }
        for day in uniqueDays(count(0...3)) {
            let checkin = try Checkin(day: day, energy: count(1...5), stress: count(1...5), social: count(1...5))
            try await stores.checkinQueue.enqueue(QueuedCheckin(id: .init(uuid()), checkin: checkin, queuedAt: instant(),
                                                                retryCount: count(0...5), replaces: Bool.random(using: &random)))
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
            guard (try? medication.check()) != nil else { continue }
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
