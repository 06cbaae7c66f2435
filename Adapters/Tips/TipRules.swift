import Foundation
import WellnessDomain

/// The stub's texts and triggers.
enum TipRules {
    /// Every text the rules write, in one language.
    struct Texts {
        let keywords: [(category: TipCategory, words: [String])]
        let goalTips: [TipCategory: [String]]
        let lowMood: String
        let startLogging: String
        let tooManyGoals: String
        /// One per entry of ``TipRules/journalRules``, in its order.
        let journal: [String]
        /// One per entry of ``TipRules/fillers``, in its order.
        let fillers: [String]
        /// How numbers are written (`2.3` or `2,3`).
        let numbers: Locale
    }

    static let english = Texts(keywords: keywords, goalTips: goalTips, lowMood: lowMood, startLogging: startLogging,
                               tooManyGoals: tooManyGoals, journal: journalRules.map(\.text), fillers: fillers.map(\.text),
                               numbers: Locale(identifier: "en_US_POSIX"))

    /// Dutch texts; a Dutch goal may still use English words ("gym", "workout"), so both
    /// languages' keywords count.
    static let dutch = Texts(
        keywords: zip(DutchTipTexts.keywords, keywords).map { dutch, english in
            (dutch.category, dutch.words + english.words)
        },
        goalTips: DutchTipTexts.goalTips, lowMood: DutchTipTexts.lowMood, startLogging: DutchTipTexts.startLogging,
        tooManyGoals: DutchTipTexts.tooManyGoals, journal: DutchTipTexts.journalTexts, fillers: DutchTipTexts.fillers,
        numbers: Locale(identifier: "nl_NL"))

    /// The texts for a language code (`en`, `nl`); English for any other.
    static func texts(for language: String) -> Texts {
        language.lowercased().hasPrefix("nl") ? dutch : english
    }

    /// Goal-text keywords per category, in the order categories are considered.
    static let keywords: [(category: TipCategory, words: [String])] = [
        (.exercise, ["exercise", "run", "gym", "workout", "walk", "fit", "train", "cardio", "strength", "steps", "swim",
                     "bike", "cycl", "yoga", "sport"]),
        (.nutrition, ["eat", "diet", "food", "nutrition", "weight", "meal", "sugar", "protein", "vegetable", "cook",
                      "snack", "drink water", "hydrat"]),
        (.sleep, ["sleep", "bed", "rest", "tired", "insomnia", "nap", "wake"]),
        (.mindset, ["stress", "anxi", "calm", "mind", "mood", "happ", "meditat", "focus", "confiden", "grateful"]),
        (.habit, ["habit", "daily", "every day", "routine", "consisten", "streak", "per week", "a week", "times", "3x"]),
    ]

    static let goalTips: [TipCategory: [String]] = [
        .exercise: ["Schedule your sessions like appointments: pick the days and times now and put them in your calendar.",
                    "Start with 10–15 minutes; a short session you do beats a long one you skip.",
                    "Lay out your gear the evening before so starting takes no decision."],
        .nutrition: ["Build each meal around a palm-sized portion of protein and half a plate of vegetables.",
                     "Keep a glass of water within reach; thirst is often mistaken for hunger.",
                     "Plan tomorrow's meals tonight so the easy choice is also the good one."],
        .sleep: ["Keep the same wake-up time every day, weekends included; it anchors your body clock.",
                 "Dim the lights and put screens away an hour before bed.",
                 "Keep the bedroom cool (17–19 °C), dark and quiet."],
        .mindset: ["Write down one thing that went well each evening; small wins add up.",
                   "When stress builds, take six slow breaths with a longer out-breath than in-breath.",
                   "Be kind to yourself on off days: missing once is a pause, not a failure."],
        .habit: ["Tie the new habit to something you already do every day (after coffee, before lunch).",
                 "Track each day you do it; a visible streak is motivating.",
                 "Make it small enough that you can do it even on your worst day."],
    ]

    static let lowMood = "Your mood has averaged %.1f out of 5 lately. Go easy on yourself: aim for the smallest version of this goal, and talk to someone you trust."
    static let startLogging = "Log your mood and a few journal tags each day for a week; your tips will get more personal as your history grows."
    static let tooManyGoals = "You have %d goals. Pick the one that matters most this month and let it lead; the others can wait."

    static let journalRules: [(tag: JournalTag, minimumDays: Int, text: String, category: TipCategory, priority: TipPriority)] = [
        (.poorSleep, 2, "You noted poor sleep on %d days. Protect your sleep first: a fixed bedtime makes every other goal easier.",
         .sleep, .high),
        (.stress, 2, "Stress came up on %d days. Plan a 10-minute break in your busiest days; it keeps this goal doable.",
         .mindset, .high),
        (.alcohol, 2, "Alcohol showed up on %d days. Alcohol fragments sleep and saps next-day energy; try alcohol-free weekdays.",
         .nutrition, .medium),
        (.lateEating, 2, "You ate late on %d days. Finishing dinner 3 hours before bed helps sleep and digestion.",
         .nutrition, .medium),
        (.caffeine, 2, "Caffeine after 2 pm on %d days. Moving your last coffee to lunchtime protects deep sleep.",
         .sleep, .medium),
        (.exercise, 3, "You exercised on %d days recently. Keep the momentum: same time, same place makes it automatic.",
         .habit, .low),
    ]

    static let fillers: [RuleBasedGoalTipsService.Draft] = [
        .init(text: "Break the goal into one small step you can take today, and do it before noon.", category: .general,
              priority: .medium),
        .init(text: "Tell someone about your goal; saying it out loud makes you more likely to follow through.",
              category: .general, priority: .low),
        .init(text: "Review your progress every Sunday and adjust the plan for the week ahead.", category: .habit,
              priority: .low),
    ]
}
