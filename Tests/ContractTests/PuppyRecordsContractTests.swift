import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Training sessions, socialization exposures and milestones have no port of their own: every
/// built-in store keeps them in its record repositories, and keeps the `RecordRepositoryContract`
/// (and a tracker's write, with its module's use) for each, every rule on a fresh store.
@Suite("RecordRepository contract: training, socialization and milestones")
struct PuppyRecordsContractTests {
    // MARK: - Training

    static let sessions = [
        TrainingSession(stored: TrainingSession.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000012")), skill: "Sit ✋",
                        at: Fixtures.instant("2026-11-21T17:30:00Z"), minutes: 10, score: 4),
        TrainingSession(stored: TrainingSession.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000011")),
                        skill: "loose-lead walking", at: Fixtures.instant("2026-11-20T06:15:00.250Z"), minutes: nil, score: nil),
        TrainingSession(stored: TrainingSession.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000013")), skill: "down",
                        at: Fixtures.instant("2026-11-21T07:00:00Z"), minutes: 480, score: 1),
    ]
    static let invalidSession = TrainingSession(stored: TrainingSession.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000019")),
                                                skill: "sit", at: Fixtures.instant("2026-11-22T08:00:00Z"), minutes: nil, score: 6)

    @Sendable static func changed(_ session: TrainingSession) -> TrainingSession {
        TrainingSession(stored: session.id, skill: session.skill, at: session.at, minutes: 3, score: session.score == 5 ? 4 : 5)
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<TrainingRecords>.cases(samples: PuppyRecordsContractTests.sessions,
                                                          changed: PuppyRecordsContractTests.changed,
                                                          invalid: PuppyRecordsContractTests.invalidSession))
    func training(kind: AdapterKind, rule: ContractCase<any RecordRepository<TrainingRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: TrainingRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<TrainingRecords>.trackerCases(samples: PuppyRecordsContractTests.sessions,
                                                                 changed: PuppyRecordsContractTests.changed,
                                                                 invalid: PuppyRecordsContractTests.invalidSession))
    func trainingWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<TrainingRecords>>) async throws {
        try await rule.run(kind.trackerFactory(TrainingRecords.self))
    }

    // MARK: - Socialization

    static let exposures = [
        SocializationExposure(stored: SocializationExposure.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000022")),
                              what: "a man with a hat \"and a beard\"", category: .people, reaction: 2,
                              at: Fixtures.instant("2026-11-21T17:30:00Z")),
        SocializationExposure(stored: SocializationExposure.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000021")),
                              what: "the vacuum cleaner\nagain", category: .sounds, reaction: 5,
                              at: Fixtures.instant("2026-11-20T06:15:00.250Z")),
        SocializationExposure(stored: SocializationExposure.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000023")),
                              what: "metal grid", category: .surfaces, reaction: 1, at: Fixtures.instant("2026-11-21T07:00:00Z")),
    ]
    static let invalidExposure = SocializationExposure(
        stored: SocializationExposure.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000029")), what: "",
        category: .places, reaction: 3, at: Fixtures.instant("2026-11-22T08:00:00Z"))

    @Sendable static func changed(_ exposure: SocializationExposure) -> SocializationExposure {
        SocializationExposure(stored: exposure.id, what: exposure.what + " (again)", category: .handling,
                              reaction: exposure.reaction == 5 ? 4 : 5, at: exposure.at)
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<SocializationRecords>.cases(samples: PuppyRecordsContractTests.exposures,
                                                               changed: PuppyRecordsContractTests.changed,
                                                               invalid: PuppyRecordsContractTests.invalidExposure))
    func socialization(kind: AdapterKind, rule: ContractCase<any RecordRepository<SocializationRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: SocializationRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<SocializationRecords>.trackerCases(samples: PuppyRecordsContractTests.exposures,
                                                                      changed: PuppyRecordsContractTests.changed,
                                                                      invalid: PuppyRecordsContractTests.invalidExposure))
    func socializationWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<SocializationRecords>>) async throws {
        try await rule.run(kind.trackerFactory(SocializationRecords.self))
    }

    // MARK: - Milestones

    static let sampleMilestones = [
        Milestone(id: "house-trained", title: nil, reached: LocalDay("2026-03-01")),
        Milestone(id: "first-swim", title: "First swim 🌊", reached: nil),
        Milestone(id: "agility-2", title: "Agility\tcourse", reached: LocalDay("2026-02-29")),
    ]
    static let invalidMilestone = Milestone(id: "not-built-in", title: nil, reached: nil)

    @Sendable static func changed(_ milestone: Milestone) -> Milestone {
        Milestone(id: milestone.id, title: milestone.title, reached: milestone.reached == nil ? LocalDay("2026-04-01") : nil)
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MilestoneRecords>.cases(samples: PuppyRecordsContractTests.sampleMilestones,
                                                           changed: PuppyRecordsContractTests.changed,
                                                           invalid: PuppyRecordsContractTests.invalidMilestone))
    func milestones(kind: AdapterKind, rule: ContractCase<any RecordRepository<MilestoneRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: MilestoneRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MilestoneRecords>.trackerCases(samples: PuppyRecordsContractTests.sampleMilestones,
                                                                  changed: PuppyRecordsContractTests.changed,
                                                                  invalid: PuppyRecordsContractTests.invalidMilestone))
    func milestoneWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<MilestoneRecords>>) async throws {
        try await rule.run(kind.trackerFactory(MilestoneRecords.self))
    }
}
