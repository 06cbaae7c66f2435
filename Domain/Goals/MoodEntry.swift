import Foundation

/// How the person felt on a day, 1 (low) to 5 (great). One per day.
public struct MoodEntry: Sendable, Equatable, Codable {
    public let day: LocalDay
    public let score: Int
    public let note: String?

    public static let scores = 1...5

    /// Refuses a score outside ``scores``.
    public static func checkScore(_ score: Int) throws(GoalError) {
        guard scores.contains(score) else { throw .invalidMoodScore(score) }
    }

    public init(day: LocalDay, score: Int, note: String? = nil) throws(GoalError) {
        try Self.checkScore(score)
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (trimmed?.count ?? 0) <= 1000 else { throw .noteTooLong(trimmed?.count ?? 0) }
        do { try PlainText.check(trimmed, .note) } catch { throw .controlCharacter(error) }
        self.init(storedDay: day, score: score, note: (trimmed?.isEmpty ?? true) ? nil : trimmed)
    }

    /// An entry as stored, without validation.
    public init(storedDay day: LocalDay, score: Int, note: String?) {
        self.day = day
        self.score = score
        self.note = note
    }
}

/// What the tips service may know about the person.
public struct UserContext: Sendable, Equatable {
    /// Mood entries of the last 30 days, oldest first.
    public let moods: [MoodEntry]
    /// Journals of the last 30 days, oldest first.
    public let journals: [DailyJournal]
    /// The person's other goals.
    public let otherGoals: [Goal]
    /// The language the tips should be in (`en`, `nl`), when the person's client said so;
    /// `nil` leaves it to the service's own setting.
    public let language: String?

    public init(moods: [MoodEntry], journals: [DailyJournal], otherGoals: [Goal], language: String? = nil) {
        self.moods = moods
        self.journals = journals
        self.otherGoals = otherGoals
        self.language = language
    }

    /// The average mood score, or `nil` without entries.
    public var averageMood: Double? {
        moods.isEmpty ? nil : Double(moods.map(\.score).reduce(0, +)) / Double(moods.count)
    }

    /// On how many of the journals `tag` was set.
    public func days(with tag: JournalTag) -> Int {
        journals.filter { $0.contains(tag) }.count
    }
}
