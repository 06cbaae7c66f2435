import Foundation
import Testing
import WellnessDomain
@testable import WellnessSQLite

/// `StoredRow`'s own UUID parser must agree with Foundation's wherever it answers.
@Suite("Stored UUIDs")
struct StoredRowTests {
    @Test("canonical text of either case parses as Foundation parses it")
    func canonical() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<1000 {
            let (a, b) = (generator.next(), generator.next())
            let uuid = withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) }
            #expect(StoredRow.canonicalUUID(uuid.uuidString) == uuid)
            #expect(StoredRow.canonicalUUID(uuid.uuidString.lowercased()) == uuid)
        }
    }

    @Test("anything else is left to Foundation", arguments: [
        "", "6f9619ff8b86d011b42d00c04fc964ff", "6f9619ff-8b86-d011-b42d-00c04fc964f", "6f9619ff-8b86-d011-b42d-00c04fc964fff",
        "6f9619ff-8b86-d011-b42d_00c04fc964ff", "6g9619ff-8b86-d011-b42d-00c04fc964ff", "{6f9619ff-8b86-d011-b42d-00c04fc964ff}",
        "6f9619ff-8b86-d011-b42d-00c04fc964f\u{FF46}", "6f9619ff--8b86-d011-b42d-00c04fc964f",
    ])
    func other(text: String) {
        #expect(StoredRow.canonicalUUID(text) == nil)
    }
}
