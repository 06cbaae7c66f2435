import Foundation

/// The archive `wellness backup` writes and `wellness restore` reads: one JSON document holding
/// every collection of a store, with every record's ids and timestamps.
///
/// ```json
/// {"format":"wellness-backup","version":1,
/// "settings":{"exerciseLibrary":{…},"supplementStack":{…},"tier":"free",…},
/// "collections":{
/// "supplementLogs":[
/// {"day":"2026-11-20","supplementID":"…","taken":true,"timestamp":"2026-11-20T08:00:00.000Z"}
/// ],
/// "weights":[
/// …
/// ]
/// }}
/// ```
///
/// It is one document, so any JSON tool reads it, and it is written one record per line, in a
/// fixed order with sorted keys, so that it diffs line by line and the same store always gives
/// the same bytes. ``BackupArchiveReader`` reads it as a stream (any layout of the same JSON),
/// holding one record at a time, so a million weigh-ins restore in flat memory.
public enum BackupArchive {
    /// The value of `format`: what tells a backup from any other JSON.
    public static let format = "wellness-backup"
    /// The version this build writes, and the newest it reads.
    public static let version = 1
}

/// The values a store holds one of: written whole under `settings`.
public struct BackupSettings: Sendable, Equatable, Codable {
    public var tier: Tier
    public var moduleSettings: ModuleSettings?
    public var dogProfile: DogProfile?
    public var supplementStack: SupplementStack
    public var exerciseLibrary: ExerciseLibrary
    /// Until when the server asked not to be sent check-ins.
    public var checkinsPausedUntil: Date?

    public init(tier: Tier = .free, moduleSettings: ModuleSettings? = nil, dogProfile: DogProfile? = nil,
                supplementStack: SupplementStack = SupplementStack(), exerciseLibrary: ExerciseLibrary = ExerciseLibrary(),
                checkinsPausedUntil: Date? = nil) {
        self.tier = tier
        self.moduleSettings = moduleSettings
        self.dogProfile = dogProfile
        self.supplementStack = supplementStack
        self.exerciseLibrary = exerciseLibrary
        self.checkinsPausedUntil = checkinsPausedUntil
    }

    private enum CodingKeys: String, CodingKey {
        case tier, moduleSettings, dogProfile, supplementStack, exerciseLibrary, checkinsPausedUntil
    }

    /// A seeded flag and a list: how the stack and the library are written.
    private struct Seeded<Element: Codable>: Codable {
        var isSeeded: Bool
        var items: [Element]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tier = try container.decode(Tier.self, forKey: .tier)
        moduleSettings = try container.decodeIfPresent(ModuleSettings.self, forKey: .moduleSettings)
        dogProfile = try container.decodeIfPresent(DogProfile.self, forKey: .dogProfile)
        let stack = try container.decode(Seeded<Supplement>.self, forKey: .supplementStack)
        supplementStack = SupplementStack(supplements: stack.items, isSeeded: stack.isSeeded)
        let library = try container.decode(Seeded<ExerciseDefinition>.self, forKey: .exerciseLibrary)
        exerciseLibrary = ExerciseLibrary(exercises: library.items, isSeeded: library.isSeeded)
        checkinsPausedUntil = try container.decodeIfPresent(Date.self, forKey: .checkinsPausedUntil)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tier, forKey: .tier)
        try container.encode(moduleSettings, forKey: .moduleSettings)
        try container.encode(dogProfile, forKey: .dogProfile)
        try container.encode(Seeded(isSeeded: supplementStack.isSeeded, items: supplementStack.supplements),
                             forKey: .supplementStack)
        try container.encode(Seeded(isSeeded: exerciseLibrary.isSeeded, items: exerciseLibrary.exercises),
                             forKey: .exerciseLibrary)
        try container.encode(checkinsPausedUntil, forKey: .checkinsPausedUntil)
    }

    /// Whether these are the settings of a store nobody has used: no profile, no module choice,
    /// no supplements or exercises (not even the seeded defaults), not paused. The tier is a
    /// subscription setting, not data, and does not count.
    public var isUnused: Bool {
        moduleSettings == nil && dogProfile == nil && supplementStack == SupplementStack()
            && exerciseLibrary == ExerciseLibrary() && checkinsPausedUntil == nil
    }
}

/// The collections of an archive, in the order they are written.
public enum BackupCollection: String, CaseIterable, Sendable, Codable, Comparable {
    case supplementLogs, goals, goalTips, journals, moods, checkins, queuedCheckins
    case completions, decisions, nudgeSnoozes, weights, health

    public static func < (lhs: BackupCollection, rhs: BackupCollection) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One record of a collection.
public enum BackupRecord: Sendable, Equatable {
    case supplementLog(SupplementLog)
    case goal(Goal)
    case goalTips(GoalTips)
    case journal(DailyJournal)
    case mood(MoodEntry)
    case checkin(Checkin)
    case queuedCheckin(QueuedCheckin)
    case completion(InterventionCompletion)
    case decision(InterventionDecision)
    case nudgeSnooze(NudgeSnooze)
    case weight(WeightEntry)
    case health(HealthSample)

    public var collection: BackupCollection {
        switch self {
        case .supplementLog: .supplementLogs
        case .goal: .goals
        case .goalTips: .goalTips
        case .journal: .journals
        case .mood: .moods
        case .checkin: .checkins
        case .queuedCheckin: .queuedCheckins
        case .completion: .completions
        case .decision: .decisions
        case .nudgeSnooze: .nudgeSnoozes
        case .weight: .weights
        case .health: .health
        }
    }

    /// What identifies the record in its collection (no two records of a collection share it),
    /// as messages name it: an id, a day, or a day and what it is of.
    public var identity: String {
        switch self {
        case .supplementLog(let log): "\(log.day) \(log.supplementID)"
        case .goal(let goal): goal.id.description
        case .goalTips(let tips): tips.goalID.description
        case .journal(let journal): journal.day.description
        case .mood(let mood): mood.day.description
        case .checkin(let checkin): checkin.day.description
        case .queuedCheckin(let item): item.id.description
        case .completion(let completion): completion.id.description
        case .decision(let decision): "\(decision.day) \(decision.interventionID)"
        case .nudgeSnooze(let snooze): snooze.nudgeID
        case .weight(let entry): entry.id.description
        case .health(let sample):
            "\(sample.kind.rawValue) \(sample.source) \(Timestamp.format(sample.start))–\(Timestamp.format(sample.end)) \(sample.value)"
        }
    }
}

/// How many records of each collection an archive or a store holds.
public struct BackupCounts: Sendable, Equatable, Codable {
    public private(set) var records: [BackupCollection: Int] = [:]

    public init() {}

    public subscript(collection: BackupCollection) -> Int {
        get { records[collection] ?? 0 }
        set { records[collection] = newValue }
    }

    /// Every collection's count added up.
    public var total: Int { records.values.reduce(0, +) }

    /// The collections that hold records, in archive order, with their counts.
    public var nonEmpty: [(collection: BackupCollection, count: Int)] {
        BackupCollection.allCases.compactMap { collection in
            let count = self[collection]
            return count > 0 ? (collection, count) : nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BackupCollection.CodingKey.self)
        for collection in BackupCollection.allCases {
            try container.encode(self[collection], forKey: .init(collection))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: BackupCollection.CodingKey.self)
        for collection in BackupCollection.allCases {
            self[collection] = try container.decodeIfPresent(Int.self, forKey: .init(collection)) ?? 0
        }
    }
}

extension BackupCollection {
    /// A collection's name as a JSON key.
    public struct CodingKey: Swift.CodingKey {
        public let stringValue: String
        public var intValue: Int? { nil }
        public init(_ collection: BackupCollection) { stringValue = collection.rawValue }
        public init?(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }
}
