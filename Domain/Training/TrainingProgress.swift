import Foundation

/// Where one skill stands: how often it was trained, its last and best score, and which way
/// its scores go.
public struct SkillProgress: Sendable, Equatable {
    /// Which way a skill's scores go.
    public enum Trend: String, Sendable, Codable {
        /// The recent scores are higher than the ones before.
        case improving
        /// The recent scores are as high as the ones before.
        case steady
        /// The recent scores are lower than the ones before.
        case declining
        /// Fewer than two scored sessions: no trend yet.
        case unknown
    }

    /// The skill, as named in its latest session.
    public let skill: String
    /// How many sessions.
    public let sessions: Int
    /// Their minutes, added up (sessions without minutes count none).
    public let minutes: Int
    /// When it was last trained.
    public let lastTrained: Date
    /// The latest session's score, if it had one; else the latest score given.
    public let lastScore: Int?
    /// The best score given.
    public let bestScore: Int?
    /// Which way the scores go (``TrainingProgress/trend(of:)``).
    public let trend: Trend
}

/// The rules of training progress: sessions grouped by skill (whatever its case), and a skill's
/// trend.
public enum TrainingProgress {
    /// How many of the latest scored sessions are compared with as many before them, at most.
    public static let trendWindow = 3

    /// Every skill of `sessions`, by name (case-insensitively), with its progress.
    public static func skills(_ sessions: [TrainingSession]) -> [SkillProgress] {
        Dictionary(grouping: sessions, by: \.skillKey).map { _, group in
            let ordered = group.sorted { TrainingRecords.precedes($0, $1) }
            let scores = ordered.compactMap(\.score)
            return SkillProgress(skill: ordered.last!.skill, sessions: ordered.count,
                                 minutes: ordered.compactMap(\.minutes).reduce(0, +),
                                 lastTrained: ordered.last!.at, lastScore: scores.last,
                                 bestScore: scores.max(), trend: trend(of: scores))
        }
        .sorted { ($0.skill.lowercased(), $0.skill) < ($1.skill.lowercased(), $1.skill) }
    }

    /// The trend of `scores`, oldest first: the mean of the latest ones (half of them, at most
    /// ``trendWindow``) against the mean of as many before them; unknown with fewer than two.
    public static func trend(of scores: [Int]) -> SkillProgress.Trend {
        let count = min(trendWindow, scores.count / 2)
        guard count > 0 else { return .unknown }
        let recent = scores.suffix(count).reduce(0, +)
        let before = scores.dropLast(count).suffix(count).reduce(0, +)
        return recent > before ? .improving : recent < before ? .declining : .steady
    }
}
