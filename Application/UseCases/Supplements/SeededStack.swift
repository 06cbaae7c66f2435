import Foundation
import WellnessDomain

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
