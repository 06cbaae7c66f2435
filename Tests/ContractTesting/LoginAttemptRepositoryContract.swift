import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `LoginAttemptRepository` adapter keeps: a login nobody tried has no
/// counters; what a change sets is what every handle reads, to the millisecond; the keys are
/// shared as the throttle counts them (an address at every email, an email from every address,
/// a pair on its own); `nil` forgets a key; a change is atomic, so concurrent changes sharing a
/// key through two handles all count.
public enum LoginAttemptRepositoryContract {
    typealias Case = ContractCase<any LoginAttemptRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any LoginAttemptRepository>] = [
        empty, roundTrip, sharedKeys, forgetting, concurrent,
    ]

    static let t0 = Fixtures.instant("2026-11-20T09:15:30.125Z")
    static let filled = LoginThrottle.Counters(
        pair: .init(count: 3, last: t0), address: .init(count: 7, last: t0.addingTimeInterval(-1.5)),
        email: .init(count: 2, last: t0.addingTimeInterval(-60)), lastSuccess: t0.addingTimeInterval(-86_400.25))

    // MARK: - Cases

    static let empty = Case("a login nobody tried has no counters, through any handle") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.counters(email: "ann@example.com", address: "192.0.2.1") == LoginThrottle.Counters())
        #expect(try await store.reopen().counters(email: "ann@example.com", address: "192.0.2.1") == LoginThrottle.Counters())
    }

    static let roundTrip = Case("what a change sets is what every handle reads, to the millisecond") { factory in
        let store = try await factory.make()
        let filled = filled
        try await store.subject.change(email: "ann@example.com", address: "2001:db8::1", at: t0) { $0 = filled }
        #expect(try await store.subject.counters(email: "ann@example.com", address: "2001:db8::1") == filled)
        #expect(try await store.reopen().counters(email: "ann@example.com", address: "2001:db8::1") == filled)
        // A change sees what is stored.
        let seen = SeenCounters()
        try await store.reopen().change(email: "ann@example.com", address: "2001:db8::1", at: t0) { seen.set($0) }
        #expect(seen.get() == filled)
    }

    static let sharedKeys = Case(
        "an address's failures count at every email, an email's from every address, a pair's only for itself"
    ) { factory in
        let store = try await factory.make()
        let filled = filled
        try await store.subject.change(email: "ann@example.com", address: "192.0.2.1", at: t0) { $0 = filled }
        let reopened = try await store.reopen()
        let sameAddress = try await reopened.counters(email: "bob@example.com", address: "192.0.2.1")
        #expect(sameAddress == LoginThrottle.Counters(address: filled.address))
        let sameEmail = try await reopened.counters(email: "ann@example.com", address: "192.0.2.2")
        #expect(sameEmail == LoginThrottle.Counters(email: filled.email))
        #expect(try await reopened.counters(email: "bob@example.com", address: "192.0.2.2") == LoginThrottle.Counters())
        // Keys are exact: no case folding, no prefix matches.
        #expect(try await reopened.counters(email: "ANN@example.com", address: "192.0.2.10") == LoginThrottle.Counters())
    }

    static let forgetting = Case("a counter set to nil forgets its key; the others stay") { factory in
        let store = try await factory.make()
        let filled = filled
        try await store.subject.change(email: "ann@example.com", address: "192.0.2.1", at: t0) { $0 = filled }
        try await store.reopen().change(email: "ann@example.com", address: "192.0.2.1", at: t0) { counters in
            counters.pair = nil
            counters.address = nil
        }
        #expect(try await store.subject.counters(email: "ann@example.com", address: "192.0.2.1")
            == LoginThrottle.Counters(email: filled.email, lastSuccess: filled.lastSuccess))
        try await store.subject.change(email: "ann@example.com", address: "192.0.2.1", at: t0) { counters in
            counters = LoginThrottle.Counters()
        }
        #expect(try await store.reopen().counters(email: "ann@example.com", address: "192.0.2.1") == LoginThrottle.Counters())
    }

    static let concurrent = Case(
        "20 concurrent failures from one address at 20 emails, through two handles, all count"
    ) { factory in
        let store = try await factory.make()
        let handles = [store.subject, try await store.reopen()]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                let handle = handles[index % 2]
                group.addTask {
                    try await handle.change(email: "user\(index)@example.com", address: "198.51.100.7", at: t0) { counters in
                        counters.address = .init(count: (counters.address?.count ?? 0) + 1, last: t0)
                        counters.email = .init(count: (counters.email?.count ?? 0) + 1, last: t0)
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = try await store.reopen().counters(email: "user0@example.com", address: "198.51.100.7")
        #expect(after.address?.count == 20, "every failure from the address counted")
        #expect(after.email?.count == 1)
    }
}

/// What a change saw (a change's closure is `@Sendable`).
private final class SeenCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var counters: LoginThrottle.Counters?

    func set(_ value: LoginThrottle.Counters) { lock.withLock { counters = value } }
    func get() -> LoginThrottle.Counters? { lock.withLock { counters } }
}
