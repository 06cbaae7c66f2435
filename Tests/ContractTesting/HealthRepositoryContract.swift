import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The health store under test and the weigh-ins of the same store, which an import writes in
/// the same transaction.
public struct HealthRepositories: Sendable {
    /// The health store under test.
    public let health: any HealthRepository
    /// The weigh-ins of the same store.
    public let weights: any WeightRepository

    public init(health: any HealthRepository, weights: any WeightRepository) {
        self.health = health
        self.weights = weights
    }
}

/// The contract every `HealthRepository` keeps: empty at first; samples come back exactly
/// (instants to the millisecond, unicode sources, workout details), earliest first, filtered by
/// kind and by a half-open window of their starts; a sample is stored once (kind, source,
/// start, end, value), within one import and across imports; an import's samples and weigh-ins
/// are saved together, or, when its body throws, neither; what one handle imports, another reads;
/// samples are counted and removed by source, by kind, by both or all, weigh-ins staying.
public enum HealthRepositoryContract {
    typealias Case = ContractCase<HealthRepositories>

    /// Every rule of the contract.
    public static let cases: [ContractCase<HealthRepositories>] = [
        empty, roundTrip, window, oncePerKey, withWeights, throwingSavesNothing, reopened, manySamples, removing,
    ]

    // MARK: - Fixtures

    static func sample(_ kind: HealthSampleKind, _ source: String, _ start: String, minutes: Double = 10,
                       value: Double, category: String? = nil, energy: Double? = nil) -> HealthSample {
        let begin = Fixtures.instant(start)
        return HealthSample(kind: kind, source: source, start: begin, end: begin.addingTimeInterval(minutes * 60),
                            value: value, category: category, energyKilocalories: energy)
    }

    static let phone = "Ann’s iPhone"
    static let watch = "Ann’s Apple Watch 🏃"

    static func day() -> [HealthSample] {
        [
            sample(.steps, phone, "2024-03-01T08:00:00.000Z", value: 523),
            sample(.steps, watch, "2024-03-01T08:00:00.000Z", value: 610),
            sample(.water, "WaterMinder", "2024-03-01T09:00:00.250Z", minutes: 0, value: 0.5),
            sample(.restingHeartRate, watch, "2024-03-01T00:00:00.000Z", minutes: 1440, value: 54),
            sample(.activeEnergy, watch, "2024-03-01T10:00:00.000Z", value: 12.25),
            sample(.sleep, watch, "2024-02-29T22:00:00.000Z", minutes: 240, value: 240, category: "AsleepCore"),
            sample(.mindfulness, "Calm", "2024-03-01T21:00:00.000Z", value: 10),
            sample(.workout, watch, "2024-03-01T17:00:00.000Z", minutes: 42, value: 42, category: "Running",
                   energy: 402.5),
            sample(.workout, phone, "2024-03-01T19:00:00.000Z", minutes: 30, value: 30, category: "Yoga"),
        ]
    }

    @discardableResult
    static func importing(_ samples: [HealthSample], weights: [WeightEntry] = [],
                          into health: any HealthRepository) async throws -> (samples: Int, weights: Int) {
        try await health.importSamples { inserter in
            (try inserter.insert(samples), try inserter.weights.insert(weights))
        }
    }

    static let always = DateInterval(start: Fixtures.instant("2000-01-01T00:00:00.000Z"),
                                     end: Fixtures.instant("2100-01-01T00:00:00.000Z"))

    static func all(_ health: any HealthRepository) async throws -> [HealthSample] {
        try await health.samples(of: Set(HealthSampleKind.allCases), startingIn: always)
    }

    // MARK: - Cases

    static let empty = Case("an empty store has no samples") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.health.hasSamples() == false)
        #expect(try await all(store.subject.health) == [])
    }

    static let roundTrip = Case(
        "samples come back exactly, earliest first: millisecond instants, unicode sources, workout activity and energy"
    ) { factory in
        let store = try await factory.make()
        let samples = day()
        let counts = try await importing(samples.reversed(), into: store.subject.health)
        #expect(counts.samples == samples.count)
        #expect(try await store.subject.health.hasSamples())
        #expect(try await all(store.subject.health) == samples.sorted(by: HealthSample.order))
        let workout = try #require(try await store.subject.health.samples(of: [.workout], startingIn: always).first)
        #expect(workout.category == "Running")
        #expect(workout.energyKilocalories == 402.5)
        #expect(workout.source == watch)
    }

    static let window = Case(
        "samples are filtered by kind and by a half-open window of their starts"
    ) { factory in
        let store = try await factory.make()
        try await importing(day(), into: store.subject.health)
        let health = store.subject.health
        let morning = DateInterval(start: Fixtures.instant("2024-03-01T08:00:00.000Z"),
                                   end: Fixtures.instant("2024-03-01T09:00:00.250Z"))
        // Both step samples start at the window's start; the water at its end is not in it.
        let steps = try await health.samples(of: [.steps, .water], startingIn: morning)
        #expect(steps.map(\.source) == [watch, phone].sorted())
        #expect(steps.allSatisfy { $0.kind == .steps })
        let later = DateInterval(start: morning.end, duration: 1)
        #expect(try await health.samples(of: [.steps, .water], startingIn: later).map(\.kind) == [.water])
        #expect(try await health.samples(of: [], startingIn: always) == [])
        // The night's sleep started the day before.
        let sleep = try await health.samples(of: [.sleep], startingIn: morning)
        #expect(sleep == [])
        #expect(try await health.samples(of: [.sleep], startingIn: always).map(\.category) == ["AsleepCore"])
    }

    static let oncePerKey = Case(
        "a sample is stored once: repeated in one batch, in one import or in a later import; any other value is new"
    ) { factory in
        let store = try await factory.make()
        let health = store.subject.health
        let first = sample(.steps, phone, "2024-03-01T08:00:00.000Z", value: 523)
        let copy = sample(.steps, phone, "2024-03-01T08:00:00.000Z", value: 523)
        let counts = try await health.importSamples { inserter in
            [try inserter.insert([first, copy]), try inserter.insert([first])]
        }
        #expect(counts == [1, 0])
        #expect(try await importing(day(), into: health).samples == day().count - 1)
        #expect(try await importing(day(), into: health).samples == 0)
        // Another value, source, end or kind at the same start is another sample.
        let others = [
            sample(.steps, phone, "2024-03-01T08:00:00.000Z", value: 524),
            sample(.steps, "Pedometer", "2024-03-01T08:00:00.000Z", value: 523),
            sample(.steps, phone, "2024-03-01T08:00:00.000Z", minutes: 11, value: 523),
            sample(.activeEnergy, phone, "2024-03-01T08:00:00.000Z", value: 523),
        ]
        #expect(try await importing(others, into: health).samples == 4)
        #expect(try await all(health).count == day().count + 4)
    }

    static let withWeights = Case(
        "an import saves its weigh-ins with its samples, by the weight store's duplicate rule"
    ) { factory in
        let store = try await factory.make()
        let at = Fixtures.instant("2024-03-01T06:00:00.000Z")
        let typed = try WeightEntry(date: at.addingTimeInterval(20), kilograms: 72.8, source: .manual)
        _ = try await store.subject.weights.importEntries(commit: true) { try $0.insert([typed]) }
        let weighIns = [
            WeightEntry(unchecked: .init(), date: at, kilograms: 72.801, note: nil, source: .imported),
            WeightEntry(unchecked: .init(), date: at.addingTimeInterval(86_400), kilograms: 72.4, note: nil, source: .imported),
        ]
        let counts = try await importing(day(), weights: weighIns, into: store.subject.health)
        #expect(counts.weights == 1)
        let weights = try await store.subject.weights.entries(since: nil)
        #expect(weights.map(\.kilograms) == [72.8, 72.4])
    }

    static let throwingSavesNothing = Case(
        "an import whose body throws saves neither its samples nor its weigh-ins"
    ) { factory in
        let store = try await factory.make()
        try await importing([sample(.steps, phone, "2024-02-01T08:00:00.000Z", value: 1)], into: store.subject.health)
        let weighIn = WeightEntry(unchecked: .init(), date: Fixtures.instant("2024-03-01T06:00:00.000Z"),
                                  kilograms: 70, note: nil, source: .imported)
        await #expect(throws: Refused.self) {
            try await store.subject.health.importSamples { inserter -> Int in
                #expect(try inserter.insert(day()) == day().count)
                #expect(try inserter.weights.insert([weighIn]) == 1)
                throw Refused()
            }
        }
        #expect(try await all(store.subject.health).count == 1)
        #expect(try await all(store.reopen().health).count == 1)
        #expect(try await store.subject.weights.entries(since: nil) == [])
    }

    static let reopened = Case("what one handle imports, another handle reads") { factory in
        let store = try await factory.make()
        try await importing(day(), into: store.subject.health)
        let other = try await store.reopen()
        #expect(try await other.health.hasSamples())
        #expect(try await all(other.health) == day().sorted(by: HealthSample.order))
        #expect(try await importing(day(), into: other.health).samples == 0)
    }

    static let removing = Case(
        "samples are counted and removed by source, kind, both or all; weigh-ins stay; a removed sample can come back"
    ) { factory in
        let store = try await factory.make()
        let health = store.subject.health
        let weighIn = WeightEntry(unchecked: .init(), date: Fixtures.instant("2024-03-01T06:00:00.000Z"),
                                  kilograms: 70, note: nil, source: .imported)
        try await importing(day(), weights: [weighIn], into: health)
        #expect(try await health.countSamples(.all) == day().count)
        #expect(try await health.countSamples(HealthSampleSelection(source: watch)) == 5)
        #expect(try await health.countSamples(HealthSampleSelection(kind: .workout)) == 2)
        #expect(try await health.countSamples(HealthSampleSelection(source: phone, kind: .workout)) == 1)
        #expect(try await health.countSamples(HealthSampleSelection(source: "nobody")) == 0)
        #expect(try await all(health).count == day().count, "counting removes nothing")

        #expect(try await health.removeSamples(HealthSampleSelection(source: phone, kind: .workout)) == 1)
        #expect(try await health.removeSamples(HealthSampleSelection(source: watch)) == 5)
        #expect(try await health.removeSamples(HealthSampleSelection(source: watch)) == 0)
        let left = try await all(store.reopen().health)
        #expect(left.map(\.source).sorted() == [phone, "Calm", "WaterMinder"].sorted())
        #expect(try await importing(day(), into: health).samples == 6, "what was removed imports again")
        #expect(try await health.removeSamples(.all) == day().count)
        #expect(try await health.hasSamples() == false)
        #expect(try await store.subject.weights.entries(since: nil).count == 1)
    }

    static let manySamples = Case(
        "ten thousand samples in one import, in no particular order, come back in order and once"
    ) { factory in
        let store = try await factory.make()
        let start = Fixtures.instant("2024-01-01T00:00:00.000Z")
        let samples = (0..<10_000).map { (index: Int) -> HealthSample in
            let offset = Double((index * 7919) % 10_000) * 300
            let kind: HealthSampleKind = index % 2 == 0 ? .steps : .activeEnergy
            return HealthSample(kind: kind, source: index % 3 == 0 ? phone : watch,
                                start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset + 300),
                                value: Double(index))
        }
        let inserted = try await store.subject.health.importSamples { inserter in
            try stride(from: 0, to: samples.count, by: 64).reduce(0) { total, offset in
                total + (try inserter.insert(Array(samples[offset..<min(offset + 64, samples.count)])))
            }
        }
        #expect(inserted == 10_000)
        let stored = try await all(store.reopen().health)
        #expect(stored == samples.sorted(by: HealthSample.order))
        let oneDay = DateInterval(start: start, duration: 86_400)
        #expect(try await store.subject.health.samples(of: [.steps], startingIn: oneDay).count == 144)
    }
}
