import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ListInterventions")
struct ListInterventionsTests {
    @Test("the catalog, in catalog order")
    func list() {
        let world = TestWorld()
        #expect(world.listInterventions.execute() == TestWorld.sampleCatalog)
        let small = TestWorld(catalog: Array(TestWorld.sampleCatalog.suffix(2)))
        #expect(small.listInterventions.execute().map(\.id) == ["sleep_tracking", "supplements"])
    }
}
