#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WellnessCLI

/// `wellness serve` raises its soft open-files limit before it listens.
@Suite("Open files limit")
struct OpenFilesLimitTests {
    @Test("the soft limit is raised to the hard one (on Darwin at most OPEN_MAX), never lowered")
    func raisesTheSoftLimit() throws {
        let before = try #require(OpenFilesLimit.current())
        // One below the hard limit, or where it is if that is higher: never lower than the other
        // tests running in this process had.
        try lower(to: max(before.soft, before.hard - 1))
        let raised = try #require(OpenFilesLimit.raise())
        let now = try #require(OpenFilesLimit.current())
        #expect(raised == now.soft)
        #if canImport(Darwin)
        #expect(now.soft == min(now.hard, 10_240))
        #else
        #expect(now.soft == now.hard)
        #endif
        #expect(now.soft >= before.soft)
        #expect(OpenFilesLimit.raise() == now.soft, "raising again changes nothing")
    }

    private func lower(to soft: UInt64) throws {
        guard let current = OpenFilesLimit.current(), soft < current.soft else { return }
        var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(current.hard))
        try #require(setrlimit(OpenFilesLimit.resource, &limit) == 0)
    }
}
