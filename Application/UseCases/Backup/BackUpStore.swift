import Foundation
import WellnessDomain

/// Writes every record of a store as a backup archive (``BackupArchive``), collection by
/// collection in a fixed order, so the same store always gives the same bytes. Weigh-ins stream
/// from the store to `write`; the other collections are read one at a time.
///
/// Each collection is read in one step of its store; a change made by another process while a
/// backup runs may be in it or not, collection by collection.
public struct BackUpStore: Sendable {
    let stores: BackupRepositories

    /// A use case reading `stores`.
    public init(stores: BackupRepositories) {
        self.stores = stores
    }

    /// Writes the archive to `write` (about 64 KB at a time) and returns how many records of
    /// each collection it holds.
    @discardableResult
    public func execute(to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> BackupCounts {
        let writer = LockedWriter(BackupArchiveWriter(write: write))
        let settings = try await settings()
        try writer.run { try $0.begin(settings: settings) }
        for record in try await records(before: .weights) { try writer.run { try $0.append(record) } }
        try await stores.weights.forEachEntry { entry in try writer.run { try $0.append(.weight(entry)) } }
        let samples = try await stores.health.samples(of: Set(HealthSampleKind.allCases),
                                                      startingIn: BackupRepositories.allTime)
        for sample in samples.sorted(by: HealthSample.order) { try writer.run { try $0.append(.health(sample)) } }
        return try writer.run { writer in
            try writer.finish()
            return writer.counts
        }
    }

    /// How many records of each collection the store holds, and its settings.
    public func contents() async throws -> StoreContents {
        var counts = BackupCounts()
        for record in try await records(before: .weights) { counts[record.collection] += 1 }
        let weights = LockedWriter(0)
        try await stores.weights.forEachEntry { _ in weights.run { $0 += 1 } }
        counts[.weights] = weights.run { $0 }
        counts[.health] = try await stores.health.samples(of: Set(HealthSampleKind.allCases),
                                                          startingIn: BackupRepositories.allTime).count
        return StoreContents(counts: counts, settings: try await settings())
    }

    func settings() async throws -> BackupSettings {
        BackupSettings(tier: try await stores.tier.tier(), moduleSettings: try await stores.moduleSettings.load(),
                       dogProfile: try await stores.dogProfile.load(), supplementStack: try await stores.supplements.stack(),
                       exerciseLibrary: try await stores.exercises.library(),
                       checkinsPausedUntil: try await stores.checkinQueue.pausedUntil())
    }

    /// The records of the collections before `end`, each collection in its archive order.
    private func records(before end: BackupCollection) async throws -> [BackupRecord] {
        let days = BackupRepositories.allDays
        var records: [BackupRecord] = []
        records += try await stores.supplements.logs(on: days)
            .sorted { ($0.day, $0.supplementID.description) < ($1.day, $1.supplementID.description) }
            .map(BackupRecord.supplementLog)
        let goals = try await stores.goals.all()
            .sorted { ($0.createdAt, $0.id.description) < ($1.createdAt, $1.id.description) }
        records += goals.map(BackupRecord.goal)
        for goal in goals {
            // The tips as kept: `stale` says how tips were served, and is not part of what is stored.
            if let tips = try await stores.tipsCache.cached(for: goal.id) {
                records.append(.goalTips(GoalTips(goalID: tips.goalID, generatedAt: tips.generatedAt, tips: tips.tips,
                                                  source: tips.source)))
            }
        }
        records += try await stores.journals.journals(on: days).sorted { $0.day < $1.day }.map(BackupRecord.journal)
        records += try await stores.moods.moods(on: days).sorted { $0.day < $1.day }.map(BackupRecord.mood)
        records += try await stores.checkins.checkins(on: days).sorted { $0.day < $1.day }.map(BackupRecord.checkin)
        // The queue keeps its order: it is the order check-ins are sent in.
        records += try await stores.checkinQueue.all().map(BackupRecord.queuedCheckin)
        records += try await stores.interventionLog.completions(on: days)
            .sorted { ($0.day, $0.timestamp, $0.id.description) < ($1.day, $1.timestamp, $1.id.description) }
            .map(BackupRecord.completion)
        records += try await stores.interventionLog.decisions(on: days)
            .sorted { ($0.day, $0.interventionID.description) < ($1.day, $1.interventionID.description) }
            .map(BackupRecord.decision)
        records += try await stores.nudgeSnoozes.all().sorted { $0.nudgeID < $1.nudgeID }.map(BackupRecord.nudgeSnooze)
        return records.filter { $0.collection < end }
    }
}

/// A value used from `@Sendable` callbacks that a store calls one at a time.
final class LockedWriter<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func run<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

}
