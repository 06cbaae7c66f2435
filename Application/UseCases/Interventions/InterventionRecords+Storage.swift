import WellnessDomain

extension CompletionRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (InterventionCompletion) throws -> Void) async throws {
        try forEach(sorted: try await stores.interventionLog.completions(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ completions: [InterventionCompletion], into stores: WellnessRepositories) async throws {
        guard !completions.isEmpty else { return }
        try await stores.interventionLog.append(completions: completions, decisions: [])
    }

    /// A completion is written once, where it was made; another device's is added.
    public static func save(synced completion: InterventionCompletion, replacing old: InterventionCompletion?,
                            into stores: WellnessRepositories) async throws {
        guard old == nil else { return }
        try await stores.interventionLog.append(completions: [completion], decisions: [])
    }

    public static func remove(synced completion: InterventionCompletion, from stores: WellnessRepositories) async throws {}

    /// The log removes no single completion.
    public static var removalTravels: Bool { false }
}

extension DecisionRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (InterventionDecision) throws -> Void) async throws {
        try forEach(sorted: try await stores.interventionLog.decisions(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ decisions: [InterventionDecision], into stores: WellnessRepositories) async throws {
        guard !decisions.isEmpty else { return }
        try await stores.interventionLog.append(completions: [], decisions: decisions)
    }

    /// The later decision of a day replaces the earlier.
    public static func save(synced decision: InterventionDecision, replacing old: InterventionDecision?,
                            into stores: WellnessRepositories) async throws {
        try await stores.interventionLog.append(completions: [], decisions: [decision])
    }

    public static func remove(synced decision: InterventionDecision, from stores: WellnessRepositories) async throws {}

    /// A decision is replaced, never removed.
    public static var removalTravels: Bool { false }
}
