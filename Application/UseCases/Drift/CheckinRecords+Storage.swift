import WellnessDomain

extension CheckinRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (Checkin) throws -> Void) async throws {
        try forEach(sorted: try await stores.checkins.checkins(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ checkins: [Checkin], into stores: WellnessRepositories) async throws {
        for checkin in checkins { _ = try await stores.checkins.save(checkin, replacing: false) }
    }

    /// The later check-in of the day replaces the earlier.
    public static func save(synced checkin: Checkin, replacing old: Checkin?, into stores: WellnessRepositories) async throws {
        _ = try await stores.checkins.save(checkin, replacing: true)
    }

    public static func remove(synced checkin: Checkin, from stores: WellnessRepositories) async throws {}

    /// A check-in is never removed.
    public static var removalTravels: Bool { false }
}

extension QueuedCheckinRecords: StoredRecordKind {
    /// The queue keeps its order: it is the order check-ins are sent in.
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (QueuedCheckin) throws -> Void) async throws {
        for item in try await stores.checkinQueue.all() { try body(item) }
    }

    public static func restore(_ items: [QueuedCheckin], into stores: WellnessRepositories) async throws {
        for item in items { try await stores.checkinQueue.enqueue(item) }
    }

    /// Never called: the queue stays on its device (``QueuedCheckinRecords/syncRule``).
    public static func save(synced item: QueuedCheckin, replacing old: QueuedCheckin?,
                            into stores: WellnessRepositories) async throws {}

    public static func remove(synced item: QueuedCheckin, from stores: WellnessRepositories) async throws {}

    public static var removalTravels: Bool { false }
}
