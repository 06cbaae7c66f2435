import Foundation
import WellnessDomain

/// Restores a backup archive into an empty store: reads it as a stream, checks every record
/// (``BackupArchiveReader``), and writes the weigh-ins and health samples in one transaction of
/// the store as they come, then the other collections.
///
/// An archive with anything wrong in it (a newer version, a missing field, a duplicate, a record
/// naming one that is not there) throws ``BackupError`` before the first write of the other
/// collections and rolls back the weigh-ins and samples, so nothing is written. A failure of the
/// store itself half-way (a full disk) can leave part of the archive written: to replace a store
/// all or nothing, restore into a new one and move its contents in at once, as `Wellness` does.
public struct RestoreStore: Sendable {
    let stores: BackupRepositories
    let location: String

    /// `location` names the store in messages.
    public init(stores: BackupRepositories, location: String) {
        self.stores = stores
        self.location = location
    }

    /// Restores the archive `source` reads; throws ``RestoreError/notEmpty(location:holds:)``
    /// when the store holds anything. Returns how many records of each collection were restored.
    @discardableResult
    public func execute(from source: any ByteSource, progress: (@Sendable (Int) -> Void)? = nil) async throws
        -> BackupCounts {
        let contents = try await BackUpStore(stores: stores).contents()
        guard contents.isEmpty else { throw RestoreError.notEmpty(location: location, holds: contents.summary) }
        let rest = try await stores.health.importSamples { inserter in
            var run = Run(inserter: inserter)
            var reader = BackupArchiveReader()
            var bytes = 0
            while let chunk = try source.nextChunk() {
                try reader.consume(chunk) { try run.handle($0) }
                bytes += chunk.count
                progress?(bytes)
            }
            try reader.finish()
            run.rest.counts = reader.counts
            return run.rest
        }
        try await write(rest)
        return rest.counts
    }

    /// Everything but the weigh-ins and samples, kept until their transaction is done.
    struct Rest: Sendable {
        var settings = BackupSettings()
        var records: [BackupRecord] = []
        var counts = BackupCounts()
    }

    private struct Run {
        let inserter: any HealthInserting
        var rest = Rest()

        mutating func handle(_ content: BackupArchiveReader.Content) throws {
            switch content {
            case .settings(let settings):
                rest.settings = settings
            case .record(.weight(let entry), let place):
                // The store holds one weigh-in per minute and weight: a second is refused, not dropped.
                guard try inserter.weights.insert([entry]) == 1 else {
                    throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                                identity: "\(Timestamp.format(entry.date)) \(entry.kilograms) kg")
                }
            case .record(.health(let sample), let place):
                guard try inserter.insert([sample]) == 1 else {
                    throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                                identity: BackupRecord.health(sample).identity)
                }
            case .record(let record, _):
                rest.records.append(record)
            }
        }
    }

    private func write(_ rest: Rest) async throws {
        let settings = rest.settings
        try await stores.tier.setTier(settings.tier)
        if let moduleSettings = settings.moduleSettings {
            try await stores.moduleSettings.update { $0 = moduleSettings }
        }
        if let profile = settings.dogProfile { try await stores.dogProfile.save(profile) }
        try await stores.supplements.update { $0 = settings.supplementStack }
        try await stores.exercises.update { $0 = settings.exerciseLibrary }
        if let paused = settings.checkinsPausedUntil { try await stores.checkinQueue.pause(until: paused) }
        var completions: [InterventionCompletion] = [], decisions: [InterventionDecision] = []
        // An archive may hold its collections in any order, but a store can need a goal before
        // its tips: written in archive order, each collection's records in the order they came.
        let records = rest.records.enumerated()
            .sorted { ($0.element.collection, $0.offset) < ($1.element.collection, $1.offset) }.map(\.element)
        for record in records {
            switch record {
            case .supplementLog(let log): try await stores.supplements.save(log)
            case .goal(let goal): try await stores.goals.save(goal)
            case .goalTips(let tips): try await stores.tipsCache.store(tips)
            case .journal(let journal): try await stores.journals.update(journal.day) { $0 = journal }
            case .mood(let mood): try await stores.moods.save(mood)
            case .checkin(let checkin): _ = try await stores.checkins.save(checkin, replacing: false)
            case .queuedCheckin(let item): try await stores.checkinQueue.enqueue(item)
            case .completion(let completion): completions.append(completion)
            case .decision(let decision): decisions.append(decision)
            case .nudgeSnooze(let snooze): try await stores.nudgeSnoozes.save(snooze)
            case .weight, .health: break
            }
        }
        if !completions.isEmpty || !decisions.isEmpty {
            try await stores.interventionLog.append(completions: completions, decisions: decisions)
        }
    }
}
