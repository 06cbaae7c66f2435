import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// Every repository a backup reads, in memory, on a ``TestWorld``'s fixed clock (1 March 2026,
/// 10:00 in Amsterdam), with the use cases that fill them.
struct BackupWorld {
    let world = TestWorld()
    let weights = InMemoryWeightRepository()
    let health: InMemoryHealthRepository
    let checkins = InMemoryCheckinRepository()
    let queue = InMemoryCheckinQueueRepository()
    let tier = InMemoryTierRepository()
    let driftCache = InMemoryDriftCacheRepository()
    let records: InMemoryRecordRepositories

    init() {
        health = InMemoryHealthRepository(keptWith: weights)
        records = InMemoryRecordRepositories(moduleSettings: world.settings)
    }

    var stores: WellnessRepositories {
        WellnessRepositories(moduleSettings: world.settings, dogProfile: world.profiles, nudgeSnoozes: world.snoozes,
                             interventionLog: world.log, journals: world.journals, supplements: world.supplements,
                             exercises: world.exercises, goals: world.goals, moods: world.moods,
                             weights: weights, health: health, checkins: checkins, checkinQueue: queue, tier: tier,
                             driftCache: driftCache, records: records, location: "the test store")
    }

    var backUp: BackUpStore { BackUpStore(stores: stores) }
    var restore: RestoreStore { RestoreStore(stores: stores) }

    /// The store's archive.
    func archive() async throws -> [UInt8] {
        let sink = ByteSink()
        try await backUp.execute(to: sink.append)
        return sink.bytes
    }

    /// Restores `archive` handed over in chunks of `chunkSize`.
    @discardableResult
    func restoring(_ archive: [UInt8], chunkSize: Int = 1 << 16) async throws -> BackupCounts {
        try await restore.execute(from: InMemoryByteSource(archive, chunkSize: chunkSize))
    }

    /// `kind`'s records in this world's record repositories, its module's use in its module settings.
    func tracker<Kind: RecordKind>(_ kind: Kind.Type) -> ModuleTracker<Kind> {
        ModuleTracker(records: records.repository(for: kind), modules: world.settings, inOneTransaction: false)
    }

    /// Something in every collection and every setting, through the use cases where there is
    /// one, the ports where not: unicode notes, a tag from a newer version, a DST-day weigh-in.
    func fill() async throws {
        let time = world.time
        _ = try await world.setUpModules.execute([.training, .walks, .feeding])
        _ = try await world.setDogProfile.execute(name: "Bobbie", birthDate: Fixtures.day("2025-12-21"))
        _ = try await world.listExercises.execute()
        _ = try await world.addSupplement.execute(name: "Ashwagandha", timeOfDay: .evening, dosage: "600 mg")
        try await world.setSupplementTaken.execute("ashwagandha", taken: true)
        try await world.setSupplementTaken.execute("ashwagandha", taken: false, day: Fixtures.day("2026-02-28"))
        let goal = try await world.addGoal.execute(title: "Run 5 km \"under 30\"", description: "Zoë's plan ☃ \\ 🏃")
        try await stores.tipsCache.store(GoalTips(goalID: goal.id, generatedAt: world.now, tips: [
            GoalTip(tip: "Drink water 💧", category: .nutrition, priority: .high),
        ], source: .ai))
        _ = try await world.addGoal.execute(title: "Sleep by 23:00")
        _ = try await world.toggleJournalTag.execute(.coffee)
        _ = try await world.setJournalNotes.execute("Slept badly, \"big\" meeting \\ 日本語")
        try await stores.journals.update(Fixtures.day("2026-02-27")) {
            $0 = DailyJournal(day: Fixtures.day("2026-02-27"), notes: nil, tags: ["a-tag-from-a-newer-version"])
        }
        _ = try await world.logMood.execute(score: 4, note: "été")
        try await RecordCheckin(checkins: checkins, queue: queue, time: time)
            .execute(energy: 4, stress: 2, social: 5, keyContact: "Åsa")
        try await stores.checkinQueue.pause(until: Fixtures.instant("2026-03-02T12:00:00Z"))
        _ = try await world.completeIntervention.execute("hydration_morning", count: 2)
        _ = try await world.recordDecision.execute("walk_after_lunch", day: Fixtures.day("2026-02-28"), status: .skipped)
        try await stores.nudgeSnoozes.save(NudgeSnooze(nudgeID: "walks.reminder", until: Fixtures.instant("2026-03-08T00:00:00Z")))
        try await SetTier(store: tier).execute(.pro)
        let addWeight = AddWeight(weights: weights, time: time)
        _ = try await addWeight.execute(kilograms: 72.35, note: "after the run \"fast\"")
        // 02:30 twice in Amsterdam the night the clocks went back: this is the second.
        _ = try await addWeight.execute(kilograms: 72.1, at: Fixtures.instant("2025-10-26T01:30:00Z"))
        _ = try await ImportHealthExport(health: health, time: time).execute(InMemoryHealthExport(HealthImportXML.day))
        _ = try await AddWalk(walks: records.repository(for: WalkRecords.self), modules: world.settings, time: time)
            .execute(minutes: 35, kilometres: 2.4, note: "park \"loop\" ☃")
        _ = try await PlanWalks(plan: records.repository(for: PlannedWalkRecords.self), modules: world.settings, time: time)
            .execute([WallTime(hour: 7, minute: 30)!, WallTime(hour: 18, minute: 0)!])
        _ = try await LogTraining(sessions: tracker(TrainingRecords.self), time: time)
            .execute(skill: "loose-lead walking ✋", minutes: 10, score: 4)
        _ = try await SetModulesEnabled(settings: world.settings, time: time).execute([.socialization, .milestones], enabled: true)
        _ = try await LogSocialization(exposures: tracker(SocializationRecords.self), time: time)
            .execute("a man with a hat \"and a beard\"", category: .people, reaction: 3)
        let milestones = tracker(MilestoneRecords.self)
        _ = try await AddMilestone(milestones: milestones, time: time).execute(title: "First swim 🌊")
        _ = try await ReachMilestone(milestones: milestones, time: time).execute("house-trained")
        _ = try await PlanMeals(plan: records.repository(for: PlannedMealRecords.self), modules: world.settings, time: time)
            .execute([try PlannedMeal.parse("07:00 120g kibble \"duck\" ☃"), try PlannedMeal.parse("18:00")])
        _ = try await GiveMeal(meals: records.repository(for: MealRecords.self),
                               plan: records.repository(for: PlannedMealRecords.self), modules: world.settings, time: time)
            .execute(planned: WallTime(hour: 7, minute: 0)!, grams: 110)
        try await records.repository(for: MedicationRecords.self).save(
            try Medication(name: "Rimadyl \"½\" ☃", period: MedicationPeriod("3mo")!, from: Fixtures.day("2026-01-31"),
                           time: WallTime(hour: 7, minute: 30)!, dose: "1 tablet", until: Fixtures.day("2026-12-31")))
        try await records.repository(for: MedicationDoseRecords.self).save(
            MedicationDose(medication: "rimadyl \"½\" ☃", at: Fixtures.instant("2026-02-28T06:35:00Z")))
        // A document of two chunks (1 MB and 3 bytes), every byte value in it.
        let scan = Data((0..<(Document.chunkBytes + 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        let document = try Document(title: "Rabiës \"booster\" 💉", kind: .vaccination, expires: Fixtures.day("2026-04-01"),
                                    fileName: "rabies scan.pdf", byteCount: scan.count, added: world.now)
        for chunk in document.chunks(of: scan) { try await records.repository(for: DocumentChunkRecords.self).save(chunk) }
        try await records.repository(for: DocumentRecords.self).save(document)
    }
}

@Suite("Backup and restore of a whole store")
struct BackupTests {
    /// An archive of `settings` and `records` as the writer writes it (records need not be valid).
    static func archive(_ records: [AnyRecord], settings: BackupSettings = BackupSettings()) throws -> [UInt8] {
        let sink = ByteSink()
        var writer = BackupArchiveWriter(write: sink.append)
        try writer.begin(settings: settings)
        for record in records { try writer.append(record) }
        try writer.finish()
        return sink.bytes
    }

    /// The archive of a store ``BackupWorld/fill()`` filled.
    static func filledArchive() async throws -> [UInt8] {
        let source = BackupWorld()
        try await source.fill()
        return try await source.archive()
    }

    static func weighIn(_ iso: String, _ kilograms: Double, id: UUID = UUID()) -> AnyRecord {
        WeightRecords.record(WeightEntry(unchecked: .init(id), date: Fixtures.instant(iso), kilograms: kilograms, note: nil, source: .manual))
    }

    static let sample = HealthRecords.record(HealthSample(kind: .steps, source: "Ann’s iPhone",
                                                         start: Fixtures.instant("2026-02-28T08:00:00Z"),
                                                         end: Fixtures.instant("2026-02-28T09:00:00Z"), value: 4200))

    /// The line of the `index`th weigh-in (from 1) in an archive with nothing before the weigh-ins:
    /// line 4 opens the first collection, and the ten before `weights` take two lines each.
    static func weightLine(_ index: Int) -> Int { 4 + 2 * 10 + index }

    @Test("backup, restore into an empty store, backup again: the same bytes, every collection restored")
    func roundTrip() async throws {
        let source = BackupWorld()
        try await source.fill()
        let archive = try await source.archive()
        let contents = try await source.backUp.contents()
        #expect(RecordRegistry.standard.collections.allSatisfy { contents.counts[$0] > 0 }, "\(contents.counts)")
        #expect(contents.settings[TierSetting.self] == .pro && contents.settings[DogProfileSetting.self]?.name == "Bobbie")
        #expect(contents.settings[CheckinPauseSetting.self] == Fixtures.instant("2026-03-02T12:00:00Z"))

        for chunkSize in [1 << 16, 7] {
            let target = BackupWorld()
            #expect(try await target.restoring(archive, chunkSize: chunkSize) == contents.counts)
            #expect(try await target.archive() == archive, "chunk size \(chunkSize)")
            #expect(try await target.backUp.contents() == contents)
            #expect(try await target.stores.checkinQueue.all() == source.stores.checkinQueue.all(), "the queue keeps its order and items")
        }
    }

    @Test("a backup of a store twice is the same bytes; the counts returned are the archive's")
    func deterministic() async throws {
        let world = BackupWorld()
        try await world.fill()
        let first = try await world.archive()
        let sink = ByteSink()
        let counts = try await world.backUp.execute(to: sink.append)
        #expect(sink.bytes == first)
        #expect(counts == (try await world.backUp.contents()).counts)
        #expect(counts[.weights] == 5, "two typed, three from the health export")
    }

    @Test("an empty store backs up as an archive of nothing, which restores as nothing")
    func emptyStore() async throws {
        let archive = try await BackupWorld().archive()
        #expect(archive == (try Self.archive([])))
        let target = BackupWorld()
        #expect(try await target.restoring(archive).total == 0)
        #expect(try await target.backUp.contents().isEmpty)
    }

    @Test("a store that holds anything is refused, naming the store and what it holds; nothing is written")
    func notEmpty() async throws {
        let archive = try await Self.filledArchive()

        let journal = BackupWorld()
        _ = try await journal.world.setJournalNotes.execute("one note")
        _ = try await AddWeight(weights: journal.weights, time: journal.world.time).execute(kilograms: 80)
        _ = try await AddWeight(weights: journal.weights, time: journal.world.time)
            .execute(kilograms: 81, at: Fixtures.instant("2026-02-01T08:00:00Z"))
        await #expect(throws: RestoreError.notEmpty(location: "the test store", holds: "1 journals, 2 weights")) {
            try await journal.restoring(archive)
        }
        #expect(try await journal.backUp.contents().counts.total == 3)

        let profile = BackupWorld()
        _ = try await profile.world.setDogProfile.execute(name: "Rex", birthDate: Fixtures.day("2025-01-01"))
        await #expect(throws: RestoreError.notEmpty(location: "the test store", holds: "settings")) {
            try await profile.restoring(archive)
        }

        // The tier is a subscription setting, not data: a store on Pro with nothing else is empty.
        let pro = BackupWorld()
        try await SetTier(store: pro.tier).execute(.pro)
        #expect(try await pro.backUp.contents().isEmpty)
        try await pro.restoring(archive)
        #expect(try await pro.archive() == archive)
    }

    @Test("a broken reference found at the end, after the weigh-ins and samples: nothing is restored")
    func brokenReferenceRollsBack() async throws {
        let unknown = Supplement.ID()
        let archive = try Self.archive([
            SupplementLogRecords.record(SupplementLog(day: Fixtures.day("2026-02-28"), supplementID: unknown, taken: true,
                                         timestamp: Fixtures.instant("2026-02-28T08:00:00Z"))),
            JournalRecords.record(DailyJournal(day: Fixtures.day("2026-02-28"), notes: "restored?", tags: [])),
            Self.weighIn("2026-02-27T07:00:00Z", 72), Self.weighIn("2026-02-28T07:00:00Z", 71.5), Self.sample,
        ])
        let target = BackupWorld()
        await #expect(throws: BackupError.brokenReference(line: 5, collection: "supplementLogs", index: 1,
                                                          identity: "2026-02-28 \(unknown)", missing: "supplement \(unknown)")) {
            try await target.restoring(archive, chunkSize: 5)
        }
        #expect(try await target.stores.weights.entries(since: nil).isEmpty)
        #expect(try await target.stores.health.hasSamples() == false)
        #expect(try await target.backUp.contents().isEmpty)
        #expect(try await target.archive() == (try Self.archive([])))
    }

    @Test("a bad weigh-in after good ones, or an archive cut short in the samples: the weigh-ins are rolled back")
    func badRecordRollsBack() async throws {
        let bad = try Self.archive([
            Self.weighIn("2026-02-26T07:00:00Z", 72), Self.weighIn("2026-02-27T07:00:00Z", 71.5),
            Self.weighIn("2026-02-28T07:00:00Z", -5),
        ])
        let target = BackupWorld()
        let error = await #expect(throws: BackupError.self) { try await target.restoring(bad) }
        guard case .invalidRecord(Self.weightLine(3), "weights", 3, let reason, _) = error else {
            Issue.record("not the third weigh-in: \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("kilograms: "), "\(reason)")
        #expect(try await target.stores.weights.entries(since: nil).isEmpty)

        let whole = try Self.archive([Self.weighIn("2026-02-27T07:00:00Z", 72), Self.sample])
        let cut = Array(whole.prefix(whole.count - 30))
        await #expect(throws: BackupError.truncated(line: String(decoding: cut, as: UTF8.self).split(separator: "\n",
                                                    omittingEmptySubsequences: false).count)) {
            try await target.restoring(cut)
        }
        #expect(try await target.stores.weights.entries(since: nil).isEmpty)
        #expect(try await target.stores.health.hasSamples() == false)
    }

    @Test("a weigh-in of the same minute and weight as another, under another id, is refused as a duplicate")
    func duplicateWeighIn() async throws {
        let archive = try Self.archive([
            Self.weighIn("2026-02-27T07:00:05Z", 72.5), Self.weighIn("2026-02-27T07:00:40Z", 72.504),
            Self.weighIn("2026-02-28T07:00:00Z", 71),
        ])
        let target = BackupWorld()
        await #expect(throws: BackupError.duplicate(line: Self.weightLine(2), collection: "weights", index: 2,
                                                    identity: "2026-02-27T07:00:40.000Z 72.504 kg")) {
            try await target.restoring(archive)
        }
        #expect(try await target.stores.weights.entries(since: nil).isEmpty)
    }

    @Test("the same health sample twice is refused as a duplicate; nothing is restored")
    func duplicateSample() async throws {
        let archive = try Self.archive([Self.weighIn("2026-02-27T07:00:00Z", 72), Self.sample, Self.sample])
        let target = BackupWorld()
        let error = await #expect(throws: BackupError.self) { try await target.restoring(archive) }
        guard case .duplicate(_, "health", 2, _) = error else {
            Issue.record("not the second sample: \(String(describing: error))")
            return
        }
        #expect(try await target.stores.weights.entries(since: nil).isEmpty)
        #expect(try await target.stores.health.hasSamples() == false)
    }

    @Test("progress is reported in bytes read, up to the archive's size")
    func progress() async throws {
        let archive = try await Self.filledArchive()
        let reported = ProgressLog()
        let target = BackupWorld()
        try await target.restore.execute(from: InMemoryByteSource(archive, chunkSize: 1000)) { reported.append($0) }
        #expect(reported.values == Array(stride(from: 1000, to: archive.count, by: 1000)) + [archive.count])
    }
}
