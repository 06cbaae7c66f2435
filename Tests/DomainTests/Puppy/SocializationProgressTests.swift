import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Socialization: exposures and progress over the window")
struct SocializationProgressTests {
    static let calendar = Fixtures.calendar("Europe/Amsterdam")

    static func exposure(_ category: SocializationCategory, _ local: String, reaction: Int = 4) throws
        -> SocializationExposure {
        try SocializationExposure(what: "something", category: category, reaction: reaction, at: Fixtures.instant(local))
    }

    @Test("an exposure keeps trimmed text and refuses what breaks the rules, naming it")
    func rules() throws {
        let at = Fixtures.instant("2026-01-05T08:00:00Z")
        #expect(try SocializationExposure(what: " a man with a hat ", category: .people, reaction: 3, at: at).what
                == "a man with a hat")
        #expect(throws: SocializationError.reactionOutOfRange(6)) {
            try SocializationExposure(what: "x", category: .people, reaction: 6, at: at)
        }
        #expect(throws: SocializationError.reactionOutOfRange(0)) {
            try SocializationExposure(what: "x", category: .people, reaction: 0, at: at)
        }
        #expect(throws: SocializationError.emptyDescription) {
            try SocializationExposure(what: " \n ", category: .people, reaction: 3, at: at)
        }
        #expect(throws: SocializationError.descriptionTooLong(201)) {
            try SocializationExposure(what: String(repeating: "x", count: 201), category: .people, reaction: 3, at: at)
        }
        #expect(throws: SocializationError.self) {
            try SocializationExposure(what: "bell\u{07}", category: .sounds, reaction: 3, at: at)
        }
        let stored = SocializationExposure(stored: SocializationExposure.ID(), what: "x", category: .places,
                                           reaction: 7, at: at)
        #expect(throws: RecordRejection.self) { try SocializationRecords.validate(stored) }
    }

    @Test("a category parses case-insensitively; an unknown one is refused, naming it and the valid ones")
    func category() throws {
        #expect(try SocializationCategory.parse(" Sounds") == .sounds)
        #expect(throws: InvalidValue(kind: .socializationCategory, value: "cars",
                                     valid: ["people", "animals", "places", "sounds", "surfaces", "handling"])) {
            try SocializationCategory.parse("cars")
        }
    }

    @Test("the window runs 16 weeks from the birth date; exposures in it count per category, every one in the totals")
    func progress() throws {
        let born = try #require(LocalDay("2026-01-01"))
        let exposures = try [
            Self.exposure(.people, "2026-01-10T10:00:00+01:00", reaction: 2),
            Self.exposure(.people, "2026-04-22T23:30:00+02:00", reaction: 4),   // the window's last day, late evening
            Self.exposure(.people, "2026-04-23T00:30:00+02:00", reaction: 5),   // the day after
            Self.exposure(.sounds, "2026-02-01T12:00:00+01:00", reaction: 3),
        ]
        let today = try #require(LocalDay("2026-04-20"))
        let progress = SocializationProgress.of(exposures.shuffled(), birthDate: born, weeks: 16, today: today,
                                                calendar: Self.calendar)
        #expect(progress.window == born...(try #require(LocalDay("2026-04-22"))))
        #expect(progress.daysLeft == 3)
        #expect(progress.categories.map(\.category) == SocializationCategory.allCases)
        let people = progress.categories[0]
        #expect(people.inWindow == 2 && people.total == 3)
        #expect(people.meanReaction == 11.0 / 3 && people.lastReaction == 5)
        #expect(progress.untried == [.animals, .places, .surfaces, .handling])

        let after = SocializationProgress.of(exposures, birthDate: born, weeks: 16,
                                             today: try #require(LocalDay("2026-04-23")), calendar: Self.calendar)
        #expect(after.daysLeft == 0)
    }

    @Test("without a birth date there is no window and every exposure counts")
    func noProfile() throws {
        let progress = SocializationProgress.of([try Self.exposure(.handling, "2026-01-10T10:00:00+01:00")], birthDate: nil,
                                                weeks: 16, today: try #require(LocalDay("2026-04-20")), calendar: Self.calendar)
        #expect(progress.window == nil && progress.daysLeft == nil)
        #expect(progress.categories.last?.inWindow == 1)
        #expect(progress.categories.first?.meanReaction == nil)
    }
}
