import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Concurrent updates

extension SupplementRepositoryContract {
    static let concurrentSeeding = Case("seeding at once from two handles adds the defaults once") { factory in
        let store = try await factory.make()
        var handles: [any SupplementRepository] = []
        for _ in 0..<4 { handles.append(try await store.reopen()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for supplements in handles {
                group.addTask { try await supplements.update { stack in stack.seedIfNeeded() } }
            }
            try await group.waitForAll()
        }
        let stack = try await store.reopen().stack()
        #expect(stack.isSeeded)
        #expect(stack.supplements == SupplementStack.defaults.sorted(by: Supplement.displayOrder))
    }

    static let concurrentAdditions = Case("concurrent additions from separate handles all land") { factory in
        let store = try await factory.make()
        let names = (1...8).map { "Supplement \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names {
                let supplements = try await store.reopen()
                group.addTask {
                    _ = try await supplements.update { stack in
                        try stack.add(name: name, timeOfDay: .morning, dosage: "1 tablet")
                    }
                }
            }
            try await group.waitForAll()
        }
        let stack = try await store.reopen().stack()
        #expect(Set(stack.supplements.map(\.name)) == Set(names))
        #expect(stack.supplements.map(\.sortOrder) == Array(0..<names.count))
    }
}
