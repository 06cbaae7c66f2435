import WellnessApplication
import WellnessDomain

/// The supplement stack and logs held in memory.
public actor InMemorySupplementRepository: SupplementRepository {
    private var current = SupplementStack()
    private var logsByKey: [String: SupplementLog] = [:]

    /// An empty stack, not seeded, and no logs.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func stack() -> SupplementStack { current }

    public func update<Result: Sendable>(_ change: @Sendable (inout SupplementStack) throws -> Result) throws -> Result {
        var copy = current
        let result = try change(&copy)
        current = copy.keepingSeeded(from: current)
        changes?.report([SupplementStackSetting.collection])
        return result
    }

    public func logs(on days: ClosedRange<LocalDay>) -> [SupplementLog] {
        logsByKey.values.filter { days.contains($0.day) }
            .sorted { ($0.day, $0.supplementID.description) < ($1.day, $1.supplementID.description) }
    }

    public func save(_ log: SupplementLog) {
        logsByKey["\(log.day)|\(log.supplementID)"] = log
        changes?.report([SupplementLogRecords.collection])
    }
}
