#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import Testing
import WellnessApplication
import WellnessDomain
import WellnessFileSystem
import WellnessJSONFile
import WellnessSQLite
import WellnessStoreState
import WellnessTestSupport

/// A queued check-in claimed by a flush whose process ended (killed, or interrupted before it
/// released the claim) is free at once for the next process, not after the 120-s claim lifetime.
@Suite("The queue's claims belong to a process")
struct QueueClaimProcessTests {
    static let now = Fixtures.instant("2026-11-20T10:00:00Z")

    static func item() throws -> QueuedCheckin {
        QueuedCheckin(checkin: try Checkin(day: Fixtures.day("2026-11-19"), energy: 3, stress: 3, social: 3),
                      queuedAt: now)
    }

    /// The identifier of a process that has ended: a child that exited and was waited for.
    static func endedProcess() throws -> Int32 {
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 0"], environment: [:], input: nil)
        _ = child.wait()
        close(child.standardOutput)
        close(child.standardError)
        return child.pid
    }

    @Test("a process's liveness: this one runs, an ended child does not")
    func liveness() throws {
        #expect(ProcessLiveness.isRunning(ProcessLiveness.current))
        #expect(!ProcessLiveness.isRunning(try Self.endedProcess()))
        #expect(!ProcessLiveness.isRunning(0))
    }

    @Test("the JSON and memory queues' state: a claim of a process no longer running is dropped, a running one's holds")
    func state() throws {
        var state = CheckinQueueState()
        let item = try Self.item()
        state.enqueue(item)
        #expect(state.claimNext(flush: UUID(), now: Self.now, excluding: [], lifetime: 120, process: 41,
                                isRunning: { _ in true }) == item)
        #expect(state.claimNext(flush: UUID(), now: Self.now, excluding: [], lifetime: 120, process: 42,
                                isRunning: { _ in true }) == nil, "claimed by a running process")
        #expect(state.claimNext(flush: UUID(), now: Self.now, excluding: [], lifetime: 120, process: 42,
                                isRunning: { $0 != 41 }) == item, "the claimer ended: free at once")
    }

    @Test("the JSON file queue: a claim of an ended process is free for the next flush")
    func jsonFile() async throws {
        let directory = try TemporaryDirectory()
        let queue = JSONFileCheckinQueueRepository(store: try JSONFileStore(directory: directory.url))
        try await queue.enqueue(try Self.item())
        let claimed = try await queue.claimNext(flush: UUID(), now: Self.now, excluding: [])
        #expect(claimed != nil)
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == nil,
                "held by this process, which runs")
        // Rewrite the claim as another process's that has ended, as a killed `wellness` leaves it.
        let file = directory.url.appendingPathComponent("checkin-queue.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let ended = try Self.endedProcess()
        let rewritten = text.replacingOccurrences(of: #""process" : \#(ProcessLiveness.current)"#,
                                                  with: #""process" : \#(ended)"#)
        try #require(rewritten != text, "the claim names its process: \(text)")
        try Data(rewritten.utf8).write(to: file)
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == claimed)
    }

    @Test("the SQLite queue: a claim of an ended process is free for the next flush; one without a process waits out its lifetime")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let queue = SQLiteCheckinQueueRepository(database: try SQLiteDatabase(file: file))
        let item = try Self.item()
        try await queue.enqueue(item)
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == item)
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == nil,
                "held by this process, which runs")
        let raw = try DatabaseQueue(path: file.path)
        let ended = try Self.endedProcess()
        try await raw.write { db in
            try db.execute(sql: "UPDATE checkinQueue SET claimFlush = ?", arguments: ["\(UUID().uuidString.lowercased())/\(ended)"])
        }
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == item, "its process ended")
        try await raw.write { db in
            try db.execute(sql: "UPDATE checkinQueue SET claimFlush = ?", arguments: [UUID().uuidString.lowercased()])
        }
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now, excluding: []) == nil,
                "a claim written before processes were recorded holds until it expires")
        #expect(try await queue.claimNext(flush: UUID(), now: Self.now.addingTimeInterval(121), excluding: []) == item)
    }
}
