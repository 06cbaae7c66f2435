import Foundation

/// How socialization is going: per category, what the puppy met in its socialization window
/// (the first weeks of its life, 16 by default: `NudgeRules.socializationWindowWeeks`) and how
/// it reacted, and how much of the window is left.
public struct SocializationProgress: Sendable, Equatable {
    /// One category's part.
    public struct Category: Sendable, Equatable {
        /// The category.
        public let category: SocializationCategory
        /// Exposures in the window (all of them, without a dog profile).
        public let inWindow: Int
        /// Exposures in all.
        public let total: Int
        /// The mean reaction over all exposures, 1 to 5, when there were any.
        public let meanReaction: Double?
        /// The latest exposure's reaction.
        public let lastReaction: Int?
    }

    /// The window's days (from the birth date, for `weeks` weeks), when the dog profile is known.
    public let window: ClosedRange<LocalDay>?
    /// The days left of the window, today included; 0 once it has passed; `nil` without a profile.
    public let daysLeft: Int?
    /// Every category, in their order, tried or not.
    public let categories: [Category]

    /// The categories the puppy has not met anything of in its window yet.
    public var untried: [SocializationCategory] { categories.filter { $0.inWindow == 0 }.map(\.category) }

    /// The progress of `exposures` for a dog born `birthDate` (none: no window), on `today`, with
    /// a window of `weeks` weeks, exposures counted by their local day in `calendar`.
    public static func of(_ exposures: [SocializationExposure], birthDate: LocalDay?, weeks: Int,
                          today: LocalDay, calendar: Calendar) -> SocializationProgress {
        let window = birthDate.map { $0...$0.adding(days: weeks * 7 - 1) }
        let daysLeft = window.map { max(0, today.days(until: $0.upperBound) + 1) }
        let ordered = exposures.sorted(by: SocializationRecords.precedes)
        let categories = SocializationCategory.allCases.map { category in
            let mine = ordered.filter { $0.category == category }
            let inWindow = window.map { range in mine.filter { range.contains(LocalDay($0.at, in: calendar)) }.count }
            return Category(category: category, inWindow: inWindow ?? mine.count, total: mine.count,
                            meanReaction: mine.isEmpty ? nil : Double(mine.map(\.reaction).reduce(0, +)) / Double(mine.count),
                            lastReaction: mine.last?.reaction)
        }
        return SocializationProgress(window: window, daysLeft: daysLeft, categories: categories)
    }
}
