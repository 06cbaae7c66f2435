import Testing
import WellnessWire

@Suite("Wire's table of routes and list of error codes")
struct WireTableTests {
    @Test("the server serves exactly the routes of Wire.Route's table")
    func servedRoutesAreTheTable() throws {
        #expect(try OpenAPITests.serverRoutes() == Wire.Route.all.map(\.description).sorted())
        #expect(Set(Wire.Route.all).count == Wire.Route.all.count)
    }

    @Test("a route's path fills its parameters in order; one without a value stays a placeholder")
    func filledPaths() {
        #expect(Wire.Route.goalTips.path(["3F2504E0-4F89-11D3-9A0C-0305E82C3301"])
            == "/api/v1/goals/3F2504E0-4F89-11D3-9A0C-0305E82C3301/tips")
        #expect(Wire.Route.replaceCheckin.path(["2026-03-10"]) == "/api/checkins/2026-03-10")
        #expect(Wire.Route.replaceCheckin.path() == "/api/checkins/{date}")
        #expect(Wire.Route.logIn.path(["ignored"]) == "/api/auth/login")
        #expect(Wire.Route.goalTips.parameters == ["goalId"])
        #expect(Wire.Route.replaceCheckin.description == "PUT /api/checkins/{date}")
    }

    @Test("every error code the API document shows is a Wire.ErrorCode")
    func documentedCodesAreKnown() throws {
        func codes(in value: JSON) -> [String] {
            switch value {
            case .object(let members):
                members.flatMap { key, member in key == "code" && member.string != nil ? [member.string!] : codes(in: member) }
            case .array(let items): items.flatMap(codes(in:))
            default: []
            }
        }
        let documented = Set(codes(in: try OpenAPIDocument.load().root))
        #expect(!documented.isEmpty)
        #expect(documented.filter { Wire.ErrorCode(rawValue: $0) == nil } == [])
    }
}
