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
}
