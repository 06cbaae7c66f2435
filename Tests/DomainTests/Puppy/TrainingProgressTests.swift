import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Training: sessions and each skill's progress")
struct TrainingProgressTests {
    static let t0 = Fixtures.instant("2026-01-05T08:00:00Z")

    static func session(_ skill: String, day: Int, minutes: Int? = nil, score: Int? = nil) throws -> TrainingSession {
        try TrainingSession(skill: skill, at: t0.addingTimeInterval(Double(day) * 86_400), minutes: minutes, score: score)
    }

    @Test("a session keeps a trimmed skill and refuses what breaks the rules, naming it")
    func rules() throws {
        #expect(try Self.session("  sit ", day: 0).skill == "sit")
        #expect(throws: TrainingError.emptySkill) { try Self.session("   ", day: 0) }
        #expect(throws: TrainingError.skillTooLong(61)) { try Self.session(String(repeating: "s", count: 61), day: 0) }
        #expect(throws: Never.self) { try Self.session(String(repeating: "s", count: 60), day: 0) }
        #expect(throws: TrainingError.minutesOutOfRange(0)) { try Self.session("sit", day: 0, minutes: 0) }
        #expect(throws: TrainingError.minutesOutOfRange(481)) { try Self.session("sit", day: 0, minutes: 481) }
        #expect(throws: TrainingError.scoreOutOfRange(6)) { try Self.session("sit", day: 0, score: 6) }
        #expect(throws: TrainingError.scoreOutOfRange(0)) { try Self.session("sit", day: 0, score: 0) }
        #expect(throws: TrainingError.self) { try Self.session("si\u{1B}t", day: 0) }
    }

    @Test("restore refuses a stored session that breaks the rules")
    func validate() {
        let bad = TrainingSession(stored: TrainingSession.ID(), skill: "sit", at: Self.t0, minutes: nil, score: 9)
        #expect(throws: RecordRejection.self) { try TrainingRecords.validate(bad) }
        let empty = TrainingSession(stored: TrainingSession.ID(), skill: "", at: Self.t0, minutes: nil, score: nil)
        #expect(throws: RecordRejection.self) { try TrainingRecords.validate(empty) }
    }

    @Test("the trend compares the latest scores (half, at most three) with as many before",
          arguments: [
              ([Int](), SkillProgress.Trend.unknown),
              ([3], .unknown),
              ([2, 4], .improving),
              ([4, 2], .declining),
              ([3, 3], .steady),
              ([1, 5, 3], .declining),        // the latest one (3) against the one before it (5)
              ([1, 1, 1, 5, 5, 5, 1, 1, 1], .declining),
              ([5, 5, 5, 1, 1, 1, 5, 5, 5], .improving),
          ])
    func trend(scores: [Int], expected: SkillProgress.Trend) {
        #expect(TrainingProgress.trend(of: scores) == expected)
    }

    @Test("skills group their sessions whatever the case, named as last written, sorted by name")
    func skills() throws {
        let sessions = try [
            Self.session("Sit", day: 0, minutes: 5, score: 2),
            Self.session("down", day: 1, minutes: 10),
            Self.session("sit", day: 2, score: 4),
            Self.session("SIT", day: 3, minutes: 7),
        ]
        let skills = TrainingProgress.skills(sessions.shuffled())
        #expect(skills.map(\.skill) == ["down", "SIT"])
        let sit = try #require(skills.last)
        #expect(sit.sessions == 3 && sit.minutes == 12)
        #expect(sit.lastTrained == sessions[3].at)
        #expect(sit.lastScore == 4 && sit.bestScore == 4 && sit.trend == .improving)
        let down = try #require(skills.first)
        #expect(down.lastScore == nil && down.bestScore == nil && down.trend == .unknown)
    }
}
