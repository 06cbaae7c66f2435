import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Every built-in store keeps the `CheckinQueueRepositoryContract`, each rule on a fresh store.
@Suite("CheckinQueueRepository contract")
struct CheckinQueueRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, CheckinQueueRepositoryContract.cases)
    func checkinQueue(kind: AdapterKind, rule: ContractCase<any CheckinQueueRepository>) async throws {
        try await rule.run(kind.factory(\.checkinQueue))
    }

    @Test("the claim lifetime is 120 seconds")
    func claimLifetime() {
        #expect(LifetimeProbe.claimLifetime == 120)
    }
}

/// A queue that only exists to read the protocol extension's `claimLifetime`.
private struct LifetimeProbe: CheckinQueueRepository {
    func all() -> [QueuedCheckin] { [] }
    func enqueue(_ item: QueuedCheckin) {}
    func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? { nil }
    func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {}
    func update(_ item: QueuedCheckin) -> Bool { false }
    func remove(_ id: QueuedCheckin.ID) -> Bool { false }
    func pausedUntil() -> Date? { nil }
    func pause(until instant: Date) {}
}
