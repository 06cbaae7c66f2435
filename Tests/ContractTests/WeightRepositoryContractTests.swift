import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Every built-in store keeps the `WeightRepositoryContract`, each rule on a fresh store.
@Suite("WeightRepository contract")
struct WeightRepositoryContractTests {
    @Test(arguments: AdapterKind.allCases, WeightRepositoryContract.cases)
    func weights(kind: AdapterKind, rule: ContractCase<any WeightRepository>) async throws {
        try await rule.run(kind.factory(\.weights))
    }

    @Test("a note with a NUL character is refused before it reaches a store (SQLite would cut it there)")
    func noteWithNUL() throws {
        #expect(throws: WeightError.invalidNote(.noteContainsNUL)) {
            try WeightEntry(date: Date(timeIntervalSince1970: 0), kilograms: 70, note: "before\u{0}after")
        }
    }
}
