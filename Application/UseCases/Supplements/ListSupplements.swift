import Foundation
import WellnessDomain

/// A supplement with whether it was taken on the day asked about.
public struct SupplementStatus: Sendable, Equatable {
    public let supplement: Supplement
    public let taken: Bool
    /// When the taken state was last set, if ever.
    public let recordedAt: Date?
}

/// The stack for a day: every supplement (morning first, by sort order) with its taken
/// state, restored exactly. Seeds the default stack the first time supplements are used.
public struct ListSupplements: Sendable {
    let supplements: any SupplementRepository
    let time: TimeContext

    public init(supplements: any SupplementRepository, time: TimeContext) {
        self.supplements = supplements
        self.time = time
    }

    public func execute(day: LocalDay? = nil) async throws -> [SupplementStatus] {
        let day = day ?? time.today()
        let stack = try await SeededStack(supplements).load()
        let logs = try await supplements.logs(on: day...day)
        return stack.supplements.map { supplement in
            let log = logs.last { $0.supplementID == supplement.id }
            return SupplementStatus(supplement: supplement, taken: log?.taken ?? false, recordedAt: log?.timestamp)
        }
    }
}

/// Loads the stack, seeding the defaults in the same write the first time.
struct SeededStack {
    let repository: any SupplementRepository

    init(_ repository: any SupplementRepository) {
        self.repository = repository
    }

    func load() async throws -> SupplementStack {
        let stored = try await repository.stack()
        if stored.isSeeded { return stored }
        return try await repository.update { stack in
            stack.seedIfNeeded()
            return stack
        }
    }

    /// Changes the stack after seeding it if needed, in one write.
    func change<Result: Sendable>(_ body: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result {
        try await repository.update { stack in
            stack.seedIfNeeded()
            return try body(&stack)
        }
    }
}
