import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// The rules of a sync a person meets: a check-in replaced by another device's is told, a
/// refused record fails its whole batch, the tier is the server's, an unknown kind passes
/// through, and a restored store is a new device whose copies lose to the server's tombstones.
@Suite struct SyncReplicaTests {
    let clock = FixedWallClock(Fixtures.instant("2026-11-24T09:00:00Z"))
    let day = Fixtures.day("2026-11-23")

    /// A server on memory and an in-process remote.
    struct Server: SyncRemote {
        let stores = WellnessRepositories.inMemory()
        let serve: ServeSync

        init(clock: any WallClock) throws {
            serve = try ServeSync(stores: stores, clock: clock)
        }

        func push(_ batch: SyncPush) async throws -> SyncPushAnswer { try await serve.push(batch) }

        func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
            try await serve.pull(after: cursor, limit: limit)
        }
    }

    func sync(_ stores: WellnessRepositories, _ server: Server) async throws -> SyncReport {
        try await SyncWithServer(stores: stores, remote: server, clock: clock, timeZone: "Europe/Amsterdam").execute()
    }

    @Test func theLaterCheckinOfADayWinsAndTheDeviceItReplacedIsTold() async throws {
        let server = try Server(clock: clock)
        let laptop = WellnessRepositories.inMemory()
        let phone = WellnessRepositories.inMemory()
        _ = try await sync(laptop, server)
        _ = try await sync(phone, server)
        // Each device takes note of its write when it makes it (as the CLI does), the phone a minute later.
        _ = try await laptop.checkins.save(try Checkin(day: day, energy: 2, stress: 2, social: 2), replacing: true)
        try await SyncReplica(stores: laptop, role: .device, clock: clock).capture()
        clock.set(clock.now().addingTimeInterval(60))
        _ = try await phone.checkins.save(try Checkin(day: day, energy: 5, stress: 1, social: 4), replacing: true)
        try await SyncReplica(stores: phone, role: .device, clock: clock).capture()
        _ = try await sync(laptop, server)
        let phoneReport = try await sync(phone, server)
        let laptopReport = try await sync(laptop, server)

        #expect(phoneReport.replaced.isEmpty)
        #expect(laptopReport.replaced[CheckinRecords.collection] == ["2026-11-23"])
        for stores in [laptop, phone, server.stores] {
            #expect(try await stores.checkins.checkins(on: day...day).map(\.energy) == [5])
        }
    }

    @Test(arguments: [
        // A mood sent under another day's key would write over that day's mood.
        ("a key that is not the record's identity", SyncRecord(
            collection: MoodRecords.collection, key: "2026-11-21", life: 1, lifeStamp: SyncStamp(time: 1, counter: 0, device: "phone"),
            values: ["": .init(stamp: SyncStamp(time: 1, counter: 0, device: "phone"), json: #"{"day":"2026-11-22","score":3}"#)])),
        ("a kind that stays on each device", SyncRecord(
            collection: GoalTipsRecords.collection, key: "x", life: 1, lifeStamp: SyncStamp(time: 1, counter: 0, device: "phone"),
            values: ["": .init(stamp: SyncStamp(time: 1, counter: 0, device: "phone"), json: "{}")])),
        ("a life past any a person makes", SyncRecord(
            collection: MoodRecords.collection, key: "2026-11-22", life: UInt64(Int64.max), lifeStamp: SyncStamp(time: 1, counter: 0, device: "phone"),
            values: ["": .init(stamp: SyncStamp(time: 1, counter: 0, device: "phone"), json: #"{"day":"2026-11-22","score":3}"#)])),
        ("values that do not make up a record", SyncRecord(
            collection: GoalRecords.collection, key: "0a0b0c0d-0000-4000-8000-000000000004", life: 1,
            lifeStamp: SyncStamp(time: 1, counter: 0, device: "phone"),
            values: ["title": .init(stamp: SyncStamp(time: 1, counter: 0, device: "phone"), json: "not json")])),
        // The server's clock says 2026-11-24T09:00Z; this is 25 hours later.
        ("a change stamped over a day ahead of the server's clock", SyncRecord(
            collection: MoodRecords.collection, key: "2026-11-22", life: 1,
            lifeStamp: SyncStamp(time: 1_795_600_800_000, counter: 0, device: "phone"),
            values: ["": .init(stamp: SyncStamp(time: 1_795_600_800_000, counter: 0, device: "phone"),
                               json: #"{"day":"2026-11-22","score":3}"#)])),
    ])
    func aRecordTheServerCannotTakeIsRefusedNamingIt(why: String, record: SyncRecord) async throws {
        let server = try Server(clock: clock)
        await #expect("\(why)") {
            _ = try await server.push(SyncPush(key: "k1", timeZone: nil, records: [record]))
        } throws: { error in
            guard case .refused(let collection, let key, _) = error as? SyncError else { return false }
            return collection == record.collection && key == record.key
        }
        #expect(try await server.stores.syncLog?.records(in: record.collection).isEmpty == true, "\(why)")
    }

    @Test func pushesOfManyDevicesMergedAtOnceLoseNothing() async throws {
        let server = try Server(clock: clock)
        let day = self.day
        let clock = self.clock
        // Sixteen devices each tag one day with a tag of their own, then all send at once: every
        // push merges into the server's one journal of the day, and none may write over another.
        var devices: [SyncWithServer] = []
        for index in 0..<16 {
            let stores = WellnessRepositories.inMemory()
            try await stores.journals.update(day) { $0 = DailyJournal(day: day, notes: nil, tags: ["device-\(index)"]) }
            let sync = try SyncWithServer(stores: stores, remote: server, clock: clock, timeZone: nil)
            try await sync.capture(nil)
            devices.append(sync)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sync in devices { group.addTask { _ = try await sync.send([]) } }
            try await group.waitForAll()
        }
        let tags = try await server.stores.journals.journals(on: day...day).first?.tags ?? []
        #expect(Set(tags) == Set((0..<16).map { "device-\($0)" }))
    }

    @Test func aRecordThatBreaksItsRuleFailsTheWholeBatchNamingIt() async throws {
        let server = try Server(clock: clock)
        let stamp = SyncStamp(time: 1, counter: 0, device: "phone")
        let good = SyncRecord(collection: MoodRecords.collection, key: "2026-11-22", life: 1, lifeStamp: stamp,
                              values: ["": .init(stamp: stamp, json: #"{"day":"2026-11-22","score":3}"#)])
        let bad = SyncRecord(collection: CheckinRecords.collection, key: "2026-11-23", life: 1, lifeStamp: stamp,
                             values: ["": .init(stamp: stamp, json: #"{"day":"2026-11-23","energy":9,"stress":1,"social":1}"#)])
        await #expect {
            _ = try await server.push(SyncPush(key: "k1", timeZone: nil, records: [good, bad]))
        } throws: { error in
            guard case .refused(let collection, let key, _) = error as? SyncError else { return false }
            return collection == CheckinRecords.collection && key == "2026-11-23"
        }
        #expect(try await server.stores.moods.moods(on: WellnessRepositories.allDays).isEmpty)
        let pulled = try await server.pull(after: 0, limit: 10, timeZone: nil).records
        #expect(pulled.map(\.collection) == [TierSetting.collection], "the server's tier, and nothing of the batch")
    }

    @Test func aReplayedPushChangesNothingAndGetsItsFirstAnswer() async throws {
        let server = try Server(clock: clock)
        let stamp = SyncStamp(time: 1, counter: 0, device: "phone")
        let mood = SyncRecord(collection: MoodRecords.collection, key: "2026-11-22", life: 1, lifeStamp: stamp,
                              values: ["": .init(stamp: stamp, json: #"{"day":"2026-11-22","score":3}"#)])
        let first = try await server.push(SyncPush(key: "k1", timeZone: nil, records: [mood]))
        let cursor = try await server.pull(after: 0, limit: 10, timeZone: nil).cursor
        let again = try await server.push(SyncPush(key: "k1", timeZone: nil, records: [mood]))
        #expect(first == SyncPushAnswer(merged: 1))
        #expect(again == first)
        #expect(try await server.pull(after: cursor, limit: 10, timeZone: nil).records.isEmpty)
    }

    @Test func pushAnswersAreKeptForADayAndAtMostSoMany() async throws {
        let server = try Server(clock: clock)
        func mood(_ day: String, score: Int) -> SyncRecord {
            let stamp = SyncStamp(time: 1_795_500_000_000 + Int64(score), counter: 0, device: "phone")
            return SyncRecord(collection: MoodRecords.collection, key: day, life: 1, lifeStamp: stamp,
                              values: ["": .init(stamp: stamp, json: #"{"day":"\#(day)","score":\#(score)}"#)])
        }
        #expect(try await server.push(SyncPush(key: "old", timeZone: nil, records: [mood("2026-11-20", score: 2)])).merged == 1)
        for index in 0..<ServeSync.maximumAnswers {
            clock.set(clock.now().addingTimeInterval(1))
            _ = try await server.push(SyncPush(key: "k\(index)", timeZone: nil, records: [mood("2026-11-21", score: 3)]))
        }
        // The latest so many are kept together, in one value of the log: "old" is no longer.
        let kept = try #require(try await server.stores.syncLog?.value("push answers"))
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(kept.utf8)) as? [String: Any])
        #expect(answers.count == ServeSync.maximumAnswers)
        #expect(answers["old"] == nil && answers["k0"] != nil)
        // A replay of "old" merges again, which changes nothing now.
        #expect(try await server.push(SyncPush(key: "old", timeZone: nil, records: [mood("2026-11-20", score: 2)])).merged == 0)

        // A day later the answers kept before are forgotten.
        clock.set(clock.now().addingTimeInterval(ServeSync.answerRetention + 1))
        _ = try await server.push(SyncPush(key: "next day", timeZone: nil, records: [mood("2026-11-22", score: 4)]))
        let later = try #require(try await server.stores.syncLog?.value("push answers"))
        let left = try #require(try JSONSerialization.jsonObject(with: Data(later.utf8)) as? [String: Any])
        #expect(Set(left.keys) == ["next day"])
    }

    @Test func theTierIsTheServersAndTheQueueStaysOnItsDevice() async throws {
        let server = try Server(clock: clock)
        try await server.stores.tier.setTier(.pro)
        let phone = WellnessRepositories.inMemory()
        _ = try await sync(phone, server)
        #expect(try await phone.tier.tier() == .pro)

        let stamp = SyncStamp(time: 1, counter: 0, device: "phone")
        let tier = SyncRecord(collection: TierSetting.collection, key: TierSetting.name, life: 1, lifeStamp: stamp,
                              values: ["": .init(stamp: stamp, json: #""free""#)])
        await #expect(throws: SyncError.self) {
            _ = try await server.push(SyncPush(key: "k2", timeZone: nil, records: [tier]))
        }
        try await phone.tier.setTier(.free)
        let report = try await sync(phone, server)
        #expect(report.sent[TierSetting.collection] == nil)
        #expect(try await server.stores.tier.tier() == .pro)

        // Back to Free on the server travels too.
        try await server.stores.tier.setTier(.free)
        try await server.serve.noteOwnWrites()
        try await phone.tier.setTier(.pro)
        _ = try await sync(phone, server)
        #expect(try await phone.tier.tier() == .free)
    }

    @Test func aKindThisVersionDoesNotKnowIsKeptAndPassedOn() async throws {
        let server = try Server(clock: clock)
        let stamp = SyncStamp(time: 1, counter: 0, device: "newer")
        let visit = SyncRecord(collection: "vetVisits", key: "v1", life: 1, lifeStamp: stamp,
                               values: ["": .init(stamp: stamp, json: #"{"clinic":"Noord"}"#)])
        _ = try await server.push(SyncPush(key: "k3", timeZone: nil, records: [visit]))
        let phone = WellnessRepositories.inMemory()
        _ = try await sync(phone, server)
        #expect(try await phone.syncLog?.records(in: "vetVisits") == [visit])
    }

    @Test func aRestoredStoreIsANewDeviceWhoseCopiesLoseToTheServersDeletes() async throws {
        let server = try Server(clock: clock)
        let laptop = WellnessRepositories.inMemory()
        let walks = laptop.records.repository(for: WalkRecords.self)
        let kept = try Walk(start: Fixtures.instant("2026-11-22T08:00:00Z"), minutes: 30)
        let removed = try Walk(start: Fixtures.instant("2026-11-22T18:00:00Z"), minutes: 20)
        try await walks.save(kept)
        try await walks.save(removed)
        _ = try await sync(laptop, server)
        let archive = ByteSink()
        try await BackUpStore(stores: laptop).execute(to: archive.append)
        _ = try await walks.remove(removed.id)
        _ = try await sync(laptop, server)

        let restored = WellnessRepositories.inMemory()
        _ = try await RestoreStore(stores: restored).execute(from: InMemoryByteSource(archive.bytes))
        let mine = try Walk(start: Fixtures.instant("2026-11-23T08:00:00Z"), minutes: 45)
        try await restored.records.repository(for: WalkRecords.self).save(mine)
        _ = try await sync(restored, server)
        _ = try await sync(laptop, server)

        let expected = Set([kept.id, mine.id])
        #expect(Set(try await restored.records.repository(for: WalkRecords.self).all().map(\.id)) == expected)
        #expect(Set(try await walks.all().map(\.id)) == expected)
    }

    @Test func aDeviceAwayLongerThanTombstonesAreKeptPullsEverythingAndDropsWhatWasDeleted() async throws {
        let server = try Server(clock: clock)
        let laptop = WellnessRepositories.inMemory()
        let phone = WellnessRepositories.inMemory()
        let walks = laptop.records.repository(for: WalkRecords.self)
        let kept = try Walk(start: Fixtures.instant("2026-11-22T08:00:00Z"), minutes: 30)
        let deleted = try Walk(start: Fixtures.instant("2026-11-22T18:00:00Z"), minutes: 20)
        try await walks.save(kept)
        try await walks.save(deleted)
        _ = try await sync(laptop, server)
        _ = try await sync(phone, server)
        _ = try await walks.remove(deleted.id)
        _ = try await sync(laptop, server)

        // Three months later the server forgets the delete; the laptop, which has it, syncs on.
        clock.set(clock.now().addingTimeInterval(ServeSync.tombstoneRetention + 86_400))
        let laptopReport = try await sync(laptop, server)
        #expect(laptopReport.dropped.isEmpty)
        #expect(try await server.stores.syncLog?.records(in: WalkRecords.collection).count == 1, "the tombstone is gone")

        // The phone was away all that time, and walked meanwhile.
        let offline = try Walk(start: Fixtures.instant("2026-11-25T08:00:00Z"), minutes: 45)
        try await phone.records.repository(for: WalkRecords.self).save(offline)
        try await SyncReplica(stores: phone, role: .device, clock: clock).capture()
        let phoneReport = try await sync(phone, server)
        #expect(phoneReport.dropped == [WalkRecords.collection: 1])
        _ = try await sync(laptop, server)

        let expected = Set([kept.id, offline.id])
        for stores in [laptop, phone, server.stores] {
            #expect(Set(try await stores.records.repository(for: WalkRecords.self).all().map(\.id)) == expected)
        }
        // Done: the next sync pulls changes only again.
        #expect(try await sync(phone, server).received.isEmpty)
    }

    /// A server that, asked for its first page, lets the device's app write first.
    final class WritingRemote: SyncRemote, @unchecked Sendable {
        let server: Server
        let write: @Sendable () async throws -> Void
        private let lock = NSLock()
        private var wrote = false

        init(server: Server, write: @escaping @Sendable () async throws -> Void) {
            self.server = server
            self.write = write
        }

        func push(_ batch: SyncPush) async throws -> SyncPushAnswer { try await server.push(batch) }

        func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
            if lock.withLock({ defer { wrote = true }; return !wrote }) { try await write() }
            return try await server.pull(after: cursor, limit: limit, timeZone: timeZone)
        }
    }

    /// A write made while a sync pulls is taken note of before a page is merged over it, also
    /// when the store meanwhile reports a restore ("anything may have changed", which must not
    /// read as "nothing changed").
    @Test(arguments: [false, true])
    func aWriteMadeWhileASyncPullsIsTakenNoteOfBeforeAPageIsMergedOverIt(alongsideARestore: Bool) async throws {
        let server = try Server(clock: clock)
        let day = self.day
        let phone = WellnessRepositories.inMemory()
        try await phone.journals.update(day) { $0 = DailyJournal(day: day, notes: "from the phone", tags: []) }
        _ = try await sync(phone, server)
        clock.set(clock.now().addingTimeInterval(60))

        // The laptop's app writes the day's notes while the laptop's first sync pulls the phone's.
        let laptop = WellnessRepositories.inMemory()
        let remote = WritingRemote(server: server) {
            try await laptop.journals.update(day) { $0 = DailyJournal(day: day, notes: "from the laptop", tags: []) }
            if alongsideARestore { laptop.changes.reportEverything() }
        }
        _ = try await SyncWithServer(stores: laptop, remote: remote, clock: clock, timeZone: nil).execute()
        #expect(try await laptop.journals.journals(on: day...day).first?.notes == "from the laptop")
        _ = try await sync(laptop, server)
        _ = try await sync(phone, server)
        #expect(try await phone.journals.journals(on: day...day).first?.notes == "from the laptop")
    }

    /// A sync log whose saves fail while told to: a process stopped between writing what it
    /// received into the store and into the log (a full disk, a killed process).
    final class FailingLog: SyncLogRepository, @unchecked Sendable {
        let base: any SyncLogRepository
        private let lock = NSLock()
        private var failing = false

        init(_ base: any SyncLogRepository) { self.base = base }

        func failSaves(_ fail: Bool) { lock.withLock { failing = fail } }

        struct Stopped: Error {}

        func records(in collection: RecordCollection) async throws -> [SyncRecord] { try await base.records(in: collection) }
        func records(in collection: RecordCollection, keys: [String]) async throws -> [SyncRecord] {
            try await base.records(in: collection, keys: keys)
        }
        func save(_ records: [SyncRecord], pending: Bool) async throws {
            if lock.withLock({ failing }) { throw Stopped() }
            try await base.save(records, pending: pending)
        }
        func pending(limit: Int) async throws -> [SyncRecord] { try await base.pending(limit: limit) }
        func markSent(_ records: [SyncRecord]) async throws { try await base.markSent(records) }
        func changes(after sequence: Int64, limit: Int) async throws -> [SequencedSyncRecord] {
            try await base.changes(after: sequence, limit: limit)
        }
        func removeTombstones(stampedBefore time: Int64) async throws -> Int64? {
            try await base.removeTombstones(stampedBefore: time)
        }
        func value(_ name: String) async throws -> String? { try await base.value(name) }
        func setValue(_ value: String?, for name: String) async throws { try await base.setValue(value, for: name) }
        func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T { try await base.exclusively(body) }
    }

    /// The phone's 30-minute walk, which the laptop wrote into its store and then stopped
    /// before its log had it.
    func walkHalfReceived() async throws -> (server: Server, phone: WellnessRepositories, laptop: WellnessRepositories,
                                            walk: Walk) {
        let server = try Server(clock: clock)
        let phone = WellnessRepositories.inMemory()
        var laptop = WellnessRepositories.inMemory()
        let log = FailingLog(laptop.syncLog!)
        laptop.syncLog = log
        _ = try await sync(laptop, server)
        let walk = try Walk(start: Fixtures.instant("2026-11-22T08:00:00Z"), minutes: 30)
        try await phone.records.repository(for: WalkRecords.self).save(walk)
        _ = try await sync(phone, server)
        log.failSaves(true)
        await #expect(throws: FailingLog.Stopped.self) { try await sync(laptop, server) }
        log.failSaves(false)
        #expect(try await laptop.records.repository(for: WalkRecords.self).all().map(\.minutes) == [30])
        return (server, phone, laptop, walk)
    }

    @Test func aReceiveStoppedBetweenTheStoreAndTheLogIsUndoneAndNeverSentAsThisDevicesEdit() async throws {
        let (server, phone, laptop, walk) = try await walkHalfReceived()
        // Later, the phone corrects the walk.
        clock.set(clock.now().addingTimeInterval(60))
        try await phone.records.repository(for: WalkRecords.self).save(try Walk(id: walk.id, start: walk.start, minutes: 45))
        _ = try await sync(phone, server)

        // The laptop's next sync does not stamp the walk it half received as its own new edit
        // (which would have won over the phone's later correction): it takes the correction.
        clock.set(clock.now().addingTimeInterval(60))
        let report = try await sync(laptop, server)
        #expect(report.sent.isEmpty, "\(report.sent)")
        _ = try await sync(phone, server)
        for stores in [laptop, phone, server.stores] {
            #expect(try await stores.records.repository(for: WalkRecords.self).all().map(\.minutes) == [45])
        }
    }

    @Test func anEditMadeAfterAReceiveWasStoppedIsKeptAndSent() async throws {
        let (server, phone, laptop, walk) = try await walkHalfReceived()
        // Before the laptop syncs again, its person corrects the walk it half received.
        clock.set(clock.now().addingTimeInterval(60))
        try await laptop.records.repository(for: WalkRecords.self).save(try Walk(id: walk.id, start: walk.start, minutes: 50))
        let report = try await sync(laptop, server)
        #expect(report.sent[WalkRecords.collection] == 1, "the correction is this device's change")
        _ = try await sync(phone, server)
        for stores in [laptop, phone, server.stores] {
            #expect(try await stores.records.repository(for: WalkRecords.self).all().map(\.minutes) == [50])
        }
    }

    @Test func aPageOfLargeRecordsStopsNearItsByteBound() async throws {
        let server = try Server(clock: clock)
        let stamp = SyncStamp(time: 1, counter: 0, device: "phone")
        // Ten records as large as a document chunk's JSON, of a kind this version passes on.
        let large = "\"" + String(repeating: "A", count: 1_398_104) + "\""
        let records = (0..<10).map { index in
            SyncRecord(collection: "laterKind", key: "chunk \(index)", life: 1, lifeStamp: stamp,
                       values: ["": .init(stamp: stamp, json: large)])
        }
        for (index, record) in records.enumerated() {
            _ = try await server.push(SyncPush(key: "k\(index)", timeZone: nil, records: [record]))
        }
        let first = try await server.pull(after: 0, limit: 1000, timeZone: nil)
        let bytes = first.records.reduce(0) { $0 + ($1.values[""]?.json?.utf8.count ?? 0) }
        #expect(!first.records.isEmpty && bytes <= ServeSync.maximumPageBytes && first.more)
        var cursor = first.cursor
        var keys = first.records.map(\.key)
        for _ in 0..<20 {
            let page = try await server.pull(after: cursor, limit: 1000, timeZone: nil)
            keys += page.records.map(\.key)
            cursor = page.cursor
            if !page.more { break }
        }
        #expect(keys.filter { $0.hasPrefix("chunk") }.count == 10)
    }
}
