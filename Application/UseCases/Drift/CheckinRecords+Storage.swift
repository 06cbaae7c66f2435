import WellnessDomain

extension CheckinRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (Checkin) throws -> Void) async throws {
        try forEach(sorted: try await stores.checkins.checkins(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ checkins: [Checkin], into stores: WellnessRepositories) async throws {
        for checkin in checkins { _ = try await stores.checkins.save(checkin, replacing: false) }
    }
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
}
