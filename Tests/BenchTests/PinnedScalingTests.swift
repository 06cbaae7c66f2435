import Foundation
import Testing
@testable import wellness_bench

/// The load benchmark's per-core scaling run, without a server: which cores it picks on a
/// machine, when it is skipped, and how the figure is reported or judged.
@Suite("Load benchmark: the pinned per-core scaling run's plan and wording")
struct PinnedScalingTests {
    @Test("2 cores: the servers take both, nothing is spared, the figure is reported, not judged")
    func twoCores() throws {
        guard case .run(let plan) = PinnedScaling.plan(coreCount: 2, linux: true, hasTaskset: true) else {
            Issue.record("skipped on 2 cores")
            return
        }
        #expect(plan.one == 0)
        #expect(plan.two == [0, 1])
        #expect(plan.others == [])
        #expect(!plan.judged)
        #expect(plan.setup.hasSuffix("1 process on core 0 against 2 on cores 0 and 1; "
                                     + "the load generator and PostgreSQL share them (no core to spare)"))
        let scaling = plan.scaling(PairedRatios(all: [1.02, 1.10, 0.97]))
        #expect(scaling.check == nil)
        #expect(scaling.line == "per-core scaling, pinned: 2 processes on 2 cores, throughput of 1 on 1: 1.02× "
                + "(the median of 3 alternating pairs: 1.02×, 1.10×, 0.97×); "
                + "pinned, 2 cores: reported, not judged (needs 4 cores for the goal of ≥ 1.6×)")
    }

    @Test("3 cores: the servers on the last two, the load generator on the first, still not judged")
    func threeCores() {
        guard case .run(let plan) = PinnedScaling.plan(coreCount: 3, linux: true, hasTaskset: true) else {
            Issue.record("skipped on 3 cores")
            return
        }
        #expect(plan.one == 1 && plan.two == [1, 2] && plan.others == [0])
        #expect(!plan.judged)
        #expect(plan.setup.hasSuffix("the load generator on core 0, PostgreSQL not pinned (the benchmark does not start it)"))
        #expect(plan.scaling(PairedRatios(all: [1.9])).line?.contains("pinned, 3 cores: reported, not judged") == true)
    }

    @Test("4 cores and more: the servers on the last two, the rest for the others, and the goal judges",
          arguments: [4, 8, 64])
    func judged(cores: Int) throws {
        guard case .run(let plan) = PinnedScaling.plan(coreCount: cores, linux: true, hasTaskset: true) else {
            Issue.record("skipped on \(cores) cores")
            return
        }
        #expect(plan.one == cores - 2 && plan.two == [cores - 2, cores - 1])
        #expect(plan.others == Array(0..<(cores - 2)))
        #expect(plan.judged)
        let met = plan.scaling(PairedRatios(all: [1.7, 1.6, 1.5]))
        #expect(met.line == nil)
        let check = try #require(met.check)
        #expect(check.met)
        #expect(!check.gates, "nothing gates CI")
        #expect(check.text.hasSuffix("1.60× (the median of 3 alternating pairs: 1.70×, 1.60×, 1.50×) "
                                     + "(pinned, \(cores) cores: target ≥ 1.6×)"))
        #expect(plan.scaling(PairedRatios(all: [1.2, 1.3, 1.59])).check?.met == false)
    }

    @Test("no taskset, not Linux or a single core: skipped, saying why")
    func skipped() {
        #expect(PinnedScaling.plan(coreCount: 8, linux: true, hasTaskset: false)
                == .skipped("PostgreSQL pinned with taskset (a core per process): skipped, taskset is not installed "
                            + "(util-linux); not a failure"))
        #expect(PinnedScaling.plan(coreCount: 8, linux: false, hasTaskset: true)
                == .skipped("PostgreSQL pinned with taskset (a core per process): skipped, taskset is Linux only"))
        #expect(PinnedScaling.plan(coreCount: 1, linux: true, hasTaskset: true)
                == .skipped("PostgreSQL pinned with taskset (a core per process): skipped, it needs 2 cores "
                            + "(this machine has 1)"))
    }

    @Test("core lists as taskset and the report write them; taskset found on a PATH or not")
    func lists() throws {
        #expect(PinnedScaling.list([0, 1, 2]) == "0,1,2")
        #expect(PinnedScaling.cores([3]) == "core 3")
        #expect(PinnedScaling.cores([0, 1]) == "cores 0 and 1")
        #expect(PinnedScaling.cores([0, 1, 2, 3, 4, 5]) == "cores 0–5")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-taskset-\(UUID().uuidString)")
        #expect(PinnedScaling.taskset(path: empty.path) == nil)
        #if os(Linux)
        // The affinity read back to restore the load generator's after the run.
        #expect(PinnedScaling.currentAffinity()?.isEmpty == false)
        #endif
    }
}
