import Foundation
import WellnessDomain

/// Loads the stack, seeding the defaults in the same write the first time.
struct SeededStack {
    let repository: any SupplementRepository
    let defaults: [Supplement]

    init(_ repository: any SupplementRepository, defaults: [Supplement]) {
        self.repository = repository
        self.defaults = defaults
    }

    func load() async throws -> SupplementStack {
        let stored = try await repository.stack()
        if stored.isSeeded { return stored }
        let defaults = self.defaults
        return try await repository.update { stack in
            stack.seedIfNeeded(with: defaults)
            return stack
        }
    }

    /// Changes the stack after seeding it if needed, in one write.
    func change<Result: Sendable>(_ body: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result {
        let defaults = self.defaults
        return try await repository.update { stack in
            stack.seedIfNeeded(with: defaults)
            return try body(&stack)
        }
    }
}
