import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `SyncLogRepository` adapter keeps: records come back exactly as saved, one
/// per collection and key; every save numbers its records after every number given before (a
/// record saved again moves to the end of the changes); pending marks are set by a save and
/// cleared only for records unchanged since they were read; named values are set, replaced and
/// removed; a save of many records is one transaction; all of it is what a second handle reads;
/// and one sync of the store runs at a time, through any handle, its own nested calls at once.
public enum SyncLogRepositoryContract {
    typealias Case = ContractCase<any SyncLogRepository>

    /// Every rule of the contract; `SyncLogRepository.exclusively(_:)` holds against every other
    /// handle of its store (a second process's).
    public static let cases: [ContractCase<any SyncLogRepository>] = [
        emptyIsEmpty, roundTrip, replaces, sequenceNumbers, paging, pendingInOrder, markSentClearsUnchanged,
        savedAsSentClears, namedValues, continuesAfterReopen, manyInOneTransaction, oldTombstonesRemoved,
        oneSyncAtATime,
    ]

    // MARK: - Fixtures

    /// Keys as kinds describe records, with what a careless adapter mangles: unicode, spaces,
    /// brackets, quotes, a `%`, case.
    static let keys = ["2026-11-20", "Zoë \"Mam\" — 👩‍👩‍👧", "with space", "field[KEY]", "100%_done", "Walk", "walk"]

    static func stamp(_ time: Int64, _ counter: UInt32 = 0, device: String = "4f1c-device-a") -> SyncStamp {
        SyncStamp(time: time, counter: counter, device: device)
    }

    /// A record that is there (life 1 unless given), its values each with their own stamp.
    static func record(_ collection: RecordCollection = "walks", _ key: String, life: UInt64 = 1,
                       at time: Int64 = 1_764_300_000_000, values: [String: String?] = ["": #"{"minutes":30}"#]) -> SyncRecord {
        var stamped: [String: SyncRecord.Value] = [:]
        for (offset, (name, json)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            stamped[name] = SyncRecord.Value(stamp: stamp(time + Int64(offset), UInt32(offset), device: "device-\(offset)"),
                                             json: json)
        }
        return SyncRecord(collection: collection, key: key, life: life, lifeStamp: stamp(time - 1), values: stamped)
    }

    /// A deleted record: an even life, no values.
    static func tombstone(_ collection: RecordCollection = "walks", _ key: String, life: UInt64 = 2) -> SyncRecord {
        SyncRecord(collection: collection, key: key, life: life, lifeStamp: stamp(1_764_400_000_000, 7), values: [:])
    }

    static func byKey(_ records: [SyncRecord]) -> [SyncRecord] {
        records.sorted { $0.key < $1.key }
    }

    // MARK: - Cases

    static let emptyIsEmpty = Case("a new store's log holds nothing") { factory in
        let store = try await factory.make()
        let log = store.subject
        #expect(try await log.records(in: "walks").isEmpty)
        #expect(try await log.records(in: "walks", keys: keys).isEmpty)
        #expect(try await log.pending(limit: 10).isEmpty)
        #expect(try await log.changes(after: 0, limit: 10).isEmpty)
        #expect(try await log.value("device") == nil)
    }

    static let roundTrip = Case("records come back exactly as saved, by collection and by keys") { factory in
        let store = try await factory.make()
        let fields = record("moods", keys[1], life: 3, values: [
            "score": "4", "note": #""Zoë said \"hi\" — 👋 / ok""#, "tags[\"calm\"]": #""calm""#, "tags[\"tired\"]": nil,
        ])
        // Whole records whose text looks like a stamp and a space, or holds spaces and lines;
        // a whole record's value removed, and one alongside another value.
        let odd = [record("notes", "spaces", values: ["": #"  "= 1.0.a {} \n"  "#]),
                   record("notes", "equals", values: ["": "=1.0.device-a {}\n\t"]),
                   record("notes", "removed", values: ["": nil]),
                   record("notes", "two", values: ["": "1", "x": "2"]),
                   record("notes", "empty", values: ["": ""])]
        let saved = keys.map { record("walks", $0) } + [fields, tombstone("moods", "2026-11-19", life: 4)] + odd
        try await store.subject.save(saved, pending: true)
        let reopened = try await store.reopen()
        #expect(try await byKey(reopened.records(in: "walks")) == byKey(saved.filter { $0.collection == "walks" }))
        #expect(try await byKey(reopened.records(in: "notes")) == byKey(odd))
        #expect(try await byKey(reopened.records(in: "moods")) == byKey([fields, tombstone("moods", "2026-11-19", life: 4)]))
        #expect(try await reopened.records(in: "moods", keys: [keys[1]]) == [fields])
        let someWalks = try await reopened.records(in: "walks", keys: [keys[1], keys[3], "absent", keys[1], keys[5]])
        #expect(byKey(someWalks) == byKey([record("walks", keys[1]), record("walks", keys[3]), record("walks", keys[5])]),
                "each record once, keys compared exactly (Walk is not walk)")
        #expect(try await reopened.records(in: "walks", keys: []).isEmpty)
        #expect(try await reopened.records(in: "journals").isEmpty)
        let deleted = try #require(try await reopened.records(in: "moods", keys: ["2026-11-19"]).first)
        #expect(deleted.life == 4 && !deleted.isPresent && deleted.values.isEmpty)
        #expect(deleted.lifeStamp == stamp(1_764_400_000_000, 7))
    }

    static let replaces = Case("a save replaces the record of its collection and key, and no other") { factory in
        let store = try await factory.make()
        let log = store.subject
        try await log.save([record("walks", "a"), record("walks", "b"), record("moods", "a")], pending: true)
        let newer = record("walks", "a", life: 1, at: 1_764_500_000_000, values: ["": #"{"minutes":45}"#])
        try await log.save([newer], pending: false)
        let walks = byKey(try await store.reopen().records(in: "walks"))
        #expect(walks == [newer, record("walks", "b")])
        #expect(try await log.records(in: "moods") == [record("moods", "a")])
        let deleted = tombstone("walks", "a")
        try await log.save([deleted], pending: true)
        #expect(try await log.records(in: "walks", keys: ["a"]) == [deleted])
        #expect(try await log.changes(after: 0, limit: 10).count == 3, "one entry per collection and key")
    }

    static let sequenceNumbers = Case("each save numbers its records after every earlier one, a replaced record last")
    { factory in
        let store = try await factory.make()
        let log = store.subject
        let a = record("walks", "a"), b = record("walks", "b"), c = record("moods", "c")
        try await log.save([a, b], pending: true)
        #expect(try await log.changes(after: 0, limit: 10) == [SequencedSyncRecord(sequence: 1, record: a),
                                                               SequencedSyncRecord(sequence: 2, record: b)])
        try await log.save([c], pending: false)
        let a2 = record("walks", "a", at: 1_764_600_000_000)
        try await log.save([a2], pending: true)
        let changes = try await store.reopen().changes(after: 0, limit: 10)
        #expect(changes.map(\.record) == [b, c, a2])
        #expect(changes.map(\.sequence) == [2, 3, 4])
        try await log.save([a2], pending: true)
        #expect(try await log.changes(after: 0, limit: 10).map(\.sequence) == [2, 3, 5],
                "a save of the same record takes a new number")
    }

    static let paging = Case("changes(after:limit:) pages by sequence number") { factory in
        let store = try await factory.make()
        let log = store.subject
        let records = keys.map { record("walks", $0) }
        try await log.save(records, pending: true)
        var seen: [SequencedSyncRecord] = []
        var after: Int64 = 0
        var pages = 0
        while true {
            let page = try await log.changes(after: after, limit: 3)
            #expect(page.count <= 3)
            guard let last = page.last else { break }
            seen += page
            after = last.sequence
            pages += 1
            #expect(pages <= keys.count, "paging ends")
            if pages > keys.count { break }
        }
        #expect(pages == 3)
        #expect(seen.map(\.record) == records)
        #expect(seen.map(\.sequence) == Array(1...Int64(records.count)))
        #expect(try await log.changes(after: 0, limit: 0).isEmpty)
        #expect(try await log.changes(after: 5, limit: 100).map(\.sequence) == [6, 7])
        #expect(try await log.changes(after: 7, limit: 100).isEmpty)
        #expect(try await log.changes(after: -1, limit: 1).map(\.sequence) == [1])
    }

    static let pendingInOrder = Case("pending(limit:) gives only pending records, by sequence number") { factory in
        let store = try await factory.make()
        let log = store.subject
        let a = record("walks", "a"), b = record("moods", "b"), c = record("walks", "c"), d = record("walks", "d")
        try await log.save([a, b], pending: true)
        try await log.save([c], pending: false)
        try await log.save([d], pending: true)
        #expect(try await log.pending(limit: 10) == [a, b, d])
        #expect(try await log.pending(limit: 2) == [a, b])
        #expect(try await log.pending(limit: 0).isEmpty)
        try await log.save([a], pending: true)
        #expect(try await store.reopen().pending(limit: 10) == [b, d, a], "a record saved again is pending after the others")
    }

    static let markSentClearsUnchanged = Case("markSent clears only records still held exactly as given") { factory in
        let store = try await factory.make()
        let log = store.subject
        let a = record("walks", "a"), b = record("walks", "b"), c = record("moods", "a")
        try await log.save([a, b, c], pending: true)
        let sending = try await log.pending(limit: 10)
        #expect(sending == [a, b, c])
        let changes = try await log.changes(after: 0, limit: 10)
        let a2 = record("walks", "a", at: 1_764_700_000_000, values: ["": #"{"minutes":31}"#])
        try await log.save([a2], pending: true)  // changed while the others were being sent
        try await log.markSent(sending)
        #expect(try await store.reopen().pending(limit: 10) == [a2])
        #expect(try await log.changes(after: 0, limit: 10)
                    == Array(changes.dropFirst()) + [SequencedSyncRecord(sequence: 4, record: a2)],
                "marking sent moves nothing")
        try await log.markSent([record("walks", "a", at: 1_764_700_000_000, values: ["": #"{"minutes":99}"#])])
        #expect(try await log.pending(limit: 10) == [a2], "a record with other values is not the one held")
        try await log.markSent([record("moods", "a", at: 1_764_700_000_000, values: ["": #"{"minutes":31}"#]),
                                record("walks", "absent")])
        #expect(try await log.pending(limit: 10) == [a2])
        try await log.markSent([a2])
        #expect(try await log.pending(limit: 10).isEmpty)
        #expect(try await log.records(in: "walks", keys: ["a"]) == [a2], "the record stays")
    }

    static let savedAsSentClears = Case("saving a pending record as not pending clears its mark") { factory in
        let store = try await factory.make()
        let log = store.subject
        let a = record("walks", "a"), b = record("walks", "b")
        try await log.save([a, b], pending: true)
        let merged = record("walks", "a", at: 1_764_800_000_000)
        try await log.save([merged], pending: false)
        #expect(try await store.reopen().pending(limit: 10) == [b])
        #expect(try await log.changes(after: 0, limit: 10).map(\.record) == [b, merged])
        try await log.save([b], pending: true)
        #expect(try await log.pending(limit: 10) == [b])
    }

    static let namedValues = Case("named values are set, replaced and removed, on their own and several at once") { factory in
        let store = try await factory.make()
        let log = store.subject
        try await log.setValue("4f1c-device-a", for: "device")
        try await log.setValue("1764300000000.0.4f1c-device-a", for: "clock")
        try await log.setValue("cursor ✓ [1] \"q\"", for: "server cursor")
        #expect(try await store.reopen().value("device") == "4f1c-device-a")
        try await log.setValue("1764300000001.0.4f1c-device-a", for: "clock")
        try await log.setValue(nil, for: "device")
        try await log.setValue(nil, for: "never set")
        let reopened = try await store.reopen()
        #expect(try await reopened.value("device") == nil)
        #expect(try await reopened.value("clock") == "1764300000001.0.4f1c-device-a")
        #expect(try await reopened.value("server cursor") == "cursor ✓ [1] \"q\"")
        #expect(try await reopened.value("Clock") == nil, "names are compared exactly")
        try await log.setValue("", for: "empty")
        #expect(try await reopened.value("empty") == "", "an empty value is a value")
        #expect(try await log.records(in: "walks").isEmpty, "values are not records")
        #expect(try await log.changes(after: 0, limit: 10).isEmpty, "values are not changes")
        // Several at once: set, replaced and removed together.
        try await log.setValues(["clock": "1764300000002.0.4f1c-device-a", "applying": #"{"walks":["a"]}"#, "empty": nil])
        #expect(try await reopened.value("clock") == "1764300000002.0.4f1c-device-a")
        #expect(try await reopened.value("applying") == #"{"walks":["a"]}"#)
        #expect(try await reopened.value("empty") == nil)
        try await log.setValues(["applying": nil, "server cursor": "2"])
        #expect(try await reopened.value("applying") == nil)
        #expect(try await reopened.value("server cursor") == "2")
        try await log.setValues([:])
        #expect(try await reopened.value("server cursor") == "2")
    }

    static let continuesAfterReopen = Case("a second handle reads the log and numbers its saves after the first's")
    { factory in
        let store = try await factory.make()
        let a = record("walks", "a"), b = record("walks", "b")
        try await store.subject.save([a, b], pending: true)
        try await store.subject.markSent([a])
        let second = try await store.reopen()
        #expect(try await second.pending(limit: 10) == [b])
        let c = record("walks", "c")
        try await second.save([c], pending: true)
        #expect(try await store.subject.changes(after: 0, limit: 10).map(\.sequence) == [1, 2, 3])
        #expect(try await store.subject.pending(limit: 10) == [b, c])
    }

    static let manyInOneTransaction = Case("a save of 2,000 records is one transaction, numbered in order") { factory in
        let store = try await factory.make()
        let log = store.subject
        let records = (0..<2_000).map { index in
            index % 10 == 9 ? tombstone("walks", "walk \(index) [ü]", life: 2)
                : record("walks", "walk \(index) [ü]", at: 1_764_300_000_000 + Int64(index),
                         values: ["minutes": "\(index)", "route[\"park\"]": #""park""#])
        }
        let reader = try await store.reopen()
        let saving = Task { try await log.save(records, pending: true) }
        var seen: Set<Int> = []
        for _ in 0..<20 {
            seen.insert(try await reader.records(in: "walks").count)
            if seen.contains(records.count) { break }
        }
        try await saving.value
        #expect(seen.isSubset(of: [0, records.count]), "a reader sees none or all of one save, saw counts \(seen.sorted())")
        #expect(byKey(try await reader.records(in: "walks")) == byKey(records))
        let changes = try await reader.changes(after: 0, limit: 5_000)
        #expect(changes.map(\.sequence) == Array(1...2_000))
        #expect(changes.map(\.record) == records)
        #expect(try await reader.pending(limit: 5_000).count == 2_000)
        let wanted = records.map(\.key)
        #expect(try await reader.records(in: "walks", keys: wanted).count == 2_000)
        try await log.markSent(Array(records.prefix(1_500)))
        #expect(try await reader.pending(limit: 5_000) == Array(records.suffix(500)))
    }

    static let oldTombstonesRemoved = Case("tombstones sent and stamped before a time are removed; the rest stay") { factory in
        let store = try await factory.make()
        func deleted(_ key: String, at time: Int64) -> SyncRecord {
            SyncRecord(collection: "walks", key: key, life: 2, lifeStamp: stamp(time), values: [:])
        }
        try await store.subject.save([deleted("old", at: 100), record("walks", "there", at: 50)], pending: false)
        try await store.subject.save([deleted("old but unsent", at: 100)], pending: true)
        try await store.subject.save([deleted("recent", at: 300), deleted("old too", at: 199)], pending: false)
        #expect(try await store.subject.removeTombstones(stampedBefore: 200) == 5)
        let reopened = try await store.reopen()
        #expect(Set(try await reopened.records(in: "walks").map(\.key)) == ["there", "old but unsent", "recent"])
        #expect(try await reopened.removeTombstones(stampedBefore: 200) == nil)
        #expect(try await reopened.changes(after: 0, limit: 10).map(\.sequence) == [2, 3, 4])
    }

    static let oneSyncAtATime = Case("one sync at a time, through any handle; a holder's nested call runs at once") { factory in
        let store = try await factory.make()
        let first = store.subject
        let second = try await store.reopen()
        let trace = Trace()
        let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
        let (calling, callingSignal) = AsyncStream<Void>.makeStream()
        async let holder: Void = first.exclusively {
            await trace.add("first in")
            enteredSignal.yield()
            for await _ in calling { break }
            // The second handle is asking now; it must wait until this holder is done.
            try await Task.sleep(for: .milliseconds(150))
            try await first.exclusively { await trace.add("first nested") }
            await trace.add("first out")
        }
        for await _ in entered { break }
        async let waiter: Void = second.exclusively { await trace.add("second in") }
        callingSignal.yield()
        _ = try await (holder, waiter)
        #expect(await trace.events == ["first in", "first nested", "first out", "second in"])
        // Held and let go, even when the body throws: the next call runs.
        await #expect(throws: Refused.self) { try await second.exclusively { throw Refused() } }
        try await first.exclusively { await trace.add("again") }
        #expect(await trace.events.last == "again")
    }
}

/// Events in the order they happened.
actor Trace {
    private(set) var events: [String] = []

    func add(_ event: String) { events.append(event) }
}
